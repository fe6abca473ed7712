package com.walletcards.card;

import com.walletcards.shared.OrganizationId;
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
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of the wallet card aggregate. */
@Repository
class CardQueries {

    private static final String CARD_COLUMNS =
            "id, organization_id, campaign_id, recipient_id, lifecycle, final_status, download_code, barcode_value,"
                    + " created_at, updated_at";

    private final JdbcClient jdbc;
    private final JdbcTemplate batch;

    CardQueries(JdbcClient jdbc, JdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    void insert(List<WalletCard> cards) {
        batch.batchUpdate(
                "INSERT INTO wallet_cards (" + CARD_COLUMNS + ", status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                cards,
                500,
                (ps, c) -> {
                    ps.setString(1, c.id());
                    ps.setString(2, c.organizationId().value());
                    ps.setString(3, c.campaignId());
                    ps.setString(4, c.recipientId());
                    ps.setString(5, c.lifecycle().name());
                    ps.setString(
                            6, c.finalStatus() == null ? null : c.finalStatus().name());
                    ps.setString(7, c.downloadCode());
                    ps.setString(8, c.barcodeValue());
                    ps.setObject(9, Times.db(c.createdAt()));
                    ps.setObject(10, Times.db(c.updatedAt()));
                    ps.setString(11, c.status().name());
                });
        List<Object[]> objects = new ArrayList<>();
        for (WalletCard c : cards) {
            for (ProviderObject o : c.objects()) {
                objects.add(new Object[] {
                    c.id(),
                    o.provider(),
                    c.organizationId().value(),
                    o.objectRef(),
                    o.contentVersion(),
                    Times.db(o.updatedAt())
                });
            }
        }
        // The content version the object was created with: live updates push only what is newer.
        batch.batchUpdate(
                "INSERT INTO provider_objects (wallet_card_id, provider, organization_id, object_ref, content_version,"
                        + " updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                objects);
    }

    /**
     * Saves the card's status and its objects' states (not its immutable parts). Content version
     * and last error belong to live updates, which write them under the objects' row locks.
     */
    void update(WalletCard c) {
        jdbc.sql("UPDATE wallet_cards SET lifecycle = ?, final_status = ?, status = ?, updated_at = ? WHERE id = ?")
                .params(
                        c.lifecycle().name(),
                        c.finalStatus() == null ? null : c.finalStatus().name(),
                        c.status().name(),
                        Times.db(c.updatedAt()),
                        c.id())
                .update();
        batch.batchUpdate("""
                UPDATE provider_objects SET installed = ?, ever_installed = ?, voided = ?, last_event_at = ?,
                  updated_at = ?
                WHERE wallet_card_id = ? AND provider = ?""", c.objects(), 10, (ps, o) -> {
            ps.setBoolean(1, o.installed());
            ps.setBoolean(2, o.everInstalled());
            ps.setBoolean(3, o.voided());
            ps.setObject(4, Times.db(o.lastEventAt()));
            ps.setObject(5, Times.db(o.updatedAt()));
            ps.setString(6, c.id());
            ps.setString(7, o.provider());
        });
    }

    Optional<WalletCard> find(OrganizationId org, String id) {
        return one("WHERE id = ? AND organization_id = ?", id, org.value());
    }

    /** Row-locks the card: provider callbacks and issuer actions on one card serialize. */
    Optional<WalletCard> findForUpdate(String id) {
        return one("WHERE id = ? FOR UPDATE", id);
    }

    Optional<WalletCard> findForUpdate(OrganizationId org, String id) {
        return one("WHERE id = ? AND organization_id = ? FOR UPDATE", id, org.value());
    }

    Optional<WalletCard> findByCode(String code) {
        return one("WHERE download_code = ?", code);
    }

    List<WalletCard> findMany(OrganizationId org, Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        List<Object> params = new ArrayList<>(ids);
        params.add(org.value());
        String marks = String.join(", ", java.util.Collections.nCopies(ids.size(), "?"));
        return withObjects(jdbc.sql("SELECT " + CARD_COLUMNS + " FROM wallet_cards WHERE id IN (" + marks
                        + ") AND organization_id = ?")
                .params(params)
                .query(CardQueries::cardRow)
                .list());
    }

    /** Active cards of a campaign in id order, after {@code afterId}: a keyset page for fan-outs. */
    List<WalletCard> activeCards(OrganizationId org, String campaignId, @Nullable String afterId, int limit) {
        return withObjects(jdbc.sql("SELECT " + CARD_COLUMNS
                        + " FROM wallet_cards WHERE organization_id = ? AND campaign_id = ? AND status = 'active'"
                        + " AND id > ? ORDER BY id LIMIT ?")
                .params(org.value(), campaignId, afterId == null ? "" : afterId, limit)
                .query(CardQueries::cardRow)
                .list());
    }

    long countActive(OrganizationId org, String campaignId) {
        return jdbc.sql(
                        "SELECT COUNT(*) FROM wallet_cards WHERE organization_id = ? AND campaign_id = ? AND status = 'active'")
                .params(org.value(), campaignId)
                .query(Long.class)
                .single();
    }

    /** Records a provider event once; false when this provider already sent this event id. */
    boolean recordEvent(
            String provider, String eventId, WalletCard card, String event, Instant occurredAt, Instant now) {
        try {
            jdbc.sql("""
                            INSERT INTO provider_events (provider, event_id, wallet_card_id, organization_id, event,
                              occurred_at, received_at, applied) VALUES (?, ?, ?, ?, ?, ?, ?, FALSE)""")
                    .params(
                            provider,
                            eventId,
                            card.id(),
                            card.organizationId().value(),
                            event,
                            Times.db(occurredAt),
                            Times.db(now))
                    .update();
            return true;
        } catch (DuplicateKeyException alreadySeen) {
            return false;
        }
    }

    void markEventApplied(String provider, String eventId) {
        jdbc.sql("UPDATE provider_events SET applied = TRUE WHERE provider = ? AND event_id = ?")
                .params(provider, eventId)
                .update();
    }

    private Optional<WalletCard> one(String where, Object... params) {
        List<WalletCard> cards = withObjects(jdbc.sql("SELECT " + CARD_COLUMNS + " FROM wallet_cards " + where)
                .params(params)
                .query(CardQueries::cardRow)
                .list());
        return cards.stream().findFirst();
    }

    private List<WalletCard> withObjects(List<CardRow> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        Map<String, List<ProviderObject>> objects = new LinkedHashMap<>();
        rows.forEach(r -> objects.put(r.id, new ArrayList<>()));
        String marks = String.join(", ", java.util.Collections.nCopies(rows.size(), "?"));
        jdbc.sql("""
                        SELECT wallet_card_id, provider, object_ref, installed, ever_installed, voided, last_event_at,
                          content_version, last_error, updated_at
                        FROM provider_objects WHERE wallet_card_id IN (%s) ORDER BY wallet_card_id, provider""".formatted(marks))
                .params(rows.stream().map(r -> (Object) r.id).toList())
                .query((rs, n) -> {
                    objects.get(rs.getString("wallet_card_id")).add(object(rs));
                    return null;
                })
                .list();
        return rows.stream().map(r -> r.card(objects.get(r.id))).toList();
    }

    private static ProviderObject object(ResultSet rs) throws SQLException {
        OffsetDateTime last = rs.getObject("last_event_at", OffsetDateTime.class);
        return new ProviderObject(
                rs.getString("provider"),
                rs.getString("object_ref"),
                rs.getBoolean("installed"),
                rs.getBoolean("ever_installed"),
                rs.getBoolean("voided"),
                last == null ? null : last.toInstant(),
                rs.getLong("content_version"),
                rs.getString("last_error"),
                rs.getObject("updated_at", OffsetDateTime.class).toInstant());
    }

    private record CardRow(
            String id,
            String organizationId,
            String campaignId,
            String recipientId,
            String lifecycle,
            @Nullable String finalStatus,
            String code,
            String barcode,
            Instant createdAt,
            Instant updatedAt) {
        WalletCard card(List<ProviderObject> objects) {
            return new WalletCard(
                    id,
                    new OrganizationId(organizationId),
                    campaignId,
                    recipientId,
                    CardStatus.valueOf(lifecycle),
                    finalStatus == null ? null : CardStatus.valueOf(finalStatus),
                    code,
                    barcode,
                    objects,
                    createdAt,
                    updatedAt);
        }
    }

    private static CardRow cardRow(ResultSet rs, int row) throws SQLException {
        return new CardRow(
                rs.getString("id"),
                rs.getString("organization_id"),
                rs.getString("campaign_id"),
                rs.getString("recipient_id"),
                rs.getString("lifecycle"),
                rs.getString("final_status"),
                rs.getString("download_code"),
                rs.getString("barcode_value"),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                rs.getObject("updated_at", OffsetDateTime.class).toInstant());
    }
}
