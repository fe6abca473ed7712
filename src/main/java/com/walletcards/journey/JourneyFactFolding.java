package com.walletcards.journey;

import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Folds the holder's and the wallets' appended facts ({@link JourneyFacts}) into milestones,
 * journey events and counters, {@link #BATCH} per transaction, oldest first. Run every {@code
 * wallet.journey.fact-fold-interval} by a recurring task ({@link JourneyCountFolding}), one
 * instance at a time; a second fold at once (another instance, a test) takes other facts, since
 * each claims its own with {@code SKIP LOCKED}.
 */
@Component
class JourneyFactFolding {

    static final int BATCH = 1_000;

    private final JourneyWrites writes;
    private final TransactionTemplate transactions;

    JourneyFactFolding(JourneyWrites writes, PlatformTransactionManager transactions) {
        this.writes = writes;
        this.transactions = new TransactionTemplate(transactions);
    }

    /** Folds until no fact is left that no other fold holds; answers how many it folded. */
    int fold() {
        int folded = 0;
        int batch;
        do {
            Integer n = transactions.execute(tx -> writes.foldBatch(BATCH));
            batch = n == null ? 0 : n;
            folded += batch;
        } while (batch == BATCH);
        return folded;
    }
}
