package com.walletcards.notification;

import com.walletcards.shared.CachedValue;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Notifications by status across all organizations, for operators: a count per status, never a
 * tenant's data. One grouped count refreshed every few seconds, however often it is scraped.
 */
@Component
class NotificationMetrics implements MeterBinder {

    private final CachedValue<Map<NotificationStatus, Long>> counts;

    NotificationMetrics(JdbcClient jdbc) {
        this.counts = new CachedValue<>(() -> count(jdbc), Duration.ofSeconds(5));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (NotificationStatus status : NotificationStatus.values()) {
            Gauge.builder("wallet.notifications", counts, c -> c.get().getOrDefault(status, 0L))
                    .description("Notifications by status")
                    .tag("status", status.name())
                    .register(registry);
        }
    }

    private static Map<NotificationStatus, Long> count(JdbcClient jdbc) {
        Map<NotificationStatus, Long> counts = new EnumMap<>(NotificationStatus.class);
        jdbc.sql("SELECT status, COUNT(*) AS n FROM notifications GROUP BY status")
                .query(rs -> {
                    counts.put(NotificationStatus.valueOf(rs.getString("status")), rs.getLong("n"));
                });
        return counts;
    }
}
