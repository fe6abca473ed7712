package com.walletcards.notification.web;

import com.walletcards.notification.Notification;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A notification as the API shows it, for both kinds. */
record NotificationView(
        String id,
        String campaignId,
        String kind,
        String status,
        String header,
        String body,
        @Nullable Instant scheduledFor,
        int targetedCards,
        int deliveredCards,
        int failedCards,
        Instant createdAt,
        @Nullable Instant sentAt,
        @Nullable Instant cancelledAt) {

    static NotificationView of(Notification n) {
        return new NotificationView(
                n.id(),
                n.campaignId().value(),
                n.kind().name(),
                n.status().name(),
                n.message().header(),
                n.message().body(),
                n.scheduledFor(),
                n.targetedCards(),
                n.deliveredCards(),
                n.failedCards(),
                n.createdAt(),
                n.sentAt(),
                n.cancelledAt());
    }
}
