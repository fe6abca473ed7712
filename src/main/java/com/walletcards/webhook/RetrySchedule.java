package com.walletcards.webhook;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * When a failed delivery is tried again. The first attempt is immediate; after the n-th failure
 * the delivery waits the n-th delay, spread by a random jitter so that retries of many deliveries
 * that failed together (an endpoint outage) do not arrive together. A receiver's Retry-After is
 * honoured when it asks for a longer wait, up to 24 hours, so that it cannot park a delivery forever.
 */
final class RetrySchedule {

    private final List<Duration> delays;
    private final double jitter;
    private final RandomGenerator random;
    static final Duration MAX_RETRY_AFTER = Duration.ofHours(24);

    public RetrySchedule(List<Duration> delays, double jitter, RandomGenerator random) {
        if (delays.isEmpty()) {
            throw new IllegalArgumentException("A retry schedule needs at least one delay");
        }
        this.delays = List.copyOf(delays);
        this.jitter = jitter;
        this.random = random;
    }

    /** Attempts in all, the first one included. */
    public int maxAttempts() {
        return delays.size() + 1;
    }

    /**
     * The time of the next attempt after attempt number {@code failedAttempt} (1-based) failed, or
     * empty when that was the last one.
     */
    public Optional<Instant> next(int failedAttempt, Instant now, @Nullable Duration retryAfter) {
        if (failedAttempt < 1 || failedAttempt >= maxAttempts()) {
            return Optional.empty();
        }
        Duration wait = jittered(delays.get(failedAttempt - 1));
        if (retryAfter != null && retryAfter.compareTo(wait) > 0) {
            wait = retryAfter.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : retryAfter;
        }
        return Optional.of(now.plus(wait));
    }

    private Duration jittered(Duration delay) {
        if (jitter == 0 || delay.isZero()) {
            return delay;
        }
        double factor = 1 + jitter * (2 * random.nextDouble() - 1);
        return Duration.ofNanos(Math.round(delay.toNanos() * factor));
    }

    /** Reads a Retry-After header: whole seconds or an HTTP date. Anything else is ignored. */
    public static @Nullable Duration parseRetryAfter(@Nullable String header, Instant now) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.strip();
        try {
            long seconds = Long.parseLong(value);
            return seconds >= 0 ? Duration.ofSeconds(seconds) : null;
        } catch (NumberFormatException notSeconds) {
            try {
                Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
                        .toInstant();
                return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
            } catch (DateTimeParseException notDate) {
                return null;
            }
        }
    }
}
