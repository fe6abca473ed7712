package com.walletcards.provider.google;

import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import com.walletcards.card.spi.ObjectEvents;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The daily look at {@code hasUsers} of objects whose save was never reported: Google's callbacks
 * have had outages, and a holder who saved a pass then would otherwise stay "invited" for good.
 * Does nothing unless {@code beta} runs in mode {@code google}; runs once across instances.
 */
@Configuration(proxyBeanMethods = false)
class GoogleReconciliation {

    private static final Logger log = LoggerFactory.getLogger(GoogleReconciliation.class);

    private final GoogleWalletRuntime google;
    private final GoogleWalletSettings settings;
    private final ObjectEvents events;
    private final Clock clock;

    GoogleReconciliation(GoogleWalletRuntime google, GoogleWalletSettings settings, ObjectEvents events, Clock clock) {
        this.google = google;
        this.settings = settings;
        this.events = events;
        this.clock = clock;
    }

    @Bean
    RecurringTask<Void> googleWalletReconciliation() {
        return Tasks.recurring("google-wallet-reconciliation", FixedDelay.of(settings.reconcileInterval()))
                .execute((instance, context) -> runOnce());
    }

    /** One pass; answers how many saves it found that no callback had reported. */
    int runOnce() {
        return google.created()
                .map(provider -> {
                    int found = provider.reconcile(events, clock, settings.reconcileBatchSize());
                    if (found > 0) {
                        log.info("Google Wallet reconciliation: {} saved passes whose callback never came", found);
                    }
                    return found;
                })
                .orElse(0);
    }
}
