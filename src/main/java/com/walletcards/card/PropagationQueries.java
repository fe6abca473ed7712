package com.walletcards.card;

import com.walletcards.shared.CoalescedRuns;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.RunId;
import com.walletcards.shared.SqlArrays;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.SavepointManager;

/**
 * SQL of live updates: the propagation runs ({@link CoalescedRuns} keyed by scope, one row each),
 * the cards they reach and the versions pushed.
 */
@Repository
class PropagationQueries implements CoalescedRuns.Counts<PropagationQueries.Change> {

    private static final String RUN_COLUMNS =
            "scope_key, scope, organization_id, campaign_id, run_id, requested, fanned_out";
    private static final String ACTIVE_OF_CAMPAIGN =
            "FROM wallet_cards WHERE organization_id = :org AND campaign_id = :campaign AND status = 'active'";

    private final JdbcClient jdbc;
    private final NamedParameterJdbcTemplate batch;

    PropagationQueries(JdbcClient jdbc, NamedParameterJdbcTemplate batch) {
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
            @Nullable Long fannedOut) {

        RunId id() {
            return new RunId(scopeKey, runId);
        }
    }

    /** One content change to count in its scope's run, or to start a run with. */
    record Change(Scope scope, OrganizationId organizationId, String campaignId, Instant at) {}

    /**
     * An installed provider object, locked for the rest of the transaction; {@code leaseUntil}
     * set while a worker is pushing to it.
     */
    record InstalledObject(
            String walletCardId,
            String provider,
            String objectRef,
            long contentVersion,
            @Nullable Instant leaseUntil) {}

    record CardRef(
            String walletCardId, String recipientId, String campaignId, CardStatus status, String barcodeValue) {}

    /** A push to lease or record: the object gets, or now holds, {@code version}. */
    record Pushed(String walletCardId, String provider, long version) {}

    record Failed(String walletCardId, String provider, long version, String error) {}

    /** Counts one more change for a scope whose run is in progress; false when no run is. */
    @Override
    public boolean bump(String scopeKey, Change change) {
        return jdbc.sql("UPDATE card_propagations SET requested = requested + 1, updated_at = :now"
                                + " WHERE scope_key = :scope")
                        .param("now", Times.db(change.at()))
                        .param("scope", scopeKey)
                        .update()
                == 1;
    }

    /** Starts a run for a scope, this change counted; false when a concurrent transaction started one first. */
    @Override
    public boolean start(RunId run, Change change) {
        // ON CONFLICT without a target is what both PostgreSQL and H2 (PostgreSQL mode) accept.
        return jdbc.sql("""
                        INSERT INTO card_propagations (scope_key, scope, organization_id, campaign_id, run_id,
                          requested, fanned_out, created_at, updated_at)
                        VALUES (:scope, :kind, :org, :campaign, :run, 1, NULL, :now, :now)
                        ON CONFLICT DO NOTHING""")
                        .param("scope", run.key())
                        .param("kind", change.scope().name())
                        .param("org", change.organizationId().value())
                        .param("campaign", change.campaignId())
                        .param("run", run.run())
                        .param("now", Times.db(change.at()))
                        .update()
                == 1;
    }

    Optional<Run> find(String scopeKey) {
        return jdbc.sql("SELECT " + RUN_COLUMNS + " FROM card_propagations WHERE scope_key = :scope")
                .param("scope", scopeKey)
                .query(PropagationQueries::run)
                .optional();
    }

    Optional<Run> findByRun(String runId) {
        return jdbc.sql("SELECT " + RUN_COLUMNS + " FROM card_propagations WHERE run_id = :run")
                .param("run", runId)
                .query(PropagationQueries::run)
                .optional();
    }

    void fannedOut(String scopeKey, String runId, long requested, Instant now) {
        jdbc.sql("UPDATE card_propagations SET fanned_out = :requested, updated_at = :now"
                        + " WHERE scope_key = :scope AND run_id = :run")
                .param("requested", requested)
                .param("now", Times.db(now))
                .param("scope", scopeKey)
                .param("run", runId)
                .update();
    }

    /**
     * Ends the run when no change arrived since it read {@code handled}: one statement, whose row
     * lock orders it against {@link #bump}.
     */
    @Override
    public boolean finishIfCaughtUp(RunId run, long handled) {
        return jdbc.sql("DELETE FROM card_propagations WHERE scope_key = :scope AND run_id = :run"
                                + " AND requested = :handled")
                        .param("scope", run.key())
                        .param("run", run.run())
                        .param("handled", handled)
                        .update()
                == 1;
    }

    /** Executions of a task whose instance id starts with {@code prefix}, done or not. */
    long pendingExecutions(String taskName, String prefix) {
        return jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks WHERE task_name = :task"
                        + " AND LEFT(task_instance, :length) = :prefix")
                .param("task", taskName)
                .param("length", prefix.length())
                .param("prefix", prefix)
                .query(Long.class)
                .single();
    }

    boolean anyActive(OrganizationId org, String campaignId) {
        return !jdbc.sql("SELECT id " + ACTIVE_OF_CAMPAIGN + " ORDER BY id LIMIT 1")
                .param("org", org.value())
                .param("campaign", campaignId)
                .query(String.class)
                .list()
                .isEmpty();
    }

    /** The id of the active card {@code skip} places after {@code afterId}: where a batch of that size ends. */
    Optional<String> boundary(OrganizationId org, String campaignId, String afterId, int skip) {
        return jdbc.sql("SELECT id " + ACTIVE_OF_CAMPAIGN + " AND id > :after ORDER BY id LIMIT 1 OFFSET :skip")
                .param("org", org.value())
                .param("campaign", campaignId)
                .param("after", afterId)
                .param("skip", skip)
                .query(String.class)
                .optional();
    }

    /** Active cards of a campaign with {@code afterId < id <= untilId} (no upper end when null), in id order. */
    List<String> activeCardIds(
            OrganizationId org, String campaignId, String afterId, @Nullable String untilId, int limit) {
        return jdbc.sql("SELECT id " + ACTIVE_OF_CAMPAIGN + " AND id > :after"
                        + (untilId == null ? "" : " AND id <= :until") + " ORDER BY id LIMIT :limit")
                .param("org", org.value())
                .param("campaign", campaignId)
                .param("after", afterId)
                .param("until", untilId)
                .param("limit", limit)
                .query(String.class)
                .list();
    }

    Optional<CardRef> cardOfRecipient(OrganizationId org, String recipientId) {
        return jdbc.sql("SELECT id, recipient_id, campaign_id, status, barcode_value FROM wallet_cards"
                        + " WHERE recipient_id = :recipient AND organization_id = :org")
                .param("recipient", recipientId)
                .param("org", org.value())
                .query(PropagationQueries::cardRef)
                .optional();
    }

    /**
     * Locks the installed, not voided provider objects of these cards that exist at their
     * providers, always in the same order so that workers sharing cards never deadlock.
     */
    List<InstalledObject> lockInstalledObjects(Collection<String> cardIds) {
        if (cardIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("""
                        SELECT wallet_card_id, provider, object_ref, content_version, push_lease_until
                        FROM provider_objects
                        WHERE wallet_card_id = ANY(:cards) AND installed = TRUE AND voided = FALSE
                          AND created_at_provider = TRUE
                        ORDER BY wallet_card_id, provider FOR UPDATE""")
                .param("cards", SqlArrays.of(cardIds))
                .query((rs, n) -> {
                    OffsetDateTime lease = rs.getObject("push_lease_until", OffsetDateTime.class);
                    return new InstalledObject(
                            rs.getString("wallet_card_id"),
                            rs.getString("provider"),
                            rs.getString("object_ref"),
                            rs.getLong("content_version"),
                            lease == null ? null : lease.toInstant());
                })
                .list();
    }

    /** These cards as they are now, read after their objects were locked. */
    Map<String, CardRef> cards(OrganizationId org, Collection<String> cardIds) {
        Map<String, CardRef> cards = new LinkedHashMap<>();
        if (cardIds.isEmpty()) {
            return cards;
        }
        // The organization is checked here, not in the query (see RecipientQueries.findMany).
        jdbc.sql("SELECT id, organization_id, recipient_id, campaign_id, status, barcode_value FROM wallet_cards"
                        + " WHERE id = ANY(:cards)")
                .param("cards", SqlArrays.of(cardIds))
                .query(rs -> {
                    if (org.value().equals(rs.getString("organization_id"))) {
                        CardRef card = cardRef(rs, 0);
                        cards.put(card.walletCardId(), card);
                    }
                });
        return cards;
    }

    /**
     * Gives each object a push lease for the version it is about to receive; under the objects' locks,
     * so one statement per provider and version reaches every object of the group.
     */
    void lease(List<Pushed> pushes, Instant until, Instant now) {
        groups(pushes, p -> p.provider() + "\u0000" + p.version()).values().forEach(group -> {
            Pushed first = pushes.get(group.get(0));
            jdbc.sql("""
                            UPDATE provider_objects SET pushing_version = :version, push_lease_until = :until,
                              updated_at = :now
                            WHERE wallet_card_id = ANY(:cards) AND provider = :provider""")
                    .param("version", first.version())
                    .param("until", Times.db(until))
                    .param("now", Times.db(now))
                    .param("cards", SqlArrays.of(cardIds(pushes, group, Pushed::walletCardId)))
                    .param("provider", first.provider())
                    .update();
        });
    }

    /**
     * Records what was pushed, only while the lease is still this push's, and only ever forward;
     * releases the lease. Returns, per push, whether it was recorded.
     *
     * <p>One statement per provider and version: when it changes as many rows as the group has
     * pushes, every push was recorded. When fewer (a lease expired and another worker holds the
     * object now), the rows it changed no longer tell which they were, so the statement is rolled
     * back to a savepoint and the group goes row by row, whose counts say which pushes were
     * recorded.
     */
    int[] recordPushed(List<Pushed> pushed, Instant now, SavepointManager savepoints) {
        int[] recorded = new int[pushed.size()];
        for (List<Integer> group :
                groups(pushed, p -> p.provider() + "\u0000" + p.version()).values()) {
            Pushed first = pushed.get(group.get(0));
            if (group.size() > 1) {
                Object savepoint = savepoints.createSavepoint();
                int changed = jdbc.sql(RECORD_PUSHED + "wallet_card_id = ANY(:cards)")
                        .param("now", Times.db(now))
                        .param("version", first.version())
                        .param("cards", SqlArrays.of(cardIds(pushed, group, Pushed::walletCardId)))
                        .param("provider", first.provider())
                        .update();
                if (changed == group.size()) {
                    group.forEach(i -> recorded[i] = 1);
                    continue;
                }
                savepoints.rollbackToSavepoint(savepoint);
            }
            int[] rows = batch.batchUpdate(
                    RECORD_PUSHED + "wallet_card_id = :card",
                    group.stream()
                            .map(i -> object(pushed.get(i).walletCardId(), first.provider(), first.version(), now))
                            .toArray(SqlParameterSource[]::new));
            for (int r = 0; r < rows.length; r++) {
                recorded[group.get(r)] = rows[r];
            }
        }
        return recorded;
    }

    private static final String RECORD_PUSHED = """
            UPDATE provider_objects SET last_error = NULL, pushing_version = NULL, push_lease_until = NULL,
              updated_at = :now,
              content_version = CASE WHEN content_version < :version THEN :version ELSE content_version END
            WHERE provider = :provider AND pushing_version = :version AND \
            """;

    /**
     * Records why pushes failed and releases their leases, where the lease is still theirs: one
     * statement per provider, version and error, since nothing reads which rows it changed.
     */
    void recordFailed(List<Failed> failed, Instant now) {
        groups(failed, f -> f.provider() + "\u0000" + f.version() + "\u0000" + f.error())
                .values()
                .forEach(group -> {
                    Failed first = failed.get(group.get(0));
                    String error = first.error().length() > 500 ? first.error().substring(0, 500) : first.error();
                    jdbc.sql("""
                                    UPDATE provider_objects SET last_error = :error, pushing_version = NULL,
                                      push_lease_until = NULL, updated_at = :now
                                    WHERE wallet_card_id = ANY(:cards) AND provider = :provider
                                      AND pushing_version = :version""")
                            .param("error", error)
                            .param("now", Times.db(now))
                            .param("cards", SqlArrays.of(cardIds(failed, group, Failed::walletCardId)))
                            .param("provider", first.provider())
                            .param("version", first.version())
                            .update();
                });
    }

    /** Positions of the items by group, groups in order of first appearance. */
    private static <T> Map<String, List<Integer>> groups(List<T> items, Function<T, String> key) {
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            groups.computeIfAbsent(key.apply(items.get(i)), k -> new ArrayList<>())
                    .add(i);
        }
        return groups;
    }

    private static <T> List<String> cardIds(List<T> items, List<Integer> group, Function<T, String> card) {
        return group.stream().map(i -> card.apply(items.get(i))).toList();
    }

    private static MapSqlParameterSource object(String cardId, String provider, long version, Instant now) {
        return new MapSqlParameterSource()
                .addValue("card", cardId)
                .addValue("provider", provider)
                .addValue("version", version)
                .addValue("now", Times.db(now));
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
}
