package com.walletcards.webhook;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One recorded attempt to deliver an event: the receiver's status code, or the error that kept
 * the request from getting one (timeout, refused connection, refused target).
 */
public record DeliveryAttempt(
        String id,
        String eventId,
        String type,
        int attempt,
        boolean succeeded,
        @Nullable Integer statusCode,
        @Nullable String error,
        @Nullable String responseBody,
        long durationMs,
        Instant attemptedAt) {}
