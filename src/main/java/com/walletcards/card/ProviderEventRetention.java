package com.walletcards.card;

import com.walletcards.shared.Retention;
import com.walletcards.shared.RetentionProperties;
import java.time.Duration;
import java.time.OffsetDateTime;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Forgets processed provider callback ids ({@code provider_events}) after the retention period.
 * Their only job is to make a repeated delivery of one event harmless; a signed callback is
 * refused once its timestamp is more than 5 minutes off, and an event older than the last one
 * applied is ignored anyway, so ids far older than that window protect nothing.
 */
@Component
class ProviderEventRetention implements Retention {

    private final JdbcClient jdbc;
    private final RetentionProperties properties;

    ProviderEventRetention(JdbcClient jdbc, RetentionProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    @Override
    public String name() {
        return "processed provider callback ids";
    }

    @Override
    public Duration period() {
        return properties.providerEvents();
    }

    @Override
    public int deleteBatch(OffsetDateTime cutoff, int limit) {
        return jdbc.sql("""
                DELETE FROM provider_events WHERE (provider, event_id) IN (
                    SELECT provider, event_id FROM provider_events
                    WHERE received_at < ? ORDER BY received_at LIMIT ?)""").params(cutoff, limit).update();
    }
}
