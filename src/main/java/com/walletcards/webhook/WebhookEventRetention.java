package com.walletcards.webhook;

import com.walletcards.shared.Retention;
import com.walletcards.shared.RetentionProperties;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Deletes webhook events older than the retention period together with their deliveries and
 * delivery attempts (the attempt log shown by {@code GET /v1/webhooks/{id}/deliveries}). By age
 * alone: retries end about 3 days after an event, far inside the default 30 days, so nothing
 * still being delivered is touched.
 */
@Component
class WebhookEventRetention implements Retention {

    private final JdbcClient jdbc;
    private final RetentionProperties properties;

    WebhookEventRetention(JdbcClient jdbc, RetentionProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    @Override
    public String name() {
        return "webhook events with their deliveries and attempts";
    }

    @Override
    public Duration period() {
        return properties.webhookEvents();
    }

    @Override
    @Transactional
    public int deleteBatch(OffsetDateTime cutoff, int limit) {
        List<String> events = jdbc.sql(
                        "SELECT id FROM webhook_events WHERE created_at < :cutoff ORDER BY created_at LIMIT :limit")
                .param("cutoff", cutoff)
                .param("limit", limit)
                .query(String.class)
                .list();
        if (events.isEmpty()) {
            return 0;
        }
        jdbc.sql("""
                DELETE FROM webhook_attempts
                WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE event_id IN (:events))""").param("events", events).update();
        jdbc.sql("DELETE FROM webhook_deliveries WHERE event_id IN (:events)")
                .param("events", events)
                .update();
        return jdbc.sql("DELETE FROM webhook_events WHERE id IN (:events)")
                .param("events", events)
                .update();
    }
}
