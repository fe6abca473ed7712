package com.walletcards.shared;

import java.time.Duration;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A value read from a source at most once per {@code ttl}. Gauges use it so that a scrape every
 * few seconds, from every Prometheus replica, costs one cheap query per interval. When a refresh
 * fails (the database is briefly away) the last value is kept until the next interval.
 */
public final class CachedValue<T> {

    private record Reading<T>(T value, long readAtNanos) {}

    private final Supplier<T> source;
    private final long ttlNanos;
    private volatile @Nullable Reading<T> last;

    public CachedValue(Supplier<T> source, Duration ttl) {
        this.source = source;
        this.ttlNanos = ttl.toNanos();
    }

    public T get() {
        Reading<T> reading = last;
        if (reading != null && System.nanoTime() - reading.readAtNanos() < ttlNanos) {
            return reading.value();
        }
        synchronized (this) {
            reading = last;
            long now = System.nanoTime();
            if (reading != null && now - reading.readAtNanos() < ttlNanos) {
                return reading.value();
            }
            try {
                reading = new Reading<>(source.get(), now);
            } catch (RuntimeException e) {
                if (reading == null) {
                    throw e;
                }
                reading = new Reading<>(reading.value(), now);
            }
            last = reading;
            return reading.value();
        }
    }
}
