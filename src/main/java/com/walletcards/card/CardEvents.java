package com.walletcards.card;

import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What happened to cards. Status changes are internal; the rest are also webhook events. */
public final class CardEvents {

    private CardEvents() {}

    /** Every event of the card module; the aggregate returns these from its transitions. */
    public sealed interface CardEvent {
        String walletCardId();
    }

    /** The card's derived status changed; the recipient module mirrors it. */
    public record CardStatusChanged(
            OrganizationId organizationId,
            String walletCardId,
            String recipientId,
            String campaignId,
            CardStatus from,
            CardStatus to,
            Instant at)
            implements CardEvent {}

    public record CardCreated(
            OrganizationId organizationId, String walletCardId, String recipientId, String campaignId, Instant at)
            implements ExternalEvent, CardEvent {
        @Override
        public String type() {
            return "card.created";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of("walletCardId", walletCardId, "recipientId", recipientId, "campaignId", campaignId);
        }
    }

    /** One provider object was added to a wallet ({@code SAVE}/{@code INSTALL}). */
    public record CardInstalled(
            OrganizationId organizationId,
            String walletCardId,
            String recipientId,
            String campaignId,
            String provider,
            Instant at)
            implements ExternalEvent, CardEvent {
        @Override
        public String type() {
            return "card.installed";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of(
                    "walletCardId",
                    walletCardId,
                    "recipientId",
                    recipientId,
                    "campaignId",
                    campaignId,
                    "provider",
                    provider);
        }
    }

    /** One provider object was removed from a wallet ({@code DELETE}/{@code UNINSTALL}). */
    public record CardRemoved(
            OrganizationId organizationId,
            String walletCardId,
            String recipientId,
            String campaignId,
            String provider,
            Instant at)
            implements ExternalEvent, CardEvent {
        @Override
        public String type() {
            return "card.removed";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of(
                    "walletCardId",
                    walletCardId,
                    "recipientId",
                    recipientId,
                    "campaignId",
                    campaignId,
                    "provider",
                    provider);
        }
    }

    /**
     * The provider's {@code /c/<code>/<provider>} answered its pass, its save redirect, its offer or
     * its demonstration wallet: the card was handed over to that wallet. Published outside any
     * transaction; its listeners must neither slow nor fail the holder's request. A webhook
     * {@code card.opened} naming the provider.
     */
    public record CardHandedOver(
            OrganizationId organizationId,
            String walletCardId,
            String recipientId,
            String campaignId,
            String provider,
            String device,
            Instant at)
            implements ExternalEvent, CardEvent {
        @Override
        public String type() {
            return "card.opened";
        }

        @Override
        public Map<String, Object> data() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("walletCardId", walletCardId);
            data.put("recipientId", recipientId);
            data.put("campaignId", campaignId);
            data.put("provider", provider);
            return data;
        }
    }

    /**
     * A device registered for updates of the card's object at {@code provider} ({@code registered})
     * or unregistered: one per Apple device. Not a webhook event; the card's own install and removal
     * are {@link CardInstalled} and {@link CardRemoved}.
     */
    public record CardDeviceRegistration(
            OrganizationId organizationId,
            String walletCardId,
            String recipientId,
            String campaignId,
            String provider,
            boolean registered,
            Instant at)
            implements CardEvent {}

    public record CardRevoked(
            OrganizationId organizationId, String walletCardId, String recipientId, String campaignId, Instant at)
            implements ExternalEvent, CardEvent {
        @Override
        public String type() {
            return "card.revoked";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of("walletCardId", walletCardId, "recipientId", recipientId, "campaignId", campaignId);
        }
    }

    /**
     * New content was pushed to an installed card after a campaign or recipient change: one event
     * per card and push, whichever of its installed provider objects received it.
     */
    public record CardUpdated(
            OrganizationId organizationId,
            String walletCardId,
            String recipientId,
            String campaignId,
            long contentVersion,
            Instant at)
            implements ExternalEvent, CardEvent {
        @Override
        public String type() {
            return "card.updated";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of(
                    "campaignId",
                    campaignId,
                    "recipientId",
                    recipientId,
                    "walletCardId",
                    walletCardId,
                    "contentVersion",
                    contentVersion);
        }
    }

    /**
     * A content version was pushed to one provider object of a card (or, for a protocol without
     * pushes, became available to it): the start of its delivery. Not a webhook event.
     */
    public record UpdatePushed(
            OrganizationId organizationId,
            String campaignId,
            String recipientId,
            String cardId,
            String provider,
            long version,
            Instant at)
            implements CardEvent {
        @Override
        public String walletCardId() {
            return cardId;
        }
    }

    /**
     * The {@link UpdatePushed} of one recorded push, together: a batch of a campaign-wide change
     * publishes them once, so that a listener writes them with a few statements, not one each.
     */
    public record UpdatesPushed(List<UpdatePushed> pushed) {
        public UpdatesPushed {
            pushed = List.copyOf(pushed);
        }
    }

    /**
     * A content version reached a holder's wallet through one provider: the first device that
     * fetched it (Apple), the accepted object update (Google), the re-issued credential (EU wallet).
     */
    public record UpdateDelivered(
            OrganizationId organizationId,
            String campaignId,
            String recipientId,
            String cardId,
            String provider,
            long version,
            Instant at)
            implements ExternalEvent, CardEvent {
        @Override
        public String walletCardId() {
            return cardId;
        }

        @Override
        public String type() {
            return "card.update_delivered";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of(
                    "walletCardId",
                    cardId,
                    "recipientId",
                    recipientId,
                    "campaignId",
                    campaignId,
                    "provider",
                    provider,
                    "version",
                    version);
        }
    }
}
