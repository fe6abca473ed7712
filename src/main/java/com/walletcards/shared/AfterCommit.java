package com.walletcards.shared;

import com.github.kagkarlsson.scheduler.Scheduler;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Jobs are scheduled inside the transaction of the request, so db-scheduler's own "run it now"
 * check fires before the commit and finds nothing; without help the job waits for the next poll.
 * This asks the scheduler to look again once the transaction has committed.
 */
@Component
public class AfterCommit {

    private final ObjectProvider<Scheduler> scheduler;

    AfterCommit(ObjectProvider<Scheduler> scheduler) {
        this.scheduler = scheduler;
    }

    public void runDueJobs() {
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
                TransactionSynchronizationManager.unbindResourceIfPossible(AfterCommit.this);
            }
        });
    }

    private void trigger() {
        Scheduler s = scheduler.getIfAvailable();
        if (s != null) {
            s.triggerCheckForDueExecutions();
        }
    }
}
