package com.walletcards.journey;

import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Folds the counter rows every fact appends (see {@link JourneyCounts}); one instance at a time,
 * however many share the database. A read sums what was appended since, a few seconds' worth.
 */
@Configuration(proxyBeanMethods = false)
class JourneyCountFolding {

    @Bean
    RecurringTask<Void> journeyCountFoldingTask(
            JourneyCounts counts, @Value("${wallet.journey.count-fold-interval:PT5S}") Duration interval) {
        return Tasks.recurring("journey-count-folding", FixedDelay.of(interval))
                .execute((instance, context) -> counts.fold());
    }
}
