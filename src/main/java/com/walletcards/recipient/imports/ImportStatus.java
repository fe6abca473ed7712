package com.walletcards.recipient.imports;

/** Where an import stands: rows arriving, waiting for the job, being added, and the two ends. */
public enum ImportStatus {
    receiving,
    queued,
    running,
    completed,
    failed;

    boolean finished() {
        return this == completed || this == failed;
    }
}
