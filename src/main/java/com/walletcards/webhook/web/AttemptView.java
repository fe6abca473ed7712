package com.walletcards.webhook.web;

import com.walletcards.webhook.DeliveryAttempt;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** One delivery attempt in {@code GET /v1/webhooks/{id}/deliveries}. */
@Schema(name = "DeliveryAttempt")
record AttemptView(
        String id,
        String eventId,
        String type,
        int attempt,
        boolean succeeded,
        @Nullable Integer statusCode,
        @Nullable String error,
        @Nullable String responseBody,
        long durationMs,
        Instant attemptedAt) {

    static AttemptView of(DeliveryAttempt a) {
        return new AttemptView(
                a.id(),
                a.eventId(),
                a.type(),
                a.attempt(),
                a.succeeded(),
                a.statusCode(),
                a.error(),
                a.responseBody(),
                a.durationMs(),
                a.attemptedAt());
    }
}
