package com.walletcards.card;

import com.walletcards.card.PropagationQueries.Change;
import com.walletcards.card.PropagationQueries.Scope;
import com.walletcards.shared.CoalescedRuns;
import com.walletcards.shared.Jobs;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.RunId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Live updates, first step: a change only records itself, in the caller's transaction: one row
 * per scope (a campaign or a card) and one durable job, whatever the number of cards; a change
 * made while a run is in progress joins it ({@link CoalescedRuns}).
 * docs/adr/0007-propagation.md explains the design.
 */
@Component
class PropagationRequests {

    private final CoalescedRuns<Change> runs;
    private final PropagationQueries queries;
    private final CardProperties.Propagation settings;
    private final Jobs jobs;
    private final Clock clock;

    PropagationRequests(
            CoalescedRuns<Change> runs, PropagationQueries queries, CardProperties properties, Jobs jobs, Clock clock) {
        this.runs = runs;
        this.queries = queries;
        this.settings = properties.propagation();
        this.jobs = jobs;
        this.clock = clock;
    }

    void campaignChanged(OrganizationId org, String campaignId) {
        request(campaignId, Scope.campaign, org, campaignId);
    }

    void cardChanged(OrganizationId org, String walletCardId, String campaignId) {
        request(walletCardId, Scope.card, org, campaignId);
    }

    private void request(String scopeKey, Scope scope, OrganizationId org, String campaignId) {
        Instant now = Times.now(clock);
        Instant due = now.plus(settings.debounce());
        boolean started = runs.request(scopeKey, new Change(scope, org, campaignId, now), run -> schedule(run, due));
        if (!started) {
            // The run in progress takes this change too. Its job exists as long as its row does;
            // should it have gone all the same (cancelled by hand), this restores it.
            queries.find(scopeKey).ifPresent(run -> schedule(run.id(), due));
        }
    }

    private void schedule(RunId run, Instant due) {
        jobs.scheduleIfNotExists(PropagationTasks.RUN
                .instance(run.instance())
                .priority(PropagationTasks.PRIORITY)
                .scheduledTo(due));
    }
}
