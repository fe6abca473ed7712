package com.walletcards.console;

import com.walletcards.shared.Times;
import io.github.bucket4j.Bucket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Slows down password guessing. Per account: after {@code failuresPerAccount} failures within
 * {@code failureWindow}, further attempts wait until the window ends; counted in the database
 * (every instance sees them) under a hash of the email as typed, whether an account has it or not,
 * so the answer never tells known emails from unknown ones. Per client address: a bucket in this
 * instance's memory, so that one address cannot sweep many accounts. A passkey sign-in names no
 * account, so its failures count per client address instead, under a key no email's hash can
 * take; the per-address bucket is the same one the password uses.
 */
@Component
class SignInThrottle {

    /** Beyond this many addresses the buckets start afresh rather than grow without bound. */
    private static final int MAX_CLIENTS = 50_000;

    private final JdbcClient jdbc;
    private final ConsoleProperties properties;
    private final Clock clock;
    private final Map<String, Bucket> clients = new ConcurrentHashMap<>();

    SignInThrottle(JdbcClient jdbc, ConsoleProperties properties, Clock clock) {
        this.jdbc = jdbc;
        this.properties = properties;
        this.clock = clock;
    }

    /** How long the caller must wait before another attempt, if it must. */
    Optional<Duration> waitBefore(String email, String clientAddress) {
        return waitFor(key(email), clientAddress);
    }

    /** How long a client address must wait before another passkey attempt, if it must. */
    Optional<Duration> waitBeforePasskey(String clientAddress) {
        return waitFor(passkeyKey(clientAddress), clientAddress);
    }

    private Optional<Duration> waitFor(String accountKey, String clientAddress) {
        Bucket bucket = clients.computeIfAbsent(clientAddress, a -> {
            if (clients.size() > MAX_CLIENTS) {
                clients.clear();
            }
            return Bucket.builder()
                    .addLimit(l -> l.capacity(properties.signInsPerClientPerMinute())
                            .refillGreedy(properties.signInsPerClientPerMinute(), Duration.ofMinutes(1)))
                    .build();
        });
        var probe = bucket.tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            return Optional.of(Duration.ofNanos(probe.getNanosToWaitForRefill()));
        }
        Instant now = Instant.now(clock);
        return jdbc.sql("SELECT failures, window_started_at FROM console_sign_in_failures WHERE account_key = ?")
                .param(accountKey)
                .query((rs, row) -> {
                    Instant ends =
                            rs.getObject(2, OffsetDateTime.class).toInstant().plus(properties.failureWindow());
                    return rs.getInt(1) >= properties.failuresPerAccount() && ends.isAfter(now)
                            ? Optional.of(Duration.between(now, ends))
                            : Optional.<Duration>empty();
                })
                .optional()
                .flatMap(wait -> wait);
    }

    /**
     * Counts a failure; a window that has ended starts again at one. Outside a transaction, so
     * that losing the race to insert the first failure spoils nothing on PostgreSQL.
     */
    void failed(String email) {
        count(key(email));
    }

    void passkeyFailed(String clientAddress) {
        count(passkeyKey(clientAddress));
    }

    private void count(String key) {
        Instant now = Instant.now(clock);
        Instant windowStart = now.minus(properties.failureWindow());
        int changed = jdbc.sql("""
            UPDATE console_sign_in_failures
               SET failures = CASE WHEN window_started_at > ? THEN failures + 1 ELSE 1 END,
                   window_started_at = CASE WHEN window_started_at > ? THEN window_started_at ELSE ? END
             WHERE account_key = ?""")
                .params(Times.db(windowStart), Times.db(windowStart), Times.db(now), key)
                .update();
        if (changed == 0) {
            try {
                jdbc.sql("INSERT INTO console_sign_in_failures (account_key, failures, window_started_at)"
                                + " VALUES (?, 1, ?)")
                        .params(key, Times.db(now))
                        .update();
            } catch (org.springframework.dao.DuplicateKeyException concurrent) {
                // another attempt counted the first failure at the same moment: one failure less is harmless
            }
        }
    }

    void succeeded(String email) {
        forget(key(email));
    }

    void passkeySucceeded(String clientAddress) {
        forget(passkeyKey(clientAddress));
    }

    private void forget(String key) {
        jdbc.sql("DELETE FROM console_sign_in_failures WHERE account_key = ?")
                .param(key)
                .update();
    }

    private static String key(String email) {
        return PasswordLinks.hash(ConsoleUsers.normalize(email));
    }

    /**
     * "p" and 63 of the hash's 64 hex digits: as long as an email's key, and never equal to one
     * (those are all hex), so no typed email can count against an address's passkey attempts.
     */
    static String passkeyKey(String clientAddress) {
        return "p" + PasswordLinks.hash("passkey " + clientAddress).substring(1);
    }
}
