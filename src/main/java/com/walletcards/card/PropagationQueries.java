package com.walletcards.card;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of live updates: the propagation runs, the cards they reach and the versions pushed. */
@Repository
class PropagationQueries {

    private static final String RUN_COLUMNS =
            "scope_key, scope, organization_id, campaign_id, run_id, requested, fanned_out";

    private final JdbcClient jdbc;
    private final JdbcTemplate batch;

    PropagationQueries(JdbcClient jdbc, JdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    enum Scope {
        campaign,
        card
    }

    /** A propagation run in progress for one scope. */
    record Run(
            String scopeKey,
            Scope scope,
            OrganizationId organizationId,
            String campaignId,
            String runId,
            long requested,
            @Nullable Long fannedOut) {}

    /** An installed provider object, locked for the rest of the transaction. */
    record InstalledObject(String walletCardId, String provider, String objectRef, long contentVersion) {}

    record CardRef(
            String walletCardId, String recipientId, String campaignId, CardStatus status, String barcodeValue) {}

    /** A push to record: the object now holds {@code version}. */
    record Pushed(String walletCardId, String provider, long version) {}

    record Failed(String walletCardId, String provider, String error) {}

    /** Counts one more change for a scope whose run is in progress; false when no run is. */
    boolean bump(String scopeKey, Instant now) {
        return jdbc.sql("UPDATE card_propagations SET requested = requested + 1, updated_at = ? WHERE scope_key = ?")
                        .params(Times.db(now), scopeKey)
                        .update()
                == 1;
    }

    /** Starts a run for a scope; false when a concurrent transaction started one first. */
    boolean start(Run run, Instant now) {
        // ON CONFLICT without a target is what both PostgreSQL and H2 (PostgreSQL mode) accept.
        return jdbc.sql("""
                        INSERT INTO card_propagations (scope_key, scope, organization_id, campaign_id, run_id,
                          requested, fanned_out, created_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?) ON CONFLICT DO NOTHING""")
                        .params(
                                run.scopeKey(),
                                run.scope().name(),
                                run.organizationId().value(),
                                run.campaignId(),
                                run.runId(),
                                run.requested(),
                                Times.db(now),
                                Times.db(now))
                        .update()
                == 1;
    }

    Optional<Run> find(String scopeKey) {
        return jdbc.sql("SELECT " + RUN_COLUMNS + " FROM card_propagations WHERE scope_key = ?")
                .param(scopeKey)
                .query(PropagationQueries::run)
                .optional();
    }

    Optional<Run> findByRun(String runId) {
        return jdbc.sql("SELECT " + RUN_COLUMNS + " FROM card_propagations WHERE run_id = ?")
                .param(runId)
                .query(PropagationQueries::run)
                .optional();
    }

    void fannedOut(String scopeKey, String runId, long requested, Instant now) {
        jdbc.sql("UPDATE card_propagations SET fanned_out = ?, updated_at = ? WHERE scope_key = ? AND run_id = ?")
                .params(requested, Times.db(now), scopeKey, runId)
                .update();
    }

    /**
     * Ends the run when no change arrived since it read {@code handled}. The row lock this takes
     * orders it against {@link #bump}: a change either lands before (the run goes on) or finds no
     * row and starts a new run.
     */
    boolean finishIfCaughtUp(String scopeKey, String runId, long handled) {
        return jdbc.sql("DELETE FROM card_propagations WHERE scope_key = ? AND run_id = ? AND requested = ?")
                        .params(scopeKey, runId, handled)
                        .update()
                == 1;
    }

    /** Executions of a task whose instance id starts with {@code prefix}, done or not. */
    long pendingExecutions(String taskName, String prefix) {
        return jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks WHERE task_name = ? AND LEFT(task_instance, ?) = ?")
                .params(taskName, prefix.length(), prefix)
                .query(Long.class)
                .single();
    }

    boolean anyActive(OrganizationId org, String campaignId) {
        return !jdbc.sql(
                        "SELECT id FROM wallet_cards WHERE organization_id = ? AND campaign_id = ? AND status = 'active'"
                                + " ORDER BY id LIMIT 1")
                .params(org.value(), campaignId)
                .query(String.class)
                .list()
                .isEmpty();
    }

    /** The id of the active card {@code skip} places after {@code afterId}: where a batch of that size ends. */
    Optional<String> boundary(OrganizationId org, String campaignId, String afterId, int skip) {
        return jdbc.sql(
                        "SELECT id FROM wallet_cards WHERE organization_id = ? AND campaign_id = ? AND status = 'active'"
                                + " AND id > ? ORDER BY id LIMIT 1 OFFSET ?")
                .params(org.value(), campaignId, afterId, skip)
                .query(String.class)
                .optional();
    }

    /** Active cards of a campaign with {@code afterId < id <= untilId} (no upper end when null), in id order. */
    List<String> activeCardIds(
            OrganizationId org, String campaignId, String afterId, @Nullable String untilId, int limit) {
        List<Object> params = new ArrayList<>(List.of(org.value(), campaignId, afterId));
        String until = "";
        if (untilId != null) {
            until = " AND id <= ?";
            params.add(untilId);
        }
        params.add(limit);
        return jdbc.sql(
                        "SELECT id FROM wallet_cards WHERE organization_id = ? AND campaign_id = ? AND status = 'active'"
                                + " AND id > ?" + until + " ORDER BY id LIMIT ?")
                .params(params)
                .query(String.class)
                .list();
    }

    Optional<CardRef> cardOfRecipient(OrganizationId org, String recipientId) {
        return jdbc.sql("SELECT id, recipient_id, campaign_id, status, barcode_value FROM wallet_cards"
                        + " WHERE recipient_id = ? AND organization_id = ?")
                .params(recipientId, org.value())
                .query(PropagationQueries::cardRef)
                .optional();
    }

    /**
     * Locks the installed, not voided provider objects of these cards, always in the same order so
     * that workers sharing cards never deadlock. Whoever holds the lock pushes; the next holder
     * sees the version it recorded.
     */
    List<InstalledObject> lockInstalledObjects(Collection<String> cardIds) {
        if (cardIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("""
                        SELECT wallet_card_id, provider, object_ref, content_version FROM provider_objects
                        WHERE wallet_card_id IN (%s) AND installed = TRUE AND voided = FALSE
                        ORDER BY wallet_card_id, provider FOR UPDATE""".formatted(marks(cardIds.size())))
                .params(new ArrayList<Object>(cardIds))
                .query((rs, n) -> new InstalledObject(
                        rs.getString("wallet_card_id"),
                        rs.getString("provider"),
                        rs.getString("object_ref"),
                        rs.getLong("content_version")))
                .list();
    }

    /** These cards as they are now, read after their objects were locked. */
    Map<String, CardRef> cards(OrganizationId org, Collection<String> cardIds) {
        Map<String, CardRef> cards = new LinkedHashMap<>();
        if (cardIds.isEmpty()) {
            return cards;
        }
        List<Object> params = new ArrayList<>(cardIds);
        params.add(org.value());
        jdbc.sql("SELECT id, recipient_id, campaign_id, status, barcode_value FROM wallet_cards WHERE id IN ("
                        + marks(cardIds.size()) + ") AND organization_id = ?")
                .params(params)
                .query(PropagationQueries::cardRef)
                .list()
                .forEach(c -> cards.put(c.walletCardId(), c));
        return cards;
    }

    /** Records what was pushed; only ever forward. Returns, per push, whether it moved the version. */
    int[] recordPushed(List<Pushed> pushed, Instant now) {
        return batch.batchUpdate(
                "UPDATE provider_objects SET content_version = ?, last_error = NULL, updated_at = ?"
                        + " WHERE wallet_card_id = ? AND provider = ? AND content_version < ?",
                pushed.stream()
                        .map(p ->
                                new Object[] {p.version(), Times.db(now), p.walletCardId(), p.provider(), p.version()})
                        .toList());
    }

    void recordFailed(List<Failed> failed, Instant now) {
        batch.batchUpdate(
                "UPDATE provider_objects SET last_error = ?, updated_at = ? WHERE wallet_card_id = ? AND provider = ?",
                failed.stream()
                        .map(f -> new Object[] {
                            f.error().length() > 500 ? f.error().substring(0, 500) : f.error(),
                            Times.db(now),
                            f.walletCardId(),
                            f.provider()
                        })
                        .toList());
    }

    private static Run run(ResultSet rs, int row) throws SQLException {
        long fannedOut = rs.getLong("fanned_out");
        boolean notYet = rs.wasNull();
        return new Run(
                rs.getString("scope_key"),
                Scope.valueOf(rs.getString("scope")),
                new OrganizationId(rs.getString("organization_id")),
                rs.getString("campaign_id"),
                rs.getString("run_id"),
                rs.getLong("requested"),
                notYet ? null : fannedOut);
    }

    private static CardRef cardRef(ResultSet rs, int row) throws SQLException {
        return new CardRef(
                rs.getString("id"),
                rs.getString("recipient_id"),
                rs.getString("campaign_id"),
                CardStatus.valueOf(rs.getString("status")),
                rs.getString("barcode_value"));
    }

    private static String marks(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }
}
