package com.walletcards.recipient.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.walletcards.card.CardStatus;
import com.walletcards.card.CardView;
import com.walletcards.recipient.Recipient;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A recipient as the API shows it; history, cards and downloadUrls only when asked for. */
@Schema(name = "Recipient")
record RecipientView(
        String id,
        String campaignId,
        String email,
        @Nullable String name,
        @Nullable String phone,
        @Nullable String externalId,

        @Schema(implementation = RecipientDataDocument.class)
        Map<String, Object> recipientData,

        @Nullable List<String> providerTypes,

        @Schema(
                pattern = "^(en|de)$",
                types = {"string", "null"},
                description = "The recipient's own language, en or de; null: the organization's defaultLocale")
        @Nullable
        String locale,

        @Schema(implementation = CardStatus.class) String status,
        @Nullable String walletCardId,
        @Nullable String walletCardStatus,
        Instant createdAt,
        Instant updatedAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable List<History> history,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable List<Card> cards,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable List<DownloadUrl> downloadUrls) {

    @Schema(name = "RecipientHistoryEntry")
    record History(String status, Instant at, @Nullable String reason) {}

    @Schema(name = "RecipientCard")
    record Card(String walletCardId, String status, List<Provider> providers) {}

    @Schema(name = "RecipientCardProvider")
    record Provider(String provider, String status, Instant updatedAt) {}

    @Schema(name = "DownloadUrl")
    record DownloadUrl(String provider, String url) {}

    static RecipientView of(Recipient r) {
        return new RecipientView(
                r.id(),
                r.campaignId(),
                r.email(),
                r.name(),
                r.phone(),
                r.externalId(),
                r.recipientData(),
                r.providerTypes(),
                r.locale() == null ? null : r.locale().getLanguage(),
                r.status().name(),
                r.walletCardId(),
                r.walletCardStatus() == null ? null : r.walletCardStatus().name(),
                r.createdAt(),
                r.updatedAt(),
                null,
                null,
                null);
    }

    RecipientView with(@Nullable List<History> h, @Nullable CardView card, boolean cards, boolean urls) {
        List<Card> cardList = null;
        List<DownloadUrl> urlList = null;
        if (cards) {
            cardList = card == null
                    ? List.of()
                    : List.of(new Card(
                            card.walletCardId(),
                            card.status().name(),
                            card.providers().stream()
                                    .map(p -> new Provider(p.provider(), p.status(), p.updatedAt()))
                                    .toList()));
        }
        if (urls) {
            urlList = new ArrayList<>();
            if (card != null) {
                urlList.add(new DownloadUrl("all", card.downloadUrl()));
                for (CardView.ProviderState p : card.providers()) {
                    urlList.add(new DownloadUrl(p.provider(), p.downloadUrl()));
                }
            }
        }
        return new RecipientView(
                id,
                campaignId,
                email,
                name,
                phone,
                externalId,
                recipientData,
                providerTypes,
                locale,
                status,
                walletCardId,
                walletCardStatus,
                createdAt,
                updatedAt,
                h,
                cardList,
                urlList);
    }
}
