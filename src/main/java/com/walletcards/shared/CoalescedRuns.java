package com.walletcards.shared;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * Requests that coalesce into runs: many requests for one key (a campaign, a card) share one run,
 * one durable job execution, that handles every request counted while it is in progress, and
 * no request that commits is ever left without a run that will see it. A request counts itself
 * in the key's run in progress, or starts a new one and schedules its execution, in the
 * request's own transaction; the run ends only when nothing was counted since it last looked,
 * otherwise it goes round again. docs/adr/0020-coalesced-runs.md explains the protocol.
 *
 * @param <R> what one request needs to be counted or to start a run with (its shard, its
 *     organization, ...)
 */
public final class CoalescedRuns<R> {

    /**
     * How often a request tries. A try fails only when a concurrent request started the run
     * between its count and its start, and the next count joins that run; a run ending in the
     * same moment as well needs another try. Three failures in a row mean something is wrong.
     */
    static final int ATTEMPTS = 3;

    /**
     * The rows that count one kind of run, kept by the module that owns their table. {@link
     * #bump} and {@link #start} run in the request's transaction; {@link #finishIfCaughtUp} is
     * atomic by itself (one statement, or a transaction of its own).
     */
    public interface Counts<R> {

        /**
         * Counts one more request in the run of {@code key} in progress, holding the counted row
         * until the caller commits; false when no run is in progress.
         */
        boolean bump(String key, R request);

        /**
         * Starts {@code run} with this request counted once; false when a concurrent request
         * started a run of the same key first. Losing must not fail the caller's transaction
         * ({@code ON CONFLICT DO NOTHING} rather than a duplicate key).
         */
        boolean start(RunId run, R request);

        /**
         * Ends {@code run} when its count is still {@code handled}, ordered against {@link #bump}
         * by the rows' locks: a request either counted itself first, and the run stays, or finds
         * no run afterwards and starts its own. True when this ended the run; false when
         * requests were counted since it read {@code handled} (go round again) or the run was
         * over already (the next round finds it gone).
         */
        boolean finishIfCaughtUp(RunId run, long handled);
    }

    private final String requests;
    private final Counts<R> counts;

    /**
     * @param requests what the requests are, for the message of a request that could not be counted
     */
    public CoalescedRuns(String requests, Counts<R> counts) {
        this.requests = requests;
        this.counts = counts;
    }

    /**
     * In the request's transaction: counts it in the run of {@code key} in progress, or starts a
     * fresh run and calls {@code scheduleExecution} with it, so that the execution commits with
     * the run and the request. True when this request started the run.
     */
    public boolean request(String key, R request, Consumer<RunId> scheduleExecution) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (counts.bump(key, request)) {
                return false; // a run in progress looks for new requests by itself
            }
            // A fresh run id every time, so this never meets the execution of a run that is just ending.
            RunId run = RunId.fresh(key);
            if (counts.start(run, request)) {
                scheduleExecution.accept(run);
                return true;
            }
            // A concurrent request started a run between our two statements: join it.
        }
        throw new IllegalStateException(
                "Could neither count nor start a run of " + key + " for " + requests + " in " + ATTEMPTS + " attempts");
    }

    /**
     * Whether the run is over, after it handled every request counted up to {@code handled}, a
     * count it read before its work, so that all those requests had committed and were visible
     * to it. False: requests arrived meanwhile, go round again.
     */
    public boolean finishIfCaughtUp(RunId run, long handled) {
        return counts.finishIfCaughtUp(run, handled);
    }

    /**
     * The rule of {@link Counts#finishIfCaughtUp} for counts that are read under their locks
     * before the run is removed (a run counted in several rows): the run may end when it is gone
     * or its count is still {@code handled}.
     */
    public static boolean mayFinish(Optional<Long> countUnderLock, long handled) {
        return countUnderLock.isEmpty() || countUnderLock.get() == handled;
    }
}
