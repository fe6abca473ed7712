package com.walletcards.webhook;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One event's delivery to one subscription, with its attempts newest first. {@code status} is
 * {@code pending}, {@code retrying}, {@code succeeded}, {@code failed} (given up) or
 * {@code cancelled} (the subscription was disabled when it fell due).
 */
public record Delivery(
        String id,
        String eventId,
        String type,
        String status,
        @Nullable Instant nextAttemptAt,
        Instant createdAt,
        List<DeliveryAttempt> attempts) {

    private static final Set<String> FINISHED = Set.of("succeeded", "failed", "cancelled");

    public Delivery {
        attempts = List.copyOf(attempts);
    }

    /** Whether no attempt is still to come, so that sending it again cannot overlap one. */
    public boolean finished() {
        return FINISHED.contains(status);
    }
}
