package com.walletcards.card;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.SqlArrays;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * SQL of update delivery: the content versions of campaigns, the delivery facts per version, card,
 * provider and target, and the counters kept beside them (docs/update-delivery.md).
 */
@Repository
class UpdateQueries {

    /** What a delivery fact can be; {@code pending} and {@code stale} still wait for the device. */
    enum State {
        pending,
        delivered,
        failed,
        stale
    }

    /** A card as delivery facts need it. */
    record CardOf(String walletCardId, OrganizationId organizationId, String campaignId, String recipientId) {}

    /** One delivery fact to write. */
    record NewFact(
            String walletCardId,
            String provider,
            String target,
            String campaignId,
            long version,
            long cardVersion,
            State state,
            Instant at) {}

    /** One delivery fact as read, locked, for a transition. */
    record Fact(String walletCardId, String provider, String target, String campaignId, long version, State state) {}

    private final JdbcClient jdbc;
    private final NamedParameterJdbcTemplate batch;

    UpdateQueries(JdbcClient jdbc, NamedParameterJdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    // ---- content versions

    /** The next version number of the campaign; the head row's lock orders concurrent changes. */
    long nextVersion(String campaignId) {
        for (int attempt = 0; attempt < 3; attempt++) {
            if (jdbc.sql("UPDATE content_version_heads SET last = last + 1 WHERE campaign_id = :c")
                            .param("c", campaignId)
                            .update()
                    == 1) {
                return jdbc.sql("SELECT last FROM content_version_heads WHERE campaign_id = :c")
                        .param("c", campaignId)
                        .query(Long.class)
                        .single();
            }
            if (jdbc.sql("INSERT INTO content_version_heads (campaign_id, last) VALUES (:c, 1) ON CONFLICT DO NOTHING")
                            .param("c", campaignId)
                            .update()
                    == 1) {
                return 1;
            }
        }
        throw new IllegalStateException("No content version for campaign " + campaignId);
    }

    void insertVersion(
            OrganizationId org,
            String campaignId,
            long version,
            String kind,
            @Nullable String walletCardId,
            String changed,
            Instant at,
            Collection<String> providers) {
        jdbc.sql("""
                        INSERT INTO content_versions (campaign_id, version, organization_id, kind, wallet_card_id,
                          changed, at, reached)
                        VALUES (:c, :v, :org, :kind, :card, :changed, :at, FALSE)""")
                .param("c", campaignId)
                .param("v", version)
                .param("org", org.value())
                .param("kind", kind)
                .param("card", walletCardId)
                .param("changed", changed.length() > 2000 ? changed.substring(0, 2000) : changed)
                .param("at", Times.db(at))
                .update();
        batch.batchUpdate(
                "INSERT INTO update_delivery_counts (campaign_id, version, provider, target, delivered, pending,"
                        + " failed, stale) VALUES (:c, :v, :p, 0, 0, 0, 0, 0)",
                providers.stream()
                        .map(p -> new MapSqlParameterSource()
                                .addValue("c", campaignId)
                                .addValue("v", version)
                                .addValue("p", p))
                        .toArray(SqlParameterSource[]::new));
    }

    /**
     * The newest version recorded up to {@code at} that each card shows: its campaign's changes and
     * its own; with {@code revocationsOnly}, its revocation.
     */
    Map<String, Long> newestVersions(Collection<CardOf> cards, Instant at, boolean revocationsOnly) {
        Map<String, Long> newest = new HashMap<>();
        if (cards.isEmpty()) {
            return newest;
        }
        if (!revocationsOnly) {
            Map<String, Long> byCampaign = new HashMap<>();
            cards.stream()
                    .map(CardOf::campaignId)
                    .distinct()
                    .forEach(campaign -> jdbc.sql(
                                    "SELECT version FROM content_versions WHERE campaign_id = :c AND kind = 'campaign'"
                                            + " AND at <= :at ORDER BY version DESC LIMIT 1")
                            .param("c", campaign)
                            .param("at", Times.db(at))
                            .query(Long.class)
                            .optional()
                            .ifPresent(v -> byCampaign.put(campaign, v)));
            cards.forEach(card -> {
                Long v = byCampaign.get(card.campaignId());
                if (v != null) {
                    newest.put(card.walletCardId(), v);
                }
            });
        }
        jdbc.sql("SELECT wallet_card_id, MAX(version) FROM content_versions WHERE wallet_card_id = ANY(:cards)"
                        + (revocationsOnly ? " AND kind = 'revocation'" : " AND kind <> 'revocation'")
                        + " AND at <= :at GROUP BY wallet_card_id")
                .param(
                        "cards",
                        SqlArrays.of(cards.stream().map(CardOf::walletCardId).toList()))
                .param("at", Times.db(at))
                .query(rs -> {
                    newest.merge(rs.getString(1), rs.getLong(2), Math::max);
                });
        return newest;
    }

    void markReached(String campaignId, long version) {
        jdbc.sql("UPDATE content_versions SET reached = TRUE WHERE campaign_id = :c AND version = :v"
                        + " AND reached = FALSE")
                .param("c", campaignId)
                .param("v", version)
                .update();
    }

    Optional<Instant> versionAt(String campaignId, long version) {
        return jdbc.sql("SELECT at FROM content_versions WHERE campaign_id = :c AND version = :v")
                .param("c", campaignId)
                .param("v", version)
                .query((rs, n) -> rs.getObject(1, OffsetDateTime.class).toInstant())
                .optional();
    }

    // ---- cards and objects

    Map<String, CardOf> cards(Collection<String> cardIds) {
        Map<String, CardOf> cards = new HashMap<>();
        if (cardIds.isEmpty()) {
            return cards;
        }
        jdbc.sql("SELECT id, organization_id, campaign_id, recipient_id FROM wallet_cards WHERE id = ANY(:cards)")
                .param("cards", SqlArrays.of(List.copyOf(cardIds)))
                .query(rs -> {
                    CardOf card = new CardOf(
                            rs.getString(1), new OrganizationId(rs.getString(2)), rs.getString(3), rs.getString(4));
                    cards.put(card.walletCardId(), card);
                });
        return cards;
    }

    Optional<String> cardOfObject(String provider, String objectRef) {
        return jdbc.sql("SELECT wallet_card_id FROM provider_objects WHERE provider = :p AND object_ref = :ref")
                .param("p", provider)
                .param("ref", objectRef)
                .query(String.class)
                .optional();
    }

    /** The installed objects of these cards, as {@code card -> provider -> object ref}. */
    Map<String, Map<String, String>> installedObjects(Collection<String> cardIds) {
        Map<String, Map<String, String>> objects = new HashMap<>();
        if (cardIds.isEmpty()) {
            return objects;
        }
        jdbc.sql("SELECT wallet_card_id, provider, object_ref FROM provider_objects"
                        + " WHERE wallet_card_id = ANY(:cards) AND installed = TRUE")
                .param("cards", SqlArrays.of(List.copyOf(cardIds)))
                .query(rs -> {
                    objects.computeIfAbsent(rs.getString(1), c -> new HashMap<>())
                            .put(rs.getString(2), rs.getString(3));
                });
        return objects;
    }

    // ---- delivery facts

    /** Writes facts not written before; returns, per fact, whether it was new. */
    boolean[] insertFacts(List<NewFact> facts) {
        int[] rows = batch.batchUpdate(
                """
                INSERT INTO update_deliveries (wallet_card_id, provider, target, campaign_id, version, card_version,
                  state, asked, pushed_at, done_at)
                VALUES (:card, :provider, :target, :campaign, :version, :cardVersion, :state, FALSE, :at, :done)
                ON CONFLICT DO NOTHING""",
                facts.stream()
                        .map(f -> new MapSqlParameterSource()
                                .addValue("card", f.walletCardId())
                                .addValue("provider", f.provider())
                                .addValue("target", f.target())
                                .addValue("campaign", f.campaignId())
                                .addValue("version", f.version())
                                .addValue("cardVersion", f.cardVersion())
                                .addValue("state", f.state().name())
                                .addValue("at", Times.db(f.at()))
                                .addValue("done", f.state() == State.pending ? null : Times.db(f.at())))
                        .toArray(SqlParameterSource[]::new));
        boolean[] inserted = new boolean[rows.length];
        for (int i = 0; i < rows.length; i++) {
            inserted[i] = rows[i] > 0 || rows[i] == java.sql.Statement.SUCCESS_NO_INFO;
        }
        return inserted;
    }

    void markAsked(String cardId, String provider, String target) {
        jdbc.sql("UPDATE update_deliveries SET asked = TRUE WHERE wallet_card_id = :card AND provider = :p"
                        + " AND target = :t AND state IN ('pending', 'stale') AND asked = FALSE")
                .param("card", cardId)
                .param("p", provider)
                .param("t", target)
                .update();
    }

    /**
     * Locks the waiting facts of one card and provider: of one target, or (target null) those the
     * fetch of {@code cardVersion} delivers: every target for objects without devices, the devices
     * that asked for it otherwise.
     */
    List<Fact> lockWaiting(String cardId, String provider, @Nullable String target, long cardVersion) {
        return jdbc.sql("SELECT wallet_card_id, provider, target, campaign_id, version, state FROM update_deliveries"
                        + " WHERE wallet_card_id = :card AND provider = :p AND state IN ('pending', 'stale')"
                        + (target == null
                                ? " AND card_version <= :cv AND (target = '-' OR asked = TRUE)"
                                : " AND target = :t")
                        + " ORDER BY wallet_card_id, provider, target, version FOR UPDATE")
                .param("card", cardId)
                .param("p", provider)
                .param("cv", cardVersion)
                .param("t", target)
                .query(UpdateQueries::fact)
                .list();
    }

    /** Locks up to {@code limit} facts pending since before {@code cutoff}. */
    List<Fact> lockPendingSince(Instant cutoff, int limit) {
        return jdbc.sql("SELECT wallet_card_id, provider, target, campaign_id, version, state FROM update_deliveries"
                        + " WHERE state = 'pending' AND pushed_at < :cutoff"
                        // locked in the order every other transition locks facts in, so none deadlocks
                        + " ORDER BY wallet_card_id, provider, target, version LIMIT :limit FOR UPDATE")
                .param("cutoff", Times.db(cutoff))
                .param("limit", limit)
                .query(UpdateQueries::fact)
                .list();
    }

    void setState(List<Fact> facts, State state, Instant now) {
        batch.batchUpdate(
                "UPDATE update_deliveries SET state = :state, done_at = :now WHERE wallet_card_id = :card"
                        + " AND provider = :p AND target = :t AND version = :v",
                facts.stream()
                        .map(f -> key(f).addValue("state", state.name()).addValue("now", Times.db(now)))
                        .toArray(SqlParameterSource[]::new));
    }

    void delete(List<Fact> facts) {
        batch.batchUpdate(
                "DELETE FROM update_deliveries WHERE wallet_card_id = :card AND provider = :p AND target = :t"
                        + " AND version = :v",
                facts.stream().map(UpdateQueries::key).toArray(SqlParameterSource[]::new));
    }

    boolean anyDelivered(String cardId, String provider, long version) {
        return jdbc.sql("SELECT COUNT(*) FROM update_deliveries WHERE wallet_card_id = :card AND provider = :p"
                                + " AND version = :v AND state = 'delivered'")
                        .param("card", cardId)
                        .param("p", provider)
                        .param("v", version)
                        .query(Long.class)
                        .single()
                > 0;
    }

    // ---- counters

    /** Adds to one version's counters of one provider; the deltas are target, delivered, pending, failed, stale. */
    void count(String campaignId, long version, String provider, long[] delta) {
        if (Arrays.stream(delta).allMatch(d -> d == 0)) {
            return;
        }
        jdbc.sql("""
                        UPDATE update_delivery_counts SET target = target + :t, delivered = delivered + :d,
                          pending = pending + :p, failed = failed + :f, stale = stale + :s
                        WHERE campaign_id = :c AND version = :v AND provider = :provider""")
                .param("t", delta[0])
                .param("d", delta[1])
                .param("p", delta[2])
                .param("f", delta[3])
                .param("s", delta[4])
                .param("c", campaignId)
                .param("v", version)
                .param("provider", provider)
                .update();
    }

    long staleTotal() {
        return jdbc.sql("SELECT COALESCE(SUM(stale), 0) FROM update_delivery_counts")
                .query(Long.class)
                .single();
    }

    private static MapSqlParameterSource key(Fact f) {
        return new MapSqlParameterSource()
                .addValue("card", f.walletCardId())
                .addValue("p", f.provider())
                .addValue("t", f.target())
                .addValue("v", f.version());
    }

    private static Fact fact(ResultSet rs, int row) throws SQLException {
        return new Fact(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getLong(5),
                State.valueOf(rs.getString(6)));
    }
}
