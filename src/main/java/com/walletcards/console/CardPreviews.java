package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignImage;
import com.walletcards.campaign.CampaignImages;
import com.walletcards.campaign.CardColours;
import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.CardPreview;
import com.walletcards.card.spi.HolderContent;
import com.walletcards.console.view.DesignPreviews;
import com.walletcards.console.view.DesignPreviews.Contrast;
import com.walletcards.console.view.DesignPreviews.HolderPreview;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.ProviderName;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The previews of a campaign's card with a design that may not be saved yet: the card content the
 * wallets would get (the campaign's own, with the design replaced and the first recipient as the
 * holder), rendered by each provider's own preview, and the card page's colours from
 * {@link CardColours}, the code the card page itself uses.
 */
@Component
class CardPreviews {

    /** The holder shown while a campaign has no recipient; the page says it is a sample. */
    static final String SAMPLE_NAME = "Alex Example";

    /** Form fields are named by their path in the API's PATCH body. */
    static final String PREFIX = "campaignData.design.";

    private static final java.util.regex.Pattern HEX = java.util.regex.Pattern.compile("#[0-9A-Fa-f]{6}");

    /** The background the previews give a Google card without a colour of its own. */
    static final String GOOGLE_DEFAULT = "#3C4043";

    static final List<String> FIELDS =
            List.of("backgroundColor", "foregroundColor", "labelColor", "logoText", "description");

    private final CardContentSource contents;
    private final RecipientReads recipients;
    private final CampaignImages images;
    private final Map<ProviderName, CardPreview.Renderer> renderers = new EnumMap<>(ProviderName.class);

    CardPreviews(
            CardContentSource contents,
            RecipientReads recipients,
            CampaignImages images,
            List<CardPreview.Renderer> renderers) {
        this.contents = contents;
        this.recipients = recipients;
        this.images = images;
        renderers.forEach(r -> this.renderers.put(r.provider(), r));
    }

    /**
     * The design's values: the form's where it sent a field (blank clears it), the saved design's
     * where it did not, so a page without script shows the saved design.
     */
    static Map<String, String> design(Campaign campaign, Map<String, String> form) {
        Map<String, String> values = new HashMap<>();
        Map<String, Object> saved =
                campaign.campaignData().get("design") instanceof Map<?, ?> m ? stringKeys(m) : Map.of();
        for (String field : FIELDS) {
            String sent = form.get(PREFIX + field);
            // A colour half typed ("#FFFFF") is not a colour yet: the preview keeps the saved one.
            if (sent != null
                    && field.endsWith("Color")
                    && !sent.isBlank()
                    && !HEX.matcher(sent.strip()).matches()) {
                sent = null;
            }
            Object value = sent != null ? sent.strip() : saved.get(field);
            values.put(field, value instanceof String s ? s : "");
        }
        return values;
    }

    DesignPreviews render(OrganizationId org, Campaign campaign, Map<String, String> designValues) {
        Map<String, Object> design = new HashMap<>();
        designValues.forEach((key, value) -> {
            if (!value.isBlank()) {
                design.put(key, value);
            }
        });
        CampaignContent saved =
                contents.campaignContent(org, campaign.id().value()).orElseThrow(() -> new NotFound("Campaign"));
        Map<String, Object> data = new HashMap<>(saved.data());
        data.put("design", design);
        // Same-origin paths, as on the card page: the console's policy loads images only from itself.
        Map<CardDesign.ImageKind, String> urls = new EnumMap<>(CardDesign.ImageKind.class);
        for (CampaignImage image : images.list(org, campaign.id())) {
            urls.put(CardDesign.ImageKind.valueOf(image.kind().name()), CampaignImage.path(image.sha256()));
        }
        CardDesign cardDesign = CardDesign.of(data, urls);
        CampaignContent campaignPart = new CampaignContent(
                saved.campaignId(),
                saved.organizationName(),
                saved.name(),
                saved.type(),
                data,
                saved.barcodeType(),
                saved.timezone(),
                saved.startDate(),
                saved.endDate(),
                saved.eventStartsAt(),
                saved.eventEndsAt(),
                cardDesign,
                saved.version());
        HolderContent holder = firstRecipient(org, campaign.id());
        boolean sample = holder == null;
        if (holder == null) {
            holder = new HolderContent("sample", SAMPLE_NAME, "alex@example.com", Map.of(), null, 0);
        }
        CardContent content = new CardContent(campaignPart, holder);
        if (content.barcodeValue() == null && !"none".equals(content.barcodeType())) {
            // A card gets its value when it is made; the preview shows where the code goes.
            content = content.withBarcodeValue("0000 0000 0000");
        }
        com.walletcards.campaign.CardDesign chosen = new com.walletcards.campaign.CardDesign(
                cardDesign.backgroundColor(),
                cardDesign.foregroundColor(),
                cardDesign.labelColor(),
                cardDesign.logoText(),
                cardDesign.description());
        CardColours colours = CardColours.of(chosen);
        Contrast contrast = new Contrast(
                chosen.foregroundColor() != null && !chosen.foregroundColor().equals(colours.foreground()),
                chosen.labelColor() != null && !chosen.labelColor().equals(colours.label()),
                CardColours.contrast(
                        colours.background(),
                        chosen.foregroundColor() != null ? chosen.foregroundColor() : colours.foreground()));
        HolderPreview holderPage = new HolderPreview(
                colours,
                campaign.name(),
                saved.organizationName(),
                content.recipientName() != null ? content.recipientName() : content.email(),
                cardDesign.description(),
                urls.get(CardDesign.ImageKind.logo),
                cardDesign.logoText(),
                urls.get(CardDesign.ImageKind.strip));
        CardPreview google = renderers.get(ProviderName.beta).preview(content);
        return new DesignPreviews(
                renderers.get(ProviderName.alpha).preview(content),
                google,
                CardColours.of(new com.walletcards.campaign.CardDesign(
                                google.backgroundColor() != null ? google.backgroundColor() : GOOGLE_DEFAULT,
                                null,
                                null,
                                null,
                                null))
                        .foreground(),
                renderers.get(ProviderName.eudiw).preview(content),
                holderPage,
                contrast,
                sample,
                designValues);
    }

    private @Nullable HolderContent firstRecipient(OrganizationId org, CampaignId campaign) {
        List<Recipient> first =
                recipients.list(org, campaign, null, null, new Page(1, 0)).recipients();
        if (first.isEmpty()) {
            return null;
        }
        CardContent content = contents.contents(org, List.of(first.get(0).id()))
                .get(first.get(0).id());
        return content == null ? null : content.holder();
    }

    private static Map<String, Object> stringKeys(Map<?, ?> map) {
        Map<String, Object> result = new HashMap<>();
        map.forEach((k, v) -> result.put(String.valueOf(k), v));
        return result;
    }
}
