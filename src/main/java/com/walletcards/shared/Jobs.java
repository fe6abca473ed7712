package com.walletcards.shared;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.Priority;
import com.github.kagkarlsson.scheduler.task.SchedulableInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * How every module schedules background work: in the caller's transaction (the job exists
 * exactly when the data it acts on does), and started when it falls due rather than at the job
 * engine's first poll after that moment. Going through here instead of the job engine's client
 * keeps the two halves together; a job scheduled without the wake-up would still run, a poll
 * later.
 */
@Component
public class Jobs {

    /** No cap: {@link #doubled} with this grows until the doubling itself stops, at 2³⁰. */
    private static final Duration UNCAPPED = Duration.ofMillis(Long.MAX_VALUE);

    private final ObjectProvider<SchedulerClient> scheduler;
    private final JobWakeUps wakeUps;
    private final Clock clock;
    private final int smallWork;

    Jobs(
            ObjectProvider<SchedulerClient> scheduler,
            JobWakeUps wakeUps,
            Clock clock,
            @Value("${wallet.jobs.small-work:100}") int smallWork) {
        if (smallWork < 0) {
            throw new IllegalStateException("WALLET_JOBS_SMALL_WORK must not be negative: " + smallWork);
        }
        this.scheduler = scheduler;
        this.wakeUps = wakeUps;
        this.clock = clock;
        this.smallWork = smallWork;
    }

    /**
     * The priority of work for {@code units} cards or rows: small work (at most
     * {@code wallet.jobs.small-work}) before large, so that a few recipients added or imported by
     * one organization never queue behind another's hundred thousand. Large work still runs
     * whenever no small work is due. docs/background-work.md, "Which job runs first".
     */
    public int priorityOf(int units) {
        return units <= smallWork ? Priority.HIGH : Priority.MEDIUM;
    }

    /** Schedules {@code job}, replacing nothing: an execution with its id may already exist. */
    public void schedule(SchedulableInstance<?> job) {
        scheduler.getObject().schedule(job);
        wakeUps.runJobsDueAt(job.getNextExecutionTime(clock.instant()));
    }

    /**
     * Schedules {@code job} unless an execution with its id exists; wakes the engine either way,
     * since work the existing execution has not seen yet may have just been added for it.
     */
    public boolean scheduleIfNotExists(SchedulableInstance<?> job) {
        boolean scheduled = scheduler.getObject().scheduleIfNotExists(job);
        wakeUps.runJobsDueAt(job.getNextExecutionTime(clock.instant()));
        return scheduled;
    }

    /** Schedules many jobs due at the same moment in one statement batch. */
    public void scheduleBatch(List<TaskInstance<?>> jobs, Instant due) {
        if (jobs.isEmpty()) {
            return;
        }
        scheduler.getObject().scheduleBatch(jobs, due);
        wakeUps.runJobsDueAt(due);
    }

    /** Moves an existing, not running execution to {@code due}; false when there was none. */
    public boolean reschedule(TaskInstanceId job, Instant due) {
        boolean moved = scheduler.getObject().reschedule(job, due);
        if (moved) {
            wakeUps.runJobsDueAt(due);
        }
        return moved;
    }

    /** Removes a scheduled execution, in the caller's transaction. */
    public void cancel(TaskInstanceId job) {
        scheduler.getObject().cancel(job);
    }

    /**
     * Completes an execution by running it again {@code delay} after it finished (a job that
     * continues in steps, a retry), then rather than at the job engine's first poll after that.
     */
    public <T> CompletionHandler<T> rescheduleIn(Duration delay) {
        return (complete, operations) -> {
            operations.reschedule(complete, complete.getTimeDone().plus(delay));
            wakeUps.wakeIn(delay); // the job engine's clock set the time; only the delay is ours to compare
        };
    }

    /**
     * Retries a failed execution {@code first} after it failed, doubling the pause with every
     * consecutive failure; each retry runs when due, not at the job engine's first poll after that.
     */
    public <T> FailureHandler<T> retryDoubling(Duration first) {
        return (complete, operations) -> this.<T>rescheduleIn(
                        doubled(first, UNCAPPED, complete.getExecution().consecutiveFailures))
                .complete(complete, operations);
    }

    /** {@code first} doubled once per consecutive failure, at most {@code max}. */
    public static Duration doubled(Duration first, Duration max, int consecutiveFailures) {
        int failures = Math.min(consecutiveFailures, 30);
        return Duration.ofMillis(Math.min(max.toMillis(), first.toMillis() * (1L << failures)));
    }
}
