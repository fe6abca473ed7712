package com.walletcards.shared;

import java.time.Duration;
import java.time.OffsetDateTime;

/**
 * Rows that would otherwise grow without bound, deleted once older than their period. Each module
 * declares its own; {@code RetentionJob} runs them all, once per cluster, in bounded batches.
 */
public interface Retention {

    /** What is deleted, for the log. */
    String name();

    Duration period();

    /**
     * Deletes at most {@code limit} rows created before {@code cutoff}, in one short transaction,
     * and answers how many went; fewer than {@code limit} means nothing older is left.
     */
    int deleteBatch(OffsetDateTime cutoff, int limit);
}
