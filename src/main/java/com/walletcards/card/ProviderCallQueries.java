package com.walletcards.card;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.SqlArrays;
import com.walletcards.shared.Times;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of the provider calls that run in background work: creating objects and voiding them. */
@Repository
class ProviderCallQueries {

    private final JdbcClient jdbc;
    private final NamedParameterJdbcTemplate batch;

    ProviderCallQueries(JdbcClient jdbc, NamedParameterJdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    /** An object with a call still to make: created at its provider, or voided there. */
    record PendingObject(
            String walletCardId,
            String provider,
            String objectRef,
            OrganizationId organizationId,
            String campaignId,
            String recipientId,
            String barcodeValue,
            boolean toCreate,
            boolean toVoid,
            @Nullable Instant pushLeaseUntil) {}

    /** What a call achieved for one object; {@code error} null when it succeeded. */
    record CallOutcome(
            String walletCardId,
            String provider,
            boolean done,
            long version,
            @Nullable String error) {}

    private record ProviderVersion(String provider, long version) {}

    /** The pending calls of one job, read without locks: the provider is called after this. */
    List<PendingObject> pending(String callBatch) {
        return jdbc.sql("""
                        SELECT o.wallet_card_id, o.provider, o.object_ref, c.organization_id, c.campaign_id, c.recipient_id,
                          c.barcode_value, o.created_at_provider, o.voided, o.void_pending, o.push_lease_until
                        FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id
                        WHERE o.call_batch = :batch
                          AND ((o.created_at_provider = FALSE AND o.voided = FALSE) OR o.void_pending = TRUE)
                        ORDER BY o.wallet_card_id, o.provider""")
                .param("batch", callBatch)
                .query((rs, n) -> new PendingObject(
                        rs.getString("wallet_card_id"),
                        rs.getString("provider"),
                        rs.getString("object_ref"),
                        new OrganizationId(rs.getString("organization_id")),
                        rs.getString("campaign_id"),
                        rs.getString("recipient_id"),
                        rs.getString("barcode_value"),
                        !rs.getBoolean("created_at_provider") && !rs.getBoolean("voided"),
                        rs.getBoolean("void_pending"),
                        lease(rs.getObject("push_lease_until", java.time.OffsetDateTime.class))))
                .list();
    }

    /**
     * Records creations. The version only moves forward: live updates may have recorded a newer
     * one meanwhile. Returns the installed cards among them, which may have missed a push while
     * their objects did not exist yet.
     */
    List<String> recordCreated(Collection<CallOutcome> created, Instant now) {
        // One statement per provider and version (a creation call carries one or two of each):
        // nothing reads which rows it changed.
        created.stream()
                .collect(Collectors.groupingBy(
                        c -> new ProviderVersion(c.provider(), c.version()),
                        LinkedHashMap::new,
                        Collectors.mapping(CallOutcome::walletCardId, Collectors.toList())))
                .forEach((group, cards) -> jdbc.sql("""
                                UPDATE provider_objects SET created_at_provider = TRUE, last_error = NULL, updated_at = :now,
                                  content_version = CASE WHEN content_version < :version THEN :version ELSE content_version END
                                WHERE provider = :provider AND wallet_card_id = ANY(:cards)""")
                        .param("now", Times.db(now))
                        .param("version", group.version())
                        .param("provider", group.provider())
                        .param("cards", SqlArrays.of(cards))
                        .update());
        if (created.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT DISTINCT wallet_card_id FROM provider_objects WHERE wallet_card_id = ANY(:cards)"
                        + " AND installed = TRUE")
                .param(
                        "cards",
                        SqlArrays.of(
                                created.stream().map(CallOutcome::walletCardId).toList()))
                .query(String.class)
                .list();
    }

    void recordVoided(Collection<CallOutcome> voided, Instant now) {
        batch.batchUpdate(
                "UPDATE provider_objects SET void_pending = FALSE, last_error = NULL, updated_at = :now"
                        + " WHERE wallet_card_id = :card AND provider = :provider",
                params(voided, now));
    }

    /**
     * Records failures as the objects' last error. A call that is {@code done} (failed for good, or
     * given up) leaves the job: nothing will call the provider for it again.
     */
    void recordFailed(Collection<CallOutcome> failed, Instant now) {
        batch.batchUpdate("""
                UPDATE provider_objects SET last_error = :error, updated_at = :now,
                  void_pending = CASE WHEN CAST(:done AS BOOLEAN) THEN FALSE ELSE void_pending END,
                  call_batch = CASE WHEN CAST(:done AS BOOLEAN) THEN NULL ELSE call_batch END
                WHERE wallet_card_id = :card AND provider = :provider""", params(failed, now));
    }

    private static @Nullable Instant lease(java.time.@Nullable OffsetDateTime at) {
        return at == null ? null : at.toInstant();
    }

    private static SqlParameterSource[] params(Collection<CallOutcome> outcomes, Instant now) {
        return outcomes.stream()
                .map(o -> new MapSqlParameterSource()
                        .addValue("card", o.walletCardId())
                        .addValue("provider", o.provider())
                        .addValue("version", o.version())
                        .addValue("done", o.done())
                        .addValue(
                                "error",
                                o.error() == null || o.error().length() <= 500
                                        ? o.error()
                                        : o.error().substring(0, 500))
                        .addValue("now", Times.db(now)))
                .toArray(SqlParameterSource[]::new);
    }
}
