package com.walletcards.recipient;

import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** What happened to recipients; published inside the transaction that made it happen. */
public final class RecipientEvents {

    private RecipientEvents() {}

    /** Every recipient event: what {@link Recipient}'s transitions return and the module publishes. */
    public sealed interface RecipientEvent
            permits RecipientCreated, RecipientInvited, RecipientRevoked, RecipientDeleted, RecipientUpdated {
        OrganizationId organizationId();

        String recipientId();

        String campaignId();

        Instant at();
    }

    public record RecipientCreated(OrganizationId organizationId, String recipientId, String campaignId, Instant at)
            implements RecipientEvent, ExternalEvent {
        @Override
        public String type() {
            return "recipient.created";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of("recipientId", recipientId, "campaignId", campaignId);
        }
    }

    public record RecipientInvited(
            OrganizationId organizationId,
            String recipientId,
            String campaignId,
            String walletCardId,
            String downloadUrl,
            Instant at)
            implements RecipientEvent, ExternalEvent {
        @Override
        public String type() {
            return "recipient.invited";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of(
                    "recipientId",
                    recipientId,
                    "campaignId",
                    campaignId,
                    "walletCardId",
                    walletCardId,
                    "downloadUrl",
                    downloadUrl);
        }
    }

    public record RecipientRevoked(OrganizationId organizationId, String recipientId, String campaignId, Instant at)
            implements RecipientEvent, ExternalEvent {
        @Override
        public String type() {
            return "recipient.revoked";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of("recipientId", recipientId, "campaignId", campaignId);
        }
    }

    public record RecipientDeleted(OrganizationId organizationId, String recipientId, String campaignId, Instant at)
            implements RecipientEvent, ExternalEvent {
        @Override
        public String type() {
            return "recipient.deleted";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of("recipientId", recipientId, "campaignId", campaignId);
        }
    }

    /** The recipient's card content changed (name or recipient data): its card needs the new version. */
    public record RecipientUpdated(
            OrganizationId organizationId,
            String recipientId,
            String campaignId,
            long contentVersion,
            List<String> changed,
            Instant at)
            implements RecipientEvent {

        public RecipientUpdated {
            changed = List.copyOf(changed);
        }
    }

    /**
     * Recipients just stored in {@code cardBatch} wait for their cards. Published in the
     * transaction that stored them, so that the work that issues the cards is scheduled with them
     * and never lost. {@code singleAdd}: one recipient added on its own, whose card joins its
     * campaign's shared run instead of a job of its own.
     */
    public record CardsRequested(
            OrganizationId organizationId, String campaignId, String cardBatch, int count, boolean singleAdd) {

        /** The card batch all single adds of a campaign share; a recipient leaves it when its card exists. */
        public static String singleAddBatch(String campaignId) {
            return "single/" + campaignId;
        }
    }
}
