package com.walletcards.card;

import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Counts as stale the targets that have not fetched a pushed content version within
 * {@code wallet.updates.stale-after}. A db-scheduler recurring task: one instance runs each tick
 * however many share the database; it moves the facts and their counters in batches.
 */
@Configuration(proxyBeanMethods = false)
class StaleUpdates {

    private static final Logger log = LoggerFactory.getLogger(StaleUpdates.class);
    static final int BATCH = 500;

    @Bean
    RecurringTask<Void> staleUpdateCheck(UpdateDeliveries deliveries, UpdateProperties properties) {
        return Tasks.recurring("stale-update-check", FixedDelay.of(properties.staleCheckInterval()))
                .execute((instance, context) -> {
                    int total = 0;
                    int batch;
                    do {
                        batch = deliveries.markStale(properties.staleAfter(), BATCH);
                        total += batch;
                    } while (batch == BATCH);
                    deliveries.refreshStaleGauge();
                    if (total > 0) {
                        log.info("{} update targets did not fetch within {}: stale", total, properties.staleAfter());
                    }
                });
    }
}
