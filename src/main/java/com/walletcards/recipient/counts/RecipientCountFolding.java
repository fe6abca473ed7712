package com.walletcards.recipient.counts;

import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Folds the rows that every change of recipients appends to their campaign's counts (see {@link
 * RecipientCounts}). A db-scheduler recurring task: one instance folds at a time however many
 * share the database. Between two runs a campaign's reads sum what was appended meanwhile, at most
 * a couple of seconds of its changes.
 */
@Configuration(proxyBeanMethods = false)
class RecipientCountFolding {

    private static final Logger log = LoggerFactory.getLogger(RecipientCountFolding.class);

    @Bean
    RecurringTask<Void> recipientCountFoldingTask(
            RecipientCounts counts, @Value("${wallet.recipients.count-fold-interval:PT2S}") Duration interval) {
        return Tasks.recurring("recipient-count-folding", FixedDelay.of(interval))
                .execute((instance, context) -> {
                    int folded = counts.fold();
                    if (folded > 0) {
                        log.debug("Folded {} appended recipient count rows", folded);
                    }
                });
    }
}
