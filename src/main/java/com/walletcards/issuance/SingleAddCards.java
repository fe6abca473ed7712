package com.walletcards.issuance;

import com.github.kagkarlsson.scheduler.SchedulerState;
import com.walletcards.issuance.SingleCardRuns.Add;
import com.walletcards.issuance.SingleCardRuns.Run;
import com.walletcards.recipient.RecipientCards;
import com.walletcards.recipient.RecipientEvents.CardsRequested;
import com.walletcards.shared.CoalescedRuns;
import com.walletcards.shared.Jobs;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.RunId;
import com.walletcards.shared.Times;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.springframework.stereotype.Component;

/**
 * The cards of single adds, coalesced: all single adds of a campaign share one run (one
 * {@code single-card-generation} execution), which issues every card requested while it is in
 * progress. An add only counts itself in one of the campaign's {@code single_card_runs} rows, in its
 * own transaction; the run ends only when nothing was counted since it last looked, so an add that
 * commits while the run is finishing is never left without a card. The runs are {@link
 * CoalescedRuns} (docs/adr/0020); docs/adr/0016 explains why single adds use them.
 */
@Component
class SingleAddCards {

    /** How long one execution keeps going round while adds keep arriving, before it lets other work in. */
    static final Duration TURN = Duration.ofSeconds(10);

    /** Before retrying recipients that other transactions held while the run looked for them. */
    static final Duration LOCKED_RETRY = Duration.ofSeconds(1);

    private final SingleCardRuns runs;
    private final RecipientCards recipients;
    private final CoalescedRuns<Add> coalesced;
    private final CardIssuing issuing;
    private final Invitations invitations;
    private final Jobs jobs;
    private final Clock clock;
    private final Counter executions;

    /** Runs at the start of every execution; tests count their own campaign's executions. */
    volatile Consumer<String> executing = instanceId -> {};

    /** Runs just before a run tries to finish; tests commit an add at that moment. */
    volatile Consumer<String> finishing = instanceId -> {};

    SingleAddCards(
            SingleCardRuns runs,
            RecipientCards recipients,
            CardIssuing issuing,
            Invitations invitations,
            Jobs jobs,
            Clock clock,
            MeterRegistry meters) {
        this.runs = runs;
        this.recipients = recipients;
        this.coalesced = new CoalescedRuns<>("single adds", runs);
        this.issuing = issuing;
        this.invitations = invitations;
        this.jobs = jobs;
        this.clock = clock;
        this.executions = Counter.builder("wallet.cards.generation.executions")
                .description("Card-generation executions run for single adds (many adds share one)")
                .tag("adds", "single")
                .register(meters);
    }

    /** The card batch of a campaign's single adds; a recipient leaves it when its card is created. */
    static String cardBatch(String campaignId) {
        return CardsRequested.singleAddBatch(campaignId);
    }

    /**
     * Requests the card of a recipient just stored with {@link #cardBatch}, in the add's
     * transaction: one UPDATE of a random shard while the campaign's run is in progress;
     * otherwise a new run.
     */
    void requestCard(OrganizationId org, String campaignId) {
        int shard = ThreadLocalRandom.current().nextInt(SingleCardRuns.SHARDS);
        Instant now = Times.now(clock);
        // Single adds are small work: their run goes ahead of large batches.
        coalesced.request(
                campaignId,
                new Add(shard, org, now),
                run -> jobs.scheduleIfNotExists(CardGeneration.SINGLES
                        .instance(run.instance())
                        .priority(jobs.priorityOf(1))
                        .scheduledTo(now)));
    }

    /**
     * One execution of a campaign's run: goes round (read the count, issue every pending card,
     * try to finish) until it finishes. Returns when to continue instead: right away after a
     * long turn or on shutdown, a little later when recipients it needs are held by others.
     */
    Optional<Duration> advance(String instanceId, SchedulerState state) {
        executions.increment();
        executing.accept(instanceId);
        RunId id = RunId.parse(instanceId);
        String batch = cardBatch(id.key());
        Instant until = Times.now(clock).plus(TURN);
        int idleRounds = 0;
        while (true) {
            Optional<Run> run = runs.find(id);
            if (run.isEmpty()) {
                return Optional.empty(); // the run finished, and a crash kept its execution
            }
            // Read before issuing: every add counted so far has committed its recipient.
            long handled = run.get().requested();
            int issued = issueAll(batch);
            if (recipients.anyPending(batch)) {
                // Added after the last chunk was read (go round again), or held by another transaction.
                idleRounds = issued == 0 ? idleRounds + 1 : 0;
                if (idleRounds >= 3) {
                    return Optional.of(LOCKED_RETRY);
                }
            } else {
                finishing.accept(instanceId);
                if (coalesced.finishIfCaughtUp(id, handled)) {
                    return Optional.empty();
                }
            }
            if (state.isShuttingDown() || Times.now(clock).isAfter(until)) {
                return Optional.of(Duration.ZERO);
            }
        }
    }

    private int issueAll(String batch) {
        int issued = 0;
        CardIssuing.Chunk chunk;
        do {
            chunk = issuing.issueChunk(batch);
            chunk.emails().forEach(e -> invitations.send(e, InviteEmail.DEFAULT));
            issued += chunk.size();
        } while (chunk.size() == CardIssuing.CHUNK);
        return issued;
    }
}
