package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** Credential offers: a single-use pre-authorized code per offer, and the offer document behind its link. */
final class CredentialOffers {

    static final Duration OFFER_LIFETIME = Duration.ofMinutes(10);

    /** OpenID4VCI 1.0 §4.1.1: the credential offer. */
    record CredentialOffer(
            @JsonProperty("credential_issuer") String credentialIssuer,
            @JsonProperty("credential_configuration_ids") List<String> credentialConfigurationIds,
            Grants grants) {}

    record Grants(@JsonProperty(Tokens.PRE_AUTHORIZED_GRANT) PreAuthorizedCode preAuthorizedCode) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record PreAuthorizedCode(
            @JsonProperty("pre-authorized_code") String code,
            @JsonProperty("tx_code") TxCodes.@Nullable OfferDescription txCode) {}

    private final String issuer;
    private final OfferQueries offers;
    private final TxCodeChecks txCodes;
    private final CampaignTypes campaignTypes;
    private final ObjectContents contents;
    private final Clock clock;

    CredentialOffers(
            String issuer,
            OfferQueries offers,
            TxCodeChecks txCodes,
            CampaignTypes campaignTypes,
            ObjectContents contents,
            Clock clock) {
        this.issuer = issuer;
        this.offers = offers;
        this.txCodes = txCodes;
        this.campaignTypes = campaignTypes;
        this.contents = contents;
        this.clock = clock;
    }

    /** A fresh single-use pre-authorized code for the object, and the offer that carries it. */
    AddToWallet.Offer offer(String objectRef, String walletCardId) {
        String code = Secrets.random();
        Instant now = Times.now(clock);
        offers.saveOffer(code, new Holder(objectRef, walletCardId), now, now.plus(OFFER_LIFETIME));
        String offerUri = issuer + "/wallet/eudiw/offers/" + code;
        String link = "openid-credential-offer://?credential_offer_uri="
                + URLEncoder.encode(offerUri, StandardCharsets.UTF_8);
        return new AddToWallet.Offer(link, link);
    }

    /** The offer JSON behind a credential_offer_uri, while its code can still be redeemed. */
    Optional<CredentialOffer> document(String code) {
        if (code.length() > 100) {
            return Optional.empty();
        }
        var holder = offers.openOffer(code, Times.now(clock)).orElse(null);
        if (holder == null) {
            return Optional.empty();
        }
        var current = contents.find(ProviderName.eudiw, holder.objectRef()).orElse(null);
        if (current == null || current.state() != ObjectContents.State.LIVE || current.content() == null) {
            return Optional.empty();
        }
        var type = CredentialTypes.forCampaignType(current.content().campaignType());
        // The campaign's own configuration, recorded before the wallet reads the issuer metadata.
        String typeKey = campaignTypes.publish(type, current.content(), Times.now(clock));
        return Optional.of(new CredentialOffer(
                issuer,
                List.of(type.configurationId(typeKey)),
                new Grants(new PreAuthorizedCode(code, txCodes.isRequired() ? TxCodes.OFFER_DESCRIPTION : null))));
    }
}
