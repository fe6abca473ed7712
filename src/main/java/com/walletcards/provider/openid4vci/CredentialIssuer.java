package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.nimbusds.jose.jwk.ECKey;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.DeliveryReports;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.shared.Ids;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The credential endpoint (OpenID4VCI 1.0 §8): one SD-JWT VC of the card's current content per key
 * proof. The HTTP layer only maps requests and {@link Openid4vciError}s.
 */
final class CredentialIssuer {

    private static final Logger log = LoggerFactory.getLogger(CredentialIssuer.class);

    /** OpenID4VCI 1.0 §8.3: the credentials of one response, under one notification id. */
    record CredentialResponse(
            List<IssuedCredential> credentials,
            @JsonProperty("notification_id") String notificationId) {}

    record IssuedCredential(String credential) {}

    private final KeyProofs proofs;
    private final SdJwtCredentials sdJwts;
    private final StatusLists statusLists;
    private final CampaignTypes campaignTypes;
    private final CredentialQueries credentials;
    private final ObjectContents contents;
    private final ObjectEvents events;
    private final DeliveryReports deliveries;
    private final Clock clock;

    CredentialIssuer(
            KeyProofs proofs,
            SdJwtCredentials sdJwts,
            StatusLists statusLists,
            CampaignTypes campaignTypes,
            CredentialQueries credentials,
            ObjectContents contents,
            ObjectEvents events,
            DeliveryReports deliveries,
            Clock clock) {
        this.deliveries = deliveries;
        this.proofs = proofs;
        this.sdJwts = sdJwts;
        this.statusLists = statusLists;
        this.campaignTypes = campaignTypes;
        this.credentials = credentials;
        this.contents = contents;
        this.events = events;
        this.clock = clock;
    }

    /**
     * Verifies the request's proofs and issues one SD-JWT VC of the card's current content per
     * proof, each bound to its proof's key and with its own status entry, under one notification
     * id (OpenID4VCI 1.0 batch issuance). Every proof is checked before anything is written, so a
     * bad one refuses the whole request. {@code request} is the parsed JSON body.
     */
    CredentialResponse credential(Holder holder, Map<String, Object> request) {
        if (!(request.get("credential_configuration_id") instanceof String configurationId)) {
            throw Openid4vciError.badRequest("invalid_credential_request", "credential_configuration_id is required");
        }
        var requested = CredentialTypes.requested(configurationId)
                .orElseThrow(() -> Openid4vciError.badRequest(
                        "unknown_credential_configuration", "Unknown credential_configuration_id"));
        List<ECKey> holderKeys = proofs.holderKeys(request);

        // The card's content is read once for the whole batch: every credential carries the same.
        var current = contents.find(ProviderName.eudiw, holder.objectRef()).orElse(null);
        if (current == null || current.state() != ObjectContents.State.LIVE || current.content() == null) {
            throw new Openid4vciError(403, "credential_request_denied", "This card can no longer be issued");
        }
        CardContent content = current.content();
        var type = requested.type();
        if (!CredentialTypes.forCampaignType(content.campaignType()).equals(type)
                || requested.typeKey() != null
                        && !requested.typeKey().equals(campaignTypes.typeKey(content.campaignId()))) {
            throw Openid4vciError.badRequest(
                    "unknown_credential_configuration", "This token was not offered " + configurationId);
        }
        Instant now = Times.now(clock);
        String notificationId = Ids.newId("ntf");
        var entries = statusLists.allocate(notificationId, holder, content.version(), now, holderKeys.size());
        String typeKey = campaignTypes.publish(type, content, now);
        // The credential's vct is the requested configuration's (ADR 0027): the campaign's own type
        // when its configuration was offered, the generic type when a wallet asks for that one.
        String vct = requested.typeKey() != null ? type.vct(sdJwts.issuer(), typeKey) : type.vct(sdJwts.issuer());
        List<IssuedCredential> issued = new ArrayList<>();
        for (int i = 0; i < holderKeys.size(); i++) {
            // Each credential gets its own disclosure salts as well as its own key and status
            // entry, so no value in one links it to another of the batch.
            issued.add(new IssuedCredential(sdJwts.issue(vct, content, holderKeys.get(i), entries.get(i), now)));
        }
        // A card that still holds another credential of this object was reported installed with that
        // one (and not removed since): a re-issuance skips the card's locking transaction.
        CredentialQueries.Held held =
                credentials.otherCredentialsHeld(holder.objectRef(), notificationId, content.version());
        if (!held.any()) {
            try {
                events.report(new ObjectEvent(
                        ProviderName.eudiw, holder.objectRef(), notificationId, ObjectEvent.Kind.INSTALLED, now));
            } catch (NotFound e) {
                log.warn("Issued a credential for object {} that the card module does not know", holder.objectRef());
            }
        }
        if (!held.current()) {
            // New content reaches this wallet by a re-issuance (the protocol has no push); a wallet
            // that holds this version already learns nothing new, and costs no statement more.
            deliveries.fetched(ProviderName.eudiw, holder.objectRef(), content.version());
        }
        return new CredentialResponse(issued, notificationId);
    }
}
