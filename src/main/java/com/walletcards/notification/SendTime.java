package com.walletcards.notification;

import com.walletcards.shared.Validation;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;

/**
 * The rules for {@code scheduledFor}: an ISO 8601 date-time with an offset (a local time without
 * one is ambiguous, so it is refused), strictly after now and at most 30 days ahead.
 */
public final class SendTime {

    static final String FIELD = "scheduledFor";
    public static final Duration MAX_AHEAD = Duration.ofDays(30);

    private SendTime() {}

    /** The format check, done while reading the request; null when absent or malformed. */
    public static @Nullable Instant parse(@Nullable String raw, Validation v) {
        if (raw == null || raw.isBlank()) {
            v.reject(FIELD, "is required");
            return null;
        }
        try {
            // Stored with the databases' microsecond precision, so what is read back equals what was accepted.
            return OffsetDateTime.parse(raw.trim()).toInstant().truncatedTo(ChronoUnit.MICROS);
        } catch (DateTimeParseException e) {
            v.reject(FIELD, "must be an ISO 8601 date-time with offset, such as 2026-11-21T10:00:00Z");
            return null;
        }
    }

    /** The window check against the service clock; {@code now} comes from the injected Clock. */
    public static void checkWindow(Instant scheduledFor, Instant now, Validation v) {
        if (!scheduledFor.isAfter(now)) {
            v.reject(FIELD, "must be in the future");
        } else if (scheduledFor.isAfter(now.plus(MAX_AHEAD))) {
            v.reject(FIELD, "must be at most 30 days from now");
        }
    }
}
