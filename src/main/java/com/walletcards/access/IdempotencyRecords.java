package com.walletcards.access;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Retention;
import com.walletcards.shared.RetentionProperties;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The stored idempotency keys. Every method is one statement outside any surrounding
 * transaction, so a reservation is visible to every instance the moment it is made, and the
 * primary key (organization, key) decides which of several parallel requests runs.
 */
@Repository
class IdempotencyRecords implements Retention {

    /** What became of a request's attempt to reserve its key. */
    sealed interface Claim {}

    /** The key is this request's: run it. */
    record Reserved() implements Claim {}

    /** The same request ran before: answer what it answered. */
    record Replay(
            int status,
            @Nullable String contentType,
            String body,
            @Nullable String requestId) implements Claim {}

    /** The key belongs to a different request. */
    record Reused() implements Claim {}

    /** The same request is still running. */
    record InUse() implements Claim {}

    /**
     * A reservation without a response this old is taken as abandoned (its instance died
     * mid-request) and may be taken over; no request of this service runs that long.
     */
    static final Duration ABANDONED_AFTER = Duration.ofMinutes(2);

    private final JdbcClient jdbc;
    private final RetentionProperties retention;
    private final Clock clock;

    IdempotencyRecords(JdbcClient jdbc, RetentionProperties retention, Clock clock) {
        this.jdbc = jdbc;
        this.retention = retention;
        this.clock = clock;
    }

    Claim claim(OrganizationId org, String key, String requestHash) {
        // A row can vanish between the failed insert and the read (retention): then try again.
        for (int attempt = 0; attempt < 3; attempt++) {
            Instant now = Times.now(clock);
            if (insert(org, key, requestHash, now) || takeOver(org, key, requestHash, now)) {
                return new Reserved();
            }
            Optional<Claim> existing = existing(org, key, requestHash);
            if (existing.isPresent()) {
                return existing.get();
            }
        }
        return new InUse();
    }

    void complete(
            OrganizationId org, String key, int status, @Nullable String contentType, String body, String requestId) {
        jdbc.sql("""
            UPDATE idempotency_keys SET response_status = ?, response_type = ?, response_body = ?,
                   response_request_id = ?, completed_at = ?
            WHERE organization_id = ? AND idempotency_key = ?""")
                .params(status, contentType, body, requestId, Times.db(Times.now(clock)), org.value(), key)
                .update();
    }

    /** Gives the key back, so that a retry runs the request again. */
    void release(OrganizationId org, String key) {
        jdbc.sql("DELETE FROM idempotency_keys WHERE organization_id = ? AND idempotency_key = ?"
                        + " AND response_status IS NULL")
                .params(org.value(), key)
                .update();
    }

    private boolean insert(OrganizationId org, String key, String requestHash, Instant now) {
        try {
            jdbc.sql("""
                INSERT INTO idempotency_keys (organization_id, idempotency_key, request_hash, created_at)
                VALUES (?, ?, ?, ?)""").params(org.value(), key, requestHash, Times.db(now)).update();
            return true;
        } catch (DuplicateKeyException taken) {
            return false;
        }
    }

    /**
     * Takes over a key whose record has expired (any request may then use it) or whose first
     * request was abandoned (only the same request may retry it). One conditional update, so of
     * several requests doing this at once exactly one wins.
     */
    private boolean takeOver(OrganizationId org, String key, String requestHash, Instant now) {
        return jdbc.sql("""
                    UPDATE idempotency_keys
                    SET request_hash = ?, created_at = ?, response_status = NULL, response_type = NULL,
                        response_body = NULL, response_request_id = NULL, completed_at = NULL
                    WHERE organization_id = ? AND idempotency_key = ?
                      AND (created_at < ?
                           OR (response_status IS NULL AND request_hash = ? AND created_at < ?))""")
                        .params(
                                requestHash,
                                Times.db(now),
                                org.value(),
                                key,
                                Times.db(now.minus(retention.idempotencyKeys())),
                                requestHash,
                                Times.db(now.minus(ABANDONED_AFTER)))
                        .update()
                > 0;
    }

    private Optional<Claim> existing(OrganizationId org, String key, String requestHash) {
        return jdbc.sql("""
                SELECT request_hash, response_status, response_type, response_body, response_request_id
                FROM idempotency_keys WHERE organization_id = ? AND idempotency_key = ?""")
                .params(org.value(), key)
                .query((rs, row) -> {
                    if (!rs.getString("request_hash").equals(requestHash)) {
                        return (Claim) new Reused();
                    }
                    int status = rs.getInt("response_status");
                    if (rs.wasNull()) {
                        return new InUse();
                    }
                    return new Replay(
                            status,
                            rs.getString("response_type"),
                            rs.getString("response_body"),
                            rs.getString("response_request_id"));
                })
                .optional();
    }

    @Override
    public String name() {
        return "idempotency keys";
    }

    @Override
    public Duration period() {
        return retention.idempotencyKeys();
    }

    @Override
    public int deleteBatch(OffsetDateTime cutoff, int limit) {
        // The age is checked again on the row itself: a key taken over meanwhile is fresh and stays.
        return jdbc.sql("""
                DELETE FROM idempotency_keys WHERE created_at < ? AND (organization_id, idempotency_key) IN (
                    SELECT organization_id, idempotency_key FROM idempotency_keys
                    WHERE created_at < ? ORDER BY created_at LIMIT ?)""").params(cutoff, cutoff, limit).update();
    }
}
