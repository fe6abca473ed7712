package com.walletcards.webhook;

import com.walletcards.shared.Ids;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.SqlParameterValue;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of the outbox: events, one delivery per event and subscription, and the attempt log. */
@Repository
class DeliveryQueries {

    private final JdbcClient jdbc;
    private final JdbcTemplate batch;

    DeliveryQueries(JdbcClient jdbc, JdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    /** A delivery claimed by this instance; {@code claim} identifies the claim. */
    record Due(String id, OrganizationId org, WebhookId webhookId, String eventId, int attempts, long claim) {}

    record Event(String type, String payload) {}

    /** The events, one JDBC batch whatever their number. */
    void insertEvents(List<Outbox.Enqueued> enqueued, Instant at) {
        OffsetDateTime now = Times.db(at);
        batch.batchUpdate(
                "INSERT INTO webhook_events (id, organization_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                enqueued,
                enqueued.size(),
                (ps, e) -> {
                    ps.setString(1, e.event().id());
                    ps.setString(2, e.org().value());
                    ps.setString(3, e.event().type());
                    ps.setString(4, e.event().payload());
                    ps.setObject(5, now);
                });
    }

    /** One pending delivery per event and subscription, due at once; one JDBC batch whatever their number. */
    void insertDeliveries(List<Outbox.Enqueued> enqueued, Instant at) {
        OffsetDateTime now = Times.db(at);
        List<Map.Entry<Outbox.Enqueued, WebhookId>> rows = enqueued.stream()
                .flatMap(e -> e.subscribed().stream().map(webhook -> Map.entry(e, webhook)))
                .toList();
        batch.batchUpdate(
                "INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, status, attempts, claims,"
                        + " next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'pending', 0, 0, ?, ?, ?)",
                rows,
                rows.size(),
                (ps, row) -> {
                    ps.setString(1, Ids.newId("dlv"));
                    ps.setString(2, row.getKey().org().value());
                    ps.setString(3, row.getValue().value());
                    ps.setString(4, row.getKey().event().id());
                    ps.setObject(5, now);
                    ps.setObject(6, now);
                    ps.setObject(7, now);
                });
    }

    /**
     * Due deliveries, row-locked for the caller's transaction; rows another instance holds are
     * skipped rather than waited for, so instances never claim the same delivery.
     */
    List<Due> lockDue(Instant now, int limit) {
        return jdbc.sql("SELECT id, organization_id, webhook_id, event_id, attempts, claims FROM webhook_deliveries"
                        + " WHERE next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED")
                .params(Times.db(now), limit)
                .query((rs, row) -> new Due(
                        rs.getString("id"),
                        new OrganizationId(rs.getString("organization_id")),
                        new WebhookId(rs.getString("webhook_id")),
                        rs.getString("event_id"),
                        rs.getInt("attempts"),
                        rs.getLong("claims")))
                .list();
    }

    /** Pushes the claimed deliveries out of reach until {@code until} and counts the claim. */
    void lease(List<Due> claimed, Instant until, Instant now) {
        OffsetDateTime leaseEnd = Times.db(until);
        OffsetDateTime at = Times.db(now);
        batch.batchUpdate(
                "UPDATE webhook_deliveries SET next_attempt_at = ?, claims = claims + 1, updated_at = ? WHERE id = ?",
                claimed,
                claimed.size(),
                (ps, due) -> {
                    ps.setObject(1, leaseEnd);
                    ps.setObject(2, at);
                    ps.setString(3, due.id());
                });
    }

    Optional<Event> event(OrganizationId org, String eventId) {
        return jdbc.sql("SELECT type, payload FROM webhook_events WHERE id = ? AND organization_id = ?")
                .params(eventId, org.value())
                .query((rs, row) -> new Event(rs.getString("type"), rs.getString("payload")))
                .optional();
    }

    /**
     * Moves a delivery on after an attempt, but only while this instance's claim is current: after
     * a lease ran out another instance owns the delivery.
     */
    boolean advance(Due due, String status, int attempts, @Nullable Instant next, Instant now) {
        return jdbc.sql("UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, updated_at = ?"
                                + " WHERE id = ? AND claims = ?")
                        .params(
                                status,
                                attempts,
                                new SqlParameterValue(Types.TIMESTAMP_WITH_TIMEZONE, Times.db(next)),
                                Times.db(now),
                                due.id(),
                                due.claim())
                        .update()
                > 0;
    }

    void insertAttempt(Due due, DeliveryAttempt a) {
        jdbc.sql("INSERT INTO webhook_attempts (id, organization_id, webhook_id, delivery_id, event_id, event_type,"
                        + " attempt, succeeded, status_code, error, response_body, duration_ms, attempted_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(
                        a.id(),
                        due.org().value(),
                        due.webhookId().value(),
                        due.id(),
                        a.eventId(),
                        a.type(),
                        a.attempt(),
                        a.succeeded(),
                        new SqlParameterValue(Types.INTEGER, a.statusCode()),
                        new SqlParameterValue(Types.VARCHAR, a.error()),
                        new SqlParameterValue(Types.VARCHAR, a.responseBody()),
                        a.durationMs(),
                        Times.db(a.attemptedAt()))
                .update();
    }

    List<DeliveryAttempt> attempts(OrganizationId org, WebhookId webhook, Page page) {
        return jdbc.sql("SELECT id, event_id, event_type, attempt, succeeded, status_code, error, response_body,"
                        + " duration_ms, attempted_at FROM webhook_attempts"
                        + " WHERE organization_id = ? AND webhook_id = ? ORDER BY id DESC LIMIT ? OFFSET ?")
                .params(org.value(), webhook.value(), page.limit(), page.offset())
                .query(DeliveryQueries::attempt)
                .list();
    }

    long countAttempts(OrganizationId org, WebhookId webhook) {
        return jdbc.sql("SELECT COUNT(*) FROM webhook_attempts WHERE organization_id = ? AND webhook_id = ?")
                .params(org.value(), webhook.value())
                .query(Long.class)
                .single();
    }

    /**
     * A subscription's deliveries, newest first, from just before {@code before} (a delivery id;
     * ids grow with time), each with its attempts: two indexed reads whatever the log's length.
     */
    List<Delivery> deliveries(OrganizationId org, WebhookId webhook, @Nullable String before, int limit) {
        List<Object> params = new java.util.ArrayList<>(List.of(org.value(), webhook.value()));
        if (before != null) {
            params.add(before);
        }
        params.add(limit);
        List<Delivery> rows = jdbc.sql("SELECT d.id, d.event_id, e.type, d.status, d.next_attempt_at, d.created_at"
                        + " FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id"
                        + " WHERE d.organization_id = ? AND d.webhook_id = ?" + (before == null ? "" : " AND d.id < ?")
                        + " ORDER BY d.id DESC LIMIT ?")
                .params(params)
                .query((rs, row) -> new Delivery(
                        rs.getString("id"),
                        rs.getString("event_id"),
                        rs.getString("type"),
                        rs.getString("status"),
                        instant(rs, "next_attempt_at"),
                        rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                        List.of()))
                .list();
        if (rows.isEmpty()) {
            return rows;
        }
        Map<String, List<DeliveryAttempt>> attempts = new java.util.HashMap<>();
        jdbc.sql("SELECT delivery_id, id, event_id, event_type, attempt, succeeded, status_code, error, response_body,"
                        + " duration_ms, attempted_at FROM webhook_attempts WHERE delivery_id IN (:ids)"
                        + " ORDER BY attempt DESC")
                .param("ids", rows.stream().map(Delivery::id).toList())
                .query((rs, row) -> Map.entry(rs.getString("delivery_id"), attempt(rs, row)))
                .list()
                .forEach(e -> attempts.computeIfAbsent(e.getKey(), k -> new java.util.ArrayList<>())
                        .add(e.getValue()));
        return rows.stream()
                .map(d -> new Delivery(
                        d.id(),
                        d.eventId(),
                        d.type(),
                        d.status(),
                        d.nextAttemptAt(),
                        d.createdAt(),
                        attempts.getOrDefault(d.id(), List.of())))
                .toList();
    }

    /** One delivery of a subscription, for sending it again. */
    Optional<Delivery> delivery(OrganizationId org, WebhookId webhook, String id) {
        return jdbc.sql("SELECT d.id, d.event_id, e.type, d.status, d.next_attempt_at, d.created_at"
                        + " FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id"
                        + " WHERE d.id = ? AND d.organization_id = ? AND d.webhook_id = ?")
                .params(id, org.value(), webhook.value())
                .query((rs, row) -> new Delivery(
                        rs.getString("id"),
                        rs.getString("event_id"),
                        rs.getString("type"),
                        rs.getString("status"),
                        instant(rs, "next_attempt_at"),
                        rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                        List.of()))
                .optional();
    }

    /** A fresh delivery of a stored event to one subscription, due at once. */
    String insertDelivery(OrganizationId org, WebhookId webhook, String eventId, Instant at) {
        String id = Ids.newId("dlv");
        OffsetDateTime now = Times.db(at);
        jdbc.sql("INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, status, attempts, claims,"
                        + " next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'pending', 0, 0, ?, ?, ?)")
                .params(id, org.value(), webhook.value(), eventId, now, now, now)
                .update();
        return id;
    }

    private static @Nullable Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static DeliveryAttempt attempt(ResultSet rs, int row) throws SQLException {
        return new DeliveryAttempt(
                rs.getString("id"),
                rs.getString("event_id"),
                rs.getString("event_type"),
                rs.getInt("attempt"),
                rs.getBoolean("succeeded"),
                rs.getObject("status_code", Integer.class),
                rs.getString("error"),
                rs.getString("response_body"),
                rs.getLong("duration_ms"),
                rs.getObject("attempted_at", OffsetDateTime.class).toInstant());
    }
}
