package com.walletcards.campaign;

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
 * Completes active campaigns whose event has ended. A db-scheduler recurring task: one row in
 * the scheduler table, so exactly one instance runs each tick however many share the database.
 */
@Configuration(proxyBeanMethods = false)
class AutoCompletion {

    private static final Logger log = LoggerFactory.getLogger(AutoCompletion.class);
    static final int BATCH = 500;

    @Bean
    RecurringTask<Void> campaignAutoCompletion(
            CampaignManagement campaigns, @Value("${wallet.campaigns.completion-interval:PT20S}") Duration interval) {
        return Tasks.recurring("campaign-auto-completion", FixedDelay.of(interval))
                .execute((instance, context) -> {
                    int total = 0;
                    int batch;
                    do {
                        batch = campaigns.completeEndedCampaigns(BATCH);
                        total += batch;
                    } while (batch == BATCH);
                    if (total > 0) {
                        log.info("Completed {} campaigns whose event has ended", total);
                    }
                });
    }
}
