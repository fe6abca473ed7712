package com.walletcards.platform;

import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import com.walletcards.shared.Retention;
import com.walletcards.shared.RetentionProperties;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Deletes what every {@link Retention} no longer needs. A db-scheduler recurring task, so one
 * instance runs it per tick however many share the database; each batch is its own transaction,
 * so a large backlog never holds long locks or a huge transaction.
 */
@Configuration(proxyBeanMethods = false)
public class RetentionJob {

    private static final Logger log = LoggerFactory.getLogger(RetentionJob.class);

    private final List<Retention> retentions;
    private final RetentionProperties properties;
    private final Clock clock;

    RetentionJob(List<Retention> retentions, RetentionProperties properties, Clock clock) {
        this.retentions = retentions;
        this.properties = properties;
        this.clock = clock;
    }

    @Bean
    RecurringTask<Void> retention() {
        return Tasks.recurring("retention", FixedDelay.of(properties.interval()))
                .execute((instance, context) -> runOnce());
    }

    /** One pass over every retention; answers how many rows each deleted. */
    public Map<String, Integer> runOnce() {
        Instant now = clock.instant();
        Map<String, Integer> deleted = new LinkedHashMap<>();
        for (Retention retention : retentions) {
            int total = 0;
            int batch;
            do {
                batch = retention.deleteBatch(Times.db(now.minus(retention.period())), properties.batchSize());
                total += batch;
            } while (batch == properties.batchSize());
            deleted.put(retention.name(), total);
            if (total > 0) {
                log.info("Retention: deleted {} {} older than {}", total, retention.name(), retention.period());
            }
        }
        return deleted;
    }
}
