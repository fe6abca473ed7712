package com.walletcards.access;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The API keys this instance verified, kept in memory so that a request needs no database lookup
 * to authenticate (ADR 0015). Every change that can stop a key bumps {@code api_key_revision} in
 * its transaction; this instance reads that number every {@link #CHECK_INTERVAL} and forgets
 * everything when it moved. When the number could not be read for {@link #TRUST_WINDOW} (the
 * database is slow or away, the checking thread starved), the cache is not trusted and every
 * request looks its key up again: a revoked key stops within a second whatever happens.
 */
@Component
class VerifiedKeys implements SmartLifecycle {

    static final Duration CHECK_INTERVAL = Duration.ofMillis(200);
    static final Duration TRUST_WINDOW = Duration.ofMillis(700);
    /** Far more keys than an installation has; reaching it means someone cycles keys: start over. */
    private static final int MAX_ENTRIES = 10_000;

    private static final Logger log = LoggerFactory.getLogger(VerifiedKeys.class);

    private final AccessQueries queries;
    private final Map<String, ApiPrincipal> byHash = new ConcurrentHashMap<>();
    private volatile long revision = Long.MIN_VALUE;
    private volatile long checkedAtNanos = System.nanoTime() - TRUST_WINDOW.toNanos() - 1;
    private @Nullable ScheduledExecutorService checker;

    VerifiedKeys(AccessQueries queries) {
        this.queries = queries;
    }

    /** The principal of a key hash: from memory when the cache can be trusted, else {@code lookup}. */
    Optional<ApiPrincipal> authenticate(String hash, Function<String, Optional<ApiPrincipal>> lookup) {
        boolean trusted = trusted();
        if (trusted) {
            ApiPrincipal known = byHash.get(hash);
            if (known != null) {
                return Optional.of(known);
            }
        }
        long seen = revision;
        Optional<ApiPrincipal> found = lookup.apply(hash);
        if (found.isPresent() && trusted) {
            if (byHash.size() >= MAX_ENTRIES) {
                byHash.clear();
            }
            byHash.put(hash, found.get());
            // A change that committed while the key was read moved the revision: the answer may
            // predate it, so it is not kept. (checkRevision sets the revision before clearing.)
            if (revision != seen) {
                byHash.remove(hash);
            }
        }
        return found;
    }

    /** Reads the revision; forgets every key when it moved. Also called right after a local change. */
    void checkRevision() {
        try {
            long current = queries.keyRevision();
            if (current != revision) {
                revision = current;
                byHash.clear();
            }
            checkedAtNanos = System.nanoTime();
        } catch (DataAccessException e) {
            log.debug("API key revision not readable; keys are looked up on each request until it is", e);
        }
    }

    int size() {
        return byHash.size();
    }

    private boolean trusted() {
        return System.nanoTime() - checkedAtNanos < TRUST_WINDOW.toNanos();
    }

    @Override
    public synchronized void start() {
        if (checker != null) {
            return;
        }
        checker = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "api-key-revision");
            thread.setDaemon(true);
            return thread;
        });
        checker.scheduleWithFixedDelay(this::checkRevision, 0, CHECK_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        if (checker != null) {
            checker.shutdownNow();
            checker = null;
        }
        checkedAtNanos = System.nanoTime() - TRUST_WINDOW.toNanos() - 1;
    }

    @Override
    public synchronized boolean isRunning() {
        return checker != null;
    }
}
