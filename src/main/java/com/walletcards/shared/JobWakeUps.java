package com.walletcards.shared;

import com.github.kagkarlsson.scheduler.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Jobs are scheduled inside the transaction of the request, so db-scheduler's own "run it now"
 * check fires before the commit and finds nothing; without help the job waits for the next poll
 * (up to {@code db-scheduler.polling-interval}). This asks the scheduler to look again once the
 * transaction has committed, or at the moment a job scheduled a little later falls due.
 *
 * <p>A wake-up is only a hint to this instance: the job itself is durable, and should the
 * instance stop before the hint fires, any instance's next poll still runs it.
 */
@Component
class JobWakeUps implements DisposableBean {

    /** A job is due once its time has passed; waking exactly on time could find it not yet due. */
    private static final Duration SLACK = Duration.ofMillis(5);
    /** Later than this, the scheduler's own poll finds the job in time; no timer is kept for it. */
    private static final Duration LONGEST_WAIT = Duration.ofMinutes(1);

    private final ObjectProvider<Scheduler> scheduler;
    private final Clock clock;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "job-wake-up");
        thread.setDaemon(true);
        return thread;
    });

    JobWakeUps(ObjectProvider<Scheduler> scheduler, Clock clock) {
        this.scheduler = scheduler;
        this.clock = clock;
    }

    /** Runs jobs due now once the current transaction (if any) has committed. */
    private void runDueJobs() {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            trigger();
            return;
        }
        if (TransactionSynchronizationManager.hasResource(this)) {
            return; // once per transaction
        }
        TransactionSynchronizationManager.bindResource(this, Boolean.TRUE);
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                trigger();
            }

            @Override
            public void afterCompletion(int status) {
                TransactionSynchronizationManager.unbindResourceIfPossible(JobWakeUps.this);
            }
        });
    }

    /** Runs jobs due at {@code due} then, if the current transaction (if any) commits. */
    void runJobsDueAt(Instant due) {
        if (!due.isAfter(clock.instant())) {
            runDueJobs(); // once per transaction, however many jobs it scheduled
            return;
        }
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            wakeAt(due);
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                wakeAt(due);
            }
        });
    }

    private void wakeAt(Instant due) {
        wakeIn(Duration.between(clock.instant(), due));
    }

    /** Runs jobs due {@code wait} from now, then (not tied to a transaction). */
    void wakeIn(Duration wait) {
        long delay = wait.plus(SLACK).toMillis();
        if (delay <= 0) {
            trigger();
            return;
        }
        if (delay > LONGEST_WAIT.toMillis()) {
            return;
        }
        timer.schedule(this::trigger, delay, TimeUnit.MILLISECONDS);
    }

    private void trigger() {
        Scheduler s = scheduler.getIfAvailable();
        if (s != null) {
            s.triggerCheckForDueExecutions();
        }
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
    }
}
