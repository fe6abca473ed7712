package com.walletcards.journey;

import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The journey module's recurring folds, each on one instance at a time however many share the
 * database: the holder's and the wallets' appended facts into milestones, events and counter rows
 * ({@link JourneyFactFolding}), and the counter rows every fact appends (see {@link
 * JourneyCounts}); a read sums what was appended since, a few seconds' worth.
 */
@Configuration(proxyBeanMethods = false)
class JourneyCountFolding {

    @Bean
    RecurringTask<Void> journeyCountFoldingTask(
            JourneyCounts counts, @Value("${wallet.journey.count-fold-interval:PT5S}") Duration interval) {
        return Tasks.recurring("journey-count-folding", FixedDelay.of(interval))
                .execute((instance, context) -> counts.fold());
    }

    /** How long after a page view its journey event and figures show: this interval at most, and a poll. */
    @Bean
    RecurringTask<Void> journeyFactFoldingTask(
            JourneyFactFolding facts, @Value("${wallet.journey.fact-fold-interval:PT2S}") Duration interval) {
        return Tasks.recurring("journey-fact-folding", FixedDelay.of(interval))
                .execute((instance, context) -> facts.fold());
    }
}
