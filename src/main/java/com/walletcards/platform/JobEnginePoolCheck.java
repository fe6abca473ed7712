package com.walletcards.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Warns at start when the job engine could hold every database connection: each of its threads
 * holds one while it runs, polling and heartbeats take one each, and requests need the rest. With
 * too small a pool, a burst of background work makes the API answer 503 {@code SERVICE_BUSY} and
 * delays the heartbeats that tell the other instances this one is alive.
 */
@Component
class JobEnginePoolCheck {

    /** Connections beyond the job threads: polling, heartbeats, and at least two for requests. */
    static final int RESERVE = 4;

    private static final Logger log = LoggerFactory.getLogger(JobEnginePoolCheck.class);

    private final int poolSize;
    private final int jobThreads;

    JobEnginePoolCheck(
            @Value("${spring.datasource.hikari.maximum-pool-size:10}") int poolSize,
            @Value("${db-scheduler.threads:10}") int jobThreads) {
        this.poolSize = poolSize;
        this.jobThreads = jobThreads;
    }

    /** The smallest pool that leaves requests their share beside {@code jobThreads}. */
    static int smallestPool(int jobThreads) {
        return jobThreads + RESERVE;
    }

    boolean poolLeavesRequestsTheirShare() {
        return poolSize >= smallestPool(jobThreads);
    }

    @EventListener(ApplicationReadyEvent.class)
    void warnWhenTheJobsCouldTakeEveryConnection() {
        if (!poolLeavesRequestsTheirShare()) {
            log.warn(
                    "The database pool ({} connections, WALLET_DATABASE_POOL_SIZE) is smaller than the job threads"
                            + " (db-scheduler.threads = {}) plus {}: background work can take every connection."
                            + " Raise the pool to at least {} or lower the threads.",
                    poolSize,
                    jobThreads,
                    RESERVE,
                    smallestPool(jobThreads));
        }
    }
}
