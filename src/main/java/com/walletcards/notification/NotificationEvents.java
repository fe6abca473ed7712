package com.walletcards.notification;

import com.walletcards.campaign.CampaignId;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** How notifications end; published inside the transaction that finishes the notification. */
public final class NotificationEvents {

    private NotificationEvents() {}

    /** Every event of the notification module. */
    public sealed interface NotificationEvent extends ExternalEvent {}

    /** The counters at the end of the fan-out, shared by both outcomes. */
    public record Outcome(
            String notificationId,
            CampaignId campaignId,
            NotificationKind kind,
            int targetedCards,
            int deliveredCards,
            int failedCards) {

        Map<String, Object> data() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("notificationId", notificationId);
            data.put("campaignId", campaignId.value());
            data.put("kind", kind.name());
            data.put("targetedCards", targetedCards);
            data.put("deliveredCards", deliveredCards);
            data.put("failedCards", failedCards);
            return data;
        }
    }

    /** Delivered to at least one card, or there was no active card to deliver to. */
    public record NotificationSent(OrganizationId organizationId, Outcome outcome, Instant at)
            implements NotificationEvent {
        @Override
        public String type() {
            return "notification.sent";
        }

        @Override
        public Map<String, Object> data() {
            return outcome.data();
        }
    }

    /** Every delivery failed, or the background job gave up. */
    public record NotificationFailed(OrganizationId organizationId, Outcome outcome, Instant at)
            implements NotificationEvent {
        @Override
        public String type() {
            return "notification.failed";
        }

        @Override
        public Map<String, Object> data() {
            return outcome.data();
        }
    }
}
