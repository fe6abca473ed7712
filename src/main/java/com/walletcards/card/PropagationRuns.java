package com.walletcards.card;

import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.walletcards.card.ContentPushes.Outcome;
import com.walletcards.card.PropagationQueries.Change;
import com.walletcards.card.PropagationQueries.Run;
import com.walletcards.card.PropagationQueries.Scope;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.CoalescedRuns;
import com.walletcards.shared.Jobs;
import com.walletcards.shared.RunId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Live updates, second step: a run ({@link PropagationTasks#RUN}) pushes a card directly, or
 * splits a campaign into batches of card-id ranges ({@link PropagationTasks#BATCH}) that any
 * instance may execute, waits for them without holding a thread, and ends only when no change
 * arrived in the meantime ({@link CoalescedRuns}). docs/adr/0007-propagation.md explains the design.
 */
@Component
class PropagationRuns {

    private static final Logger log = LoggerFactory.getLogger(PropagationRuns.class);
    private static final int MAX_ROUNDS = 10;

    private final CoalescedRuns<Change> runs;
    private final PropagationQueries queries;
    private final ContentPushes pushes;
    private final WalletProviders providers;
    private final CardContentSource contents;
    private final CardProperties.Propagation settings;
    private final TransactionTemplate transaction;
    private final Jobs jobs;
    private final Clock clock;

    PropagationRuns(
            CoalescedRuns<Change> runs,
            PropagationQueries queries,
            ContentPushes pushes,
            WalletProviders providers,
            CardContentSource contents,
            CardProperties properties,
            PlatformTransactionManager transactions,
            Jobs jobs,
            Clock clock) {
        this.runs = runs;
        this.queries = queries;
        this.pushes = pushes;
        this.providers = providers;
        this.contents = contents;
        this.settings = properties.propagation();
        this.transaction = new TransactionTemplate(transactions);
        this.jobs = jobs;
        this.clock = clock;
    }

    /** Thrown after a batch committed what it could, so that the job engine retries the rest with backoff. */
    static final class ProviderUnavailable extends RuntimeException {
        ProviderUnavailable(String message) {
            super(message);
        }
    }

    /**
     * One step of a run. Returns when to look again (a campaign run waits for its batches without
     * holding a thread), or nothing once the run is over.
     */
    Optional<Duration> advance(String runInstance, boolean finalAttempt) {
        RunId id = RunId.parse(runInstance);
        for (int round = 0; round < MAX_ROUNDS; round++) {
            Run run = queries.find(id.key()).filter(r -> r.id().equals(id)).orElse(null);
            if (run == null) {
                return Optional.empty(); // over already: a revived or repeated execution
            }
            if (run.scope() == Scope.card) {
                // Read before the push: every change counted so far is committed and visible to it.
                long handled = run.requested();
                failIfRetryable(pushes.push(run.organizationId(), List.of(run.scopeKey()), finalAttempt));
                if (runs.finishIfCaughtUp(id, handled)) {
                    return Optional.empty();
                }
                continue;
            }
            if (run.fannedOut() != null) {
                if (queries.pendingExecutions(
                                PropagationTasks.BATCH.getTaskName(), batchPrefix(id.run(), run.fannedOut()))
                        > 0) {
                    return Optional.of(settings.checkInterval());
                }
                if (runs.finishIfCaughtUp(id, run.fannedOut())) {
                    return Optional.empty();
                }
            }
            updateCampaignClasses(run);
            if (fanOut(run) > 0) {
                return Optional.of(settings.checkInterval());
            }
        }
        return Optional.of(Duration.ZERO); // changes keep coming: give the thread back, continue at once
    }

    /**
     * Providers with class-level data get the campaign part once per fan-out, before the cards'
     * own pushes. Outside any transaction; a failure fails the run, which is retried with backoff.
     */
    private void updateCampaignClasses(Run run) {
        List<WalletProvider> withClasses = providers.all().stream()
                .filter(p -> p.capabilities().campaignLevelUpdate())
                .toList();
        if (withClasses.isEmpty()) {
            return;
        }
        contents.campaignContent(run.organizationId(), run.campaignId())
                .ifPresent(campaign -> withClasses.forEach(p -> p.updateCampaign(campaign)));
    }

    /**
     * Splits the campaign's active cards into id ranges of one batch each and schedules them, in
     * one transaction with the note of which changes they cover. Returns the number of batches.
     */
    private int fanOut(Run run) {
        Integer scheduled = transaction.execute(tx -> {
            Instant now = Times.now(clock);
            List<TaskInstance<?>> batches = new ArrayList<>();
            if (queries.anyActive(run.organizationId(), run.campaignId())) {
                String after = "";
                while (true) {
                    Optional<String> until =
                            queries.boundary(run.organizationId(), run.campaignId(), after, settings.batchSize() - 1);
                    batches.add(PropagationTasks.BATCH
                            .instance(batchInstance(run.runId(), run.requested(), after, until.orElse("")))
                            .priority(PropagationTasks.PRIORITY)
                            .build());
                    if (until.isEmpty()) {
                        break;
                    }
                    after = until.get();
                }
                jobs.scheduleBatch(batches, now);
            }
            queries.fannedOut(run.scopeKey(), run.runId(), run.requested(), now);
            return batches.size();
        });
        log.debug("Propagation {} of campaign {}: {} batches", run.runId(), run.campaignId(), scheduled);
        return scheduled == null ? 0 : scheduled;
    }

    /** One batch: the active cards of one id range, pushed a chunk per transaction. */
    void runBatch(String batchInstance, boolean finalAttempt) {
        String[] parts = batchInstance.split("/", -1);
        Run run = queries.findByRun(parts[0]).orElse(null);
        if (run == null) {
            return; // the run is over, so its batches were done: a revived execution
        }
        String after = parts[2];
        String until = parts[3].isEmpty() ? null : parts[3];
        int retryable = 0;
        while (true) {
            List<String> cardIds =
                    queries.activeCardIds(run.organizationId(), run.campaignId(), after, until, settings.batchSize());
            if (cardIds.isEmpty()) {
                break;
            }
            retryable +=
                    pushes.push(run.organizationId(), cardIds, finalAttempt).retryable();
            if (cardIds.size() < settings.batchSize()) {
                break;
            }
            after = cardIds.get(cardIds.size() - 1);
        }
        failIfRetryable(new Outcome(0, retryable));
    }

    private static void failIfRetryable(Outcome outcome) {
        if (outcome.retryable() > 0) {
            throw new ProviderUnavailable(outcome.retryable() + " provider objects could not be updated; retrying");
        }
    }

    // ---- Job instance ids of batches (a run's own is its RunId)

    /** {@code <run>/<requested>/<after>/<until>}: ids hold no slash; empty ends are open. */
    private static String batchInstance(String runId, long requested, String after, @Nullable String until) {
        return batchPrefix(runId, requested) + after + "/" + (until == null ? "" : until);
    }

    private static String batchPrefix(String runId, long requested) {
        return runId + "/" + requested + "/";
    }
}
