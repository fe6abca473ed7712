package com.walletcards.notification.web;

import com.walletcards.notification.Notification;
import com.walletcards.notification.NotificationKind;
import com.walletcards.notification.NotificationStatus;
import com.walletcards.notification.ProviderReport;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A notification as the API shows it, for both kinds. */
@Schema(name = "Notification")
record NotificationView(
        String id,
        String campaignId,
        @Schema(implementation = NotificationKind.class) String kind,
        @Schema(implementation = NotificationStatus.class) String status,
        String header,
        String body,
        @Nullable Instant scheduledFor,
        int targetedCards,
        int deliveredCards,
        int failedCards,
        Instant createdAt,
        @Nullable Instant sentAt,
        @Nullable Instant cancelledAt,
        List<ProviderReport> providers) {

    static NotificationView of(Notification n, Map<String, List<ProviderReport>> reports) {
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
                n.cancelledAt(),
                reports.getOrDefault(n.id(), List.of()));
    }
}
