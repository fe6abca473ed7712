package com.walletcards.platform.database;

import java.time.Duration;
import java.util.OptionalInt;

/**
 * The moment by which the request on this thread must have its database answers. Set by the web
 * layer around each request and read by {@link DeadlineDataSource} when the thread borrows a
 * connection; threads of background work never have one and keep the driver's own, longer limit.
 */
public final class RequestDeadline {

    private static final ThreadLocal<Deadline> DEADLINE = new ThreadLocal<>();

    private RequestDeadline() {}

    /** Starts the deadline of the request on this thread, {@code budget} from now. */
    public static void start(Duration budget) {
        DEADLINE.set(new Deadline(System.nanoTime() + budget.toNanos(), budget.toMillis()));
    }

    public static void clear() {
        DEADLINE.remove();
    }

    /**
     * How long a connection borrowed now may wait for any one answer of the database: until the
     * deadline, but never less than half the budget. A request that spent its budget elsewhere (a
     * provider call, a CSV upload received batch by batch for minutes) still gives each statement
     * a fair time rather than a certain failure; a request that meets a silent database at its
     * start, the case the deadline is for, answers by the deadline. Empty without a deadline.
     */
    public static OptionalInt networkTimeoutMillis() {
        Deadline deadline = DEADLINE.get();
        if (deadline == null) {
            return OptionalInt.empty();
        }
        long remaining = Duration.ofNanos(deadline.at() - System.nanoTime()).toMillis();
        return OptionalInt.of((int) Math.max(remaining, Math.max(1, deadline.budgetMillis() / 2)));
    }

    private record Deadline(long at, long budgetMillis) {}
}
