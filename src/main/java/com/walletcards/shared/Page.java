package com.walletcards.shared;

import org.jspecify.annotations.Nullable;

/** A validated offset page request: limit 1..100 (default 20), offset 0 or more (default 0). */
public record Page(int limit, int offset) {

    public static final int MAX_LIMIT = 100;

    /** Parses raw query values so that {@code limit=abc} is a 400 naming the parameter, not a 500. */
    public static Page parse(@Nullable String limit, @Nullable String offset, Validation v) {
        int parsedLimit = parseInt("limit", limit, 20, 1, MAX_LIMIT, v);
        int parsedOffset = parseInt("offset", offset, 0, 0, Integer.MAX_VALUE, v);
        return new Page(parsedLimit, parsedOffset);
    }

    static int parseInt(String field, @Nullable String raw, int fallback, int min, int max, Validation v) {
        if (raw == null) {
            return fallback;
        }
        try {
            long value = Long.parseLong(raw.trim());
            if (value < min || value > max) {
                v.reject(field, "must be between " + min + " and " + max);
                return fallback;
            }
            return (int) value;
        } catch (NumberFormatException e) {
            v.reject(field, "must be a whole number");
            return fallback;
        }
    }
}
