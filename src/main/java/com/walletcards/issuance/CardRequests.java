package com.walletcards.issuance;

import com.walletcards.recipient.RecipientEvents.CardsRequested;
import com.walletcards.shared.Jobs;
import com.walletcards.shared.Times;
import java.time.Clock;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Schedules the issuing of cards that recipients were stored to wait for. A synchronous listener
 * on purpose: the work is scheduled in the transaction that stored the recipients, so an
 * accepted recipient always gets its card, also after a crash.
 */
@Component
class CardRequests {

    private final SingleAddCards singles;
    private final Jobs jobs;
    private final Clock clock;

    CardRequests(SingleAddCards singles, Jobs jobs, Clock clock) {
        this.singles = singles;
        this.jobs = jobs;
        this.clock = clock;
    }

    @EventListener
    void on(CardsRequested request) {
        if (request.singleAdd()) {
            singles.requestCard(request.organizationId(), request.campaignId());
            return;
        }
        jobs.scheduleIfNotExists(CardGeneration.TASK
                .instance(request.cardBatch())
                .priority(jobs.priorityOf(request.count()))
                .scheduledTo(Times.now(clock)));
    }
}
