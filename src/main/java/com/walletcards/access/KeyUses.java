package com.walletcards.access;

import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Records when each key was last used, to the minute: a key's first request in a minute writes
 * the time, the others of that minute write nothing, so the key cache (ADR 0015) still spares
 * almost every request the database. A failed write loses only that one time (ADR 0045).
 */
@Component
class KeyUses {

    static final Duration RESOLUTION = Duration.ofMinutes(1);
    /** Far more keys than an installation uses in a minute; reaching it only means extra writes. */
    private static final int MAX_ENTRIES = 10_000;

    private static final Logger log = LoggerFactory.getLogger(KeyUses.class);

    private final AccessQueries queries;
    private final Clock clock;
    private final Map<String, Long> writtenAtNanos = new ConcurrentHashMap<>();

    KeyUses(AccessQueries queries, Clock clock) {
        this.queries = queries;
        this.clock = clock;
    }

    void used(String keyId) {
        long now = System.nanoTime();
        Long written = writtenAtNanos.get(keyId);
        if (written != null && now - written < RESOLUTION.toNanos()) {
            return;
        }
        if (writtenAtNanos.size() >= MAX_ENTRIES) {
            writtenAtNanos.clear();
        }
        writtenAtNanos.put(keyId, now);
        try {
            queries.used(keyId, Times.db(Instant.now(clock)));
        } catch (DataAccessException e) {
            log.debug("Last use of API key {} not recorded", keyId, e);
        }
    }
}
