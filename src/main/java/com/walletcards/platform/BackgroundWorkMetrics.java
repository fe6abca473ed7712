package com.walletcards.platform;

import com.walletcards.shared.CachedValue;
import com.walletcards.shared.Times;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * How far the durable background work (db-scheduler) is behind: executions that are due but not
 * yet picked by any instance, and the age of the oldest of them. Both stay near zero while the
 * instances keep up; a growing lag means too few instances or threads, or a stuck database.
 */
@Component
class BackgroundWorkMetrics implements MeterBinder {

    static final Duration REFRESH = Duration.ofSeconds(5);

    private record Backlog(long due, double oldestAgeSeconds) {}

    private final CachedValue<Backlog> backlog;

    BackgroundWorkMetrics(JdbcClient jdbc, Clock clock) {
        this.backlog = new CachedValue<>(() -> read(jdbc, clock), REFRESH);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("wallet.background.due", backlog, b -> b.get().due())
                .description("Background executions that are due and not yet picked up by any instance")
                .register(registry);
        Gauge.builder("wallet.background.lag", backlog, b -> b.get().oldestAgeSeconds())
                .description("Age of the oldest due background execution not yet picked up (0 when none)")
                .baseUnit("seconds")
                .register(registry);
    }

    private static Backlog read(JdbcClient jdbc, Clock clock) {
        Instant now = Times.now(clock);
        return jdbc.sql("""
                SELECT COUNT(*) AS due, MIN(execution_time) AS oldest
                FROM scheduled_tasks WHERE picked = FALSE AND execution_time <= ?""")
                .param(Times.db(now))
                .query((rs, n) -> {
                    OffsetDateTime oldest = rs.getObject("oldest", OffsetDateTime.class);
                    double age = oldest == null
                            ? 0
                            : Math.max(
                                    0, Duration.between(oldest.toInstant(), now).toMillis() / 1000.0);
                    return new Backlog(rs.getLong("due"), age);
                })
                .single();
    }
}
