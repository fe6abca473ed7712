package com.walletcards.audit;

import com.walletcards.shared.Retention;
import java.time.Duration;
import java.time.OffsetDateTime;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/** Deletes audit events older than {@code wallet.retention.audit-events} (400 days by default). */
@Component
class AuditRetention implements Retention {

    private final JdbcClient jdbc;
    private final Duration period;

    AuditRetention(JdbcClient jdbc, @Value("${wallet.retention.audit-events:P400D}") Duration period) {
        this.jdbc = jdbc;
        this.period = period;
    }

    @Override
    public String name() {
        return "audit events";
    }

    @Override
    public Duration period() {
        return period;
    }

    @Override
    public int deleteBatch(OffsetDateTime cutoff, int limit) {
        return jdbc.sql("""
                DELETE FROM audit_events WHERE id IN (
                    SELECT id FROM audit_events WHERE at < ? ORDER BY at LIMIT ?)""").params(cutoff, limit).update();
    }
}
