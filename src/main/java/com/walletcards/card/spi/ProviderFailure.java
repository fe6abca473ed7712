package com.walletcards.card.spi;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A provider call failed. The kind tells the caller what to do: try again later with backoff,
 * record it and stop, or wait at least the delay the provider asked for.
 */
public class ProviderFailure extends RuntimeException {

    public enum Kind {
        /** Timeout, connection error, 5xx: the same call may succeed later. */
        RETRY_LATER,
        /** The provider refused this request for good (invalid data, unknown object). */
        PERMANENT,
        /** The provider's quota is exhausted; try again after {@link #retryAfter()}. */
        RATE_LIMITED
    }

    private final Kind kind;
    private final @Nullable Duration retryAfter;

    public ProviderFailure(String message, Kind kind) {
        this(message, kind, null);
    }

    private ProviderFailure(String message, Kind kind, @Nullable Duration retryAfter) {
        super(message);
        this.kind = kind;
        this.retryAfter = retryAfter;
    }

    public static ProviderFailure retryLater(String message) {
        return new ProviderFailure(message, Kind.RETRY_LATER);
    }

    public static ProviderFailure permanent(String message) {
        return new ProviderFailure(message, Kind.PERMANENT);
    }

    public static ProviderFailure rateLimited(String message, Duration retryAfter) {
        return new ProviderFailure(message, Kind.RATE_LIMITED, retryAfter);
    }

    public Kind kind() {
        return kind;
    }

    public boolean permanent() {
        return kind == Kind.PERMANENT;
    }

    /** The provider's requested pause before the next call; null when it named none. */
    public @Nullable Duration retryAfter() {
        return retryAfter;
    }

    /** Why, for {@code last_error}: never null. */
    public String reason() {
        return getMessage() == null ? "provider failure" : getMessage();
    }
}
