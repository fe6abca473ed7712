package com.walletcards.card;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.walletcards.card.CardEvents.CardUpdated;
import com.walletcards.card.PropagationQueries.CardRef;
import com.walletcards.card.PropagationQueries.Failed;
import com.walletcards.card.PropagationQueries.InstalledObject;
import com.walletcards.card.PropagationQueries.Pushed;
import com.walletcards.card.PropagationQueries.Run;
import com.walletcards.card.PropagationQueries.Scope;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProvider.ObjectContent;
import com.walletcards.shared.Ids;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Live updates: after a campaign or recipient change, pushes the new card content to every
 * installed object of the affected active cards. docs/adr/0007-propagation.md explains the design;
 * in short:
 *
 * <ul>
 *   <li>A change only records itself ({@link #campaignChanged}, {@link #cardChanged}) in the
 *       caller's transaction: one row per scope and one durable job, whatever the number of cards.
 *   <li>A run ({@link PropagationTasks#RUN}) splits a campaign into batches of card-id ranges
 *       ({@link PropagationTasks#BATCH}) that any instance may execute, waits for them, and ends
 *       only when no change arrived in the meantime; changes made while it works join it.
 *   <li>A push locks the provider objects, reads the content under that lock and records the
 *       version it pushed, so a wallet never receives older content after newer, whichever
 *       instance pushes, and retries or crashes at most repeat the newest content.
 * </ul>
 */
@Component
class CardPropagation {

    private static final Logger log = LoggerFactory.getLogger(CardPropagation.class);
    private static final int MAX_ROUNDS = 10;

    private final PropagationQueries queries;
    private final WalletProviders providers;
    private final CardContentSource contents;
    private final CardProperties.Propagation settings;
    private final ObjectProvider<SchedulerClient> scheduler;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final Clock clock;

    CardPropagation(
            PropagationQueries queries,
            WalletProviders providers,
            CardContentSource contents,
            CardProperties properties,
            ObjectProvider<SchedulerClient> scheduler,
            ApplicationEventPublisher events,
            PlatformTransactionManager transactions,
            Clock clock) {
        this.queries = queries;
        this.providers = providers;
        this.contents = contents;
        this.settings = properties.propagation();
        this.scheduler = scheduler;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    /** What one push achieved: cards that received new content, and objects to try again later. */
    record Outcome(int updatedCards, int retryable) {
        static final Outcome NOTHING = new Outcome(0, 0);
    }

    /** Thrown after a batch committed what it could, so that the job engine retries the rest with backoff. */
    static final class ProviderUnavailable extends RuntimeException {
        ProviderUnavailable(String message) {
            super(message);
        }
    }

    // ---- Recording changes, in the caller's transaction

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
                        .ifPresent(run -> scheduler()
                                .scheduleIfNotExists(PropagationTasks.RUN
                                        .instance(runInstance(run))
                                        .scheduledTo(due)));
                return;
            }
            if (queries.start(fresh, now)) {
                scheduler()
                        .scheduleIfNotExists(PropagationTasks.RUN
                                .instance(runInstance(fresh))
                                .scheduledTo(due));
                return;
            }
            // A concurrent change started a run between our two statements: join it.
        }
        throw new IllegalStateException("Could not record a content change of " + fresh.scopeKey());
    }

    // ---- Runs

    /**
     * One step of a run. Returns when to look again (a campaign run waits for its batches without
     * holding a thread), or nothing once the run is over.
     */
    Optional<Duration> advance(String runInstance, boolean finalAttempt) {
        int slash = runInstance.indexOf('/');
        String scopeKey = runInstance.substring(0, slash);
        String runId = runInstance.substring(slash + 1);
        for (int round = 0; round < MAX_ROUNDS; round++) {
            Run run =
                    queries.find(scopeKey).filter(r -> r.runId().equals(runId)).orElse(null);
            if (run == null) {
                return Optional.empty(); // over already: a revived or repeated execution
            }
            if (run.scope() == Scope.card) {
                // Read before the push: every change counted so far is committed and visible to it.
                long handled = run.requested();
                failIfRetryable(push(run.organizationId(), List.of(run.scopeKey()), finalAttempt));
                if (queries.finishIfCaughtUp(scopeKey, runId, handled)) {
                    return Optional.empty();
                }
                continue;
            }
            if (run.fannedOut() != null) {
                if (queries.pendingExecutions(PropagationTasks.BATCH.getTaskName(), batchPrefix(runId, run.fannedOut()))
                        > 0) {
                    return Optional.of(settings.checkInterval());
                }
                if (queries.finishIfCaughtUp(scopeKey, runId, run.fannedOut())) {
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
                            .build());
                    if (until.isEmpty()) {
                        break;
                    }
                    after = until.get();
                }
                scheduler().scheduleBatch(batches, now);
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
            retryable += push(run.organizationId(), cardIds, finalAttempt).retryable();
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

    // ---- Pushing

    /**
     * Pushes the current content to the installed objects of these cards that are behind, in one
     * transaction: lock the objects, read the content, push, record the versions, publish one
     * {@code card.updated} per card.
     */
    Outcome push(OrganizationId org, List<String> cardIds, boolean finalAttempt) {
        Outcome outcome = transaction.execute(tx -> pushLocked(org, cardIds, finalAttempt));
        return outcome == null ? Outcome.NOTHING : outcome;
    }

    private Outcome pushLocked(OrganizationId org, List<String> cardIds, boolean finalAttempt) {
        List<InstalledObject> objects = queries.lockInstalledObjects(cardIds);
        if (objects.isEmpty()) {
            return Outcome.NOTHING;
        }
        // Read after the lock, so a revocation or deletion that committed meanwhile is seen.
        Map<String, CardRef> cards = queries.cards(
                org,
                objects.stream()
                        .map(InstalledObject::walletCardId)
                        .collect(LinkedHashSet::new, LinkedHashSet::add, LinkedHashSet::addAll));
        // Also read under the lock: whoever pushed to these objects before read older or equal
        // content (versions only grow), so what reaches a wallet never goes back.
        Map<String, CardContent> content = contents.contents(
                org,
                cards.values().stream()
                        .filter(c -> c.status() == CardStatus.active)
                        .map(CardRef::recipientId)
                        .toList());
        Map<String, List<ObjectContent>> behind = new LinkedHashMap<>();
        for (InstalledObject o : objects) {
            CardRef card = cards.get(o.walletCardId());
            CardContent c = card == null || card.status() != CardStatus.active ? null : content.get(card.recipientId());
            // A protocol without pushes gets new content when the holder fetches the card again.
            if (c != null
                    && o.contentVersion() < c.version()
                    && providers.get(o.provider()).capabilities().pushUpdates()) {
                behind.computeIfAbsent(o.provider(), p -> new ArrayList<>())
                        .add(new ObjectContent(
                                new ProviderObjectRef(o.walletCardId(), o.provider(), o.objectRef()),
                                c.withBarcodeValue(card.barcodeValue())));
            }
        }
        if (behind.isEmpty()) {
            return Outcome.NOTHING;
        }
        Delivery delivery = new Delivery(finalAttempt);
        behind.forEach((provider, updates) -> deliver(providers.get(provider), updates, delivery));

        Instant now = Times.now(clock);
        int[] moved = queries.recordPushed(delivery.pushed, now);
        queries.recordFailed(delivery.failed, now);
        Map<String, Long> updated = new LinkedHashMap<>();
        for (int i = 0; i < moved.length; i++) {
            if (moved[i] > 0 || moved[i] == Statement.SUCCESS_NO_INFO) {
                Pushed p = delivery.pushed.get(i);
                updated.merge(p.walletCardId(), p.version(), Math::max);
            }
        }
        updated.forEach((cardId, version) -> {
            CardRef card = cards.get(cardId);
            events.publishEvent(new CardUpdated(org, cardId, card.recipientId(), card.campaignId(), version, now));
        });
        return new Outcome(updated.size(), delivery.retryable);
    }

    /**
     * Calls the provider once for all its updates. When that fails for good, one bad object may
     * be the cause: the updates go one by one, so that it never holds back the others.
     */
    private static void deliver(WalletProvider provider, List<ObjectContent> updates, Delivery delivery) {
        try {
            provider.updateObjects(updates);
            delivery.pushed(updates);
        } catch (ProviderFailure failure) {
            if (!failure.permanent() || updates.size() == 1) {
                delivery.failed(updates, failure);
                return;
            }
            for (ObjectContent update : updates) {
                try {
                    provider.updateObjects(List.of(update));
                    delivery.pushed(List.of(update));
                } catch (ProviderFailure single) {
                    delivery.failed(List.of(update), single);
                }
            }
        }
    }

    /** What became of the updates of one push. */
    private static final class Delivery {
        private final boolean finalAttempt;
        private final List<Pushed> pushed = new ArrayList<>();
        private final List<Failed> failed = new ArrayList<>();
        private int retryable;

        Delivery(boolean finalAttempt) {
            this.finalAttempt = finalAttempt;
        }

        void pushed(List<ObjectContent> updates) {
            updates.forEach(u -> pushed.add(new Pushed(
                    u.object().walletCardId(),
                    u.object().provider(),
                    u.content().version())));
        }

        void failed(List<ObjectContent> updates, ProviderFailure failure) {
            String reason = failure.reason();
            String error;
            if (failure.permanent()) {
                error = reason;
            } else if (finalAttempt) {
                error = "gave up retrying: " + reason;
            } else {
                error = "retrying: " + reason;
                retryable += updates.size();
            }
            updates.forEach(u ->
                    failed.add(new Failed(u.object().walletCardId(), u.object().provider(), error)));
        }
    }

    // ---- Job instance ids

    private static String runInstance(Run run) {
        return run.scopeKey() + "/" + run.runId();
    }

    /** {@code <run>/<requested>/<after>/<until>}: ids hold no slash; empty ends are open. */
    private static String batchInstance(String runId, long requested, String after, @Nullable String until) {
        return batchPrefix(runId, requested) + after + "/" + (until == null ? "" : until);
    }

    private static String batchPrefix(String runId, long requested) {
        return runId + "/" + requested + "/";
    }

    private SchedulerClient scheduler() {
        return scheduler.getObject();
    }
}
