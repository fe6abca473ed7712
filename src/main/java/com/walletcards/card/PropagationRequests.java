package com.walletcards.card;

import com.walletcards.card.PropagationQueries.Run;
import com.walletcards.card.PropagationQueries.Scope;
import com.walletcards.shared.Ids;
import com.walletcards.shared.Jobs;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Live updates, first step: a change only records itself, in the caller's transaction: one row
 * per scope (a campaign or a card) and one durable job, whatever the number of cards; a change
 * made while a run is in progress joins it. docs/adr/0007-propagation.md explains the design.
 */
@Component
class PropagationRequests {

    private final PropagationQueries queries;
    private final CardProperties.Propagation settings;
    private final Jobs jobs;
    private final Clock clock;

    PropagationRequests(PropagationQueries queries, CardProperties properties, Jobs jobs, Clock clock) {
        this.queries = queries;
        this.settings = properties.propagation();
        this.jobs = jobs;
        this.clock = clock;
    }

    void campaignChanged(OrganizationId org, String campaignId) {
        request(new Run(campaignId, Scope.campaign, org, campaignId, Ids.newId("run"), 1, null));
    }

    void cardChanged(OrganizationId org, String walletCardId, String campaignId) {
        request(new Run(walletCardId, Scope.card, org, campaignId, Ids.newId("run"), 1, null));
    }

    private void request(Run fresh) {
        Instant now = Times.now(clock);
        Instant due = now.plus(settings.debounce());
        for (int attempt = 0; attempt < 3; attempt++) {
            if (queries.bump(fresh.scopeKey(), now)) {
                // The run in progress takes this change too. Its job exists as long as its row
                // does; should it have gone all the same (cancelled by hand), this restores it.
                queries.find(fresh.scopeKey())
                        .ifPresent(run -> jobs.scheduleIfNotExists(PropagationTasks.RUN
                                .instance(PropagationRuns.runInstance(run))
                                .priority(PropagationTasks.PRIORITY)
                                .scheduledTo(due)));
                return; // a run in progress looks for new changes by itself
            }
            if (queries.start(fresh, now)) {
                jobs.scheduleIfNotExists(PropagationTasks.RUN
                        .instance(PropagationRuns.runInstance(fresh))
                        .priority(PropagationTasks.PRIORITY)
                        .scheduledTo(due));
                return;
            }
            // A concurrent change started a run between our two statements: join it.
        }
        throw new IllegalStateException("Could not record a content change of " + fresh.scopeKey());
    }
}
