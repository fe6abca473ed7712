package com.walletcards.journey;

import com.walletcards.shared.Retention;
import java.time.Duration;
import java.time.OffsetDateTime;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Deletes journey events older than {@code wallet.retention.journey-events} (400 days by default).
 * The counters and milestones are not events: a campaign's statistics keep their totals and daily
 * figures, and a recipient's journey loses its oldest entries.
 */
@Component
class JourneyRetention implements Retention {

    private final JdbcClient jdbc;
    private final Duration period;

    JourneyRetention(JdbcClient jdbc, @Value("${wallet.retention.journey-events:P400D}") Duration period) {
        this.jdbc = jdbc;
        this.period = period;
    }

    @Override
    public String name() {
        return "journey events";
    }

    @Override
    public Duration period() {
        return period;
    }

    @Override
    public int deleteBatch(OffsetDateTime cutoff, int limit) {
        return jdbc.sql("""
                DELETE FROM journey_events WHERE id IN (
                    SELECT id FROM journey_events WHERE occurred_at < ? ORDER BY occurred_at LIMIT ?)""").params(cutoff, limit).update();
    }
}
