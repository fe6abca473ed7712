package com.walletcards.card;

import com.walletcards.shared.OrganizationId;
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
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of the wallet card aggregate. */
@Repository
class CardQueries {

    private static final String CARD_COLUMNS =
            "id, organization_id, campaign_id, recipient_id, lifecycle, final_status, download_code, barcode_value,"
                    + " created_at, updated_at";

    private final JdbcClient jdbc;
    private final NamedParameterJdbcTemplate batch;

    CardQueries(JdbcClient jdbc, NamedParameterJdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    /**
     * Inserts new cards and their provider objects. The objects are not yet created at their
     * providers: {@code callBatch} names the background job that will create them.
     */
    void insert(List<WalletCard> cards, String callBatch) {
        // One statement per group of cards that agree on every column but their keys (a chunk of new
        // cards is one group), the keys as parallel arrays; the same for their objects.
        cards.stream()
                .collect(Collectors.groupingBy(CardColumns::of, LinkedHashMap::new, Collectors.toList()))
                .forEach((columns, group) -> jdbc.sql("""
                                INSERT INTO wallet_cards (id, organization_id, campaign_id, recipient_id, lifecycle,
                                  final_status, download_code, barcode_value, created_at, updated_at, status)
                                SELECT c.id, :org, :campaign, c.recipient, :lifecycle, CAST(:final AS VARCHAR(20)), c.code,
                                  c.barcode, :created, :updated, :status
                                FROM UNNEST(:ids, :recipients, :codes, :barcodes) AS c(id, recipient, code, barcode)""")
                        .param("org", columns.organizationId())
                        .param("campaign", columns.campaignId())
                        .param("lifecycle", columns.lifecycle())
                        .param("final", columns.finalStatus())
                        .param("created", Times.db(columns.createdAt()))
                        .param("updated", Times.db(columns.updatedAt()))
                        .param("status", columns.status())
                        .param("ids", SqlArrays.column(group, WalletCard::id))
                        .param("recipients", SqlArrays.column(group, WalletCard::recipientId))
                        .param("codes", SqlArrays.column(group, WalletCard::downloadCode))
                        .param("barcodes", SqlArrays.column(group, WalletCard::barcodeValue))
                        .update());
        Map<ObjectColumns, List<String[]>> objects = new LinkedHashMap<>();
        for (WalletCard c : cards) {
            for (ProviderObject o : c.objects()) {
                objects.computeIfAbsent(
                                new ObjectColumns(
                                        o.provider(), c.organizationId().value(), o.contentVersion(), o.updatedAt()),
                                k -> new ArrayList<>())
                        .add(new String[] {c.id(), o.objectRef()});
            }
        }
        // The content version the object is created with: live updates push only what is newer.
        objects.forEach((columns, keys) -> jdbc.sql("""
                        INSERT INTO provider_objects (wallet_card_id, provider, organization_id, object_ref, content_version,
                          created_at_provider, call_batch, updated_at)
                        SELECT o.card, :provider, :org, o.ref, :version, FALSE, :batch, :updated
                        FROM UNNEST(:cards, :refs) AS o(card, ref)""")
                .param("provider", columns.provider())
                .param("org", columns.organizationId())
                .param("version", columns.contentVersion())
                .param("batch", callBatch)
                .param("updated", Times.db(columns.updatedAt()))
                .param("cards", SqlArrays.column(keys, k -> k[0]))
                .param("refs", SqlArrays.column(keys, k -> k[1]))
                .update());
    }

    /** What the cards of one insert statement share. */
    private record CardColumns(
            String organizationId,
            String campaignId,
            String lifecycle,
            @Nullable String finalStatus,
            Instant createdAt,
            Instant updatedAt,
            String status) {
        static CardColumns of(WalletCard c) {
            return new CardColumns(
                    c.organizationId().value(),
                    c.campaignId(),
                    c.lifecycle().name(),
                    c.finalStatus() == null ? null : c.finalStatus().name(),
                    c.createdAt(),
                    c.updatedAt(),
                    c.status().name());
        }
    }

    /** What the provider objects of one insert statement share. */
    private record ObjectColumns(String provider, String organizationId, long contentVersion, Instant updatedAt) {}

    /**
     * Saves the card's status and its objects' states (not its immutable parts). Content version
     * and last error belong to live updates, which write them under the objects' row locks.
     */
    void update(WalletCard c) {
        jdbc.sql("""
                        UPDATE wallet_cards SET lifecycle = :lifecycle, final_status = :final, status = :status,
                          updated_at = :updated WHERE id = :id""")
                .param("lifecycle", c.lifecycle().name())
                .param("final", c.finalStatus() == null ? null : c.finalStatus().name())
                .param("status", c.status().name())
                .param("updated", Times.db(c.updatedAt()))
                .param("id", c.id())
                .update();
        batch.batchUpdate(
                """
                UPDATE provider_objects SET installed = :installed, ever_installed = :ever, voided = :voided,
                  last_event_at = :lastEvent, updated_at = :updated
                WHERE wallet_card_id = :card AND provider = :provider""",
                c.objects().stream()
                        .map(o -> new MapSqlParameterSource()
                                .addValue("installed", o.installed())
                                .addValue("ever", o.everInstalled())
                                .addValue("voided", o.voided())
                                .addValue("lastEvent", Times.db(o.lastEventAt()))
                                .addValue("updated", Times.db(o.updatedAt()))
                                .addValue("card", c.id())
                                .addValue("provider", o.provider()))
                        .toArray(SqlParameterSource[]::new));
    }

    /** Marks the card's objects to be voided at their providers by the background job {@code callBatch}. */
    void requestVoid(String cardId, String callBatch) {
        jdbc.sql("UPDATE provider_objects SET void_pending = TRUE, call_batch = :batch WHERE wallet_card_id = :card")
                .param("batch", callBatch)
                .param("card", cardId)
                .update();
    }

    Optional<WalletCard> find(OrganizationId org, String id) {
        return one("WHERE id = :id AND organization_id = :org", Map.of("id", id, "org", org.value()));
    }

    Optional<WalletCard> findForUpdate(OrganizationId org, String id) {
        return one("WHERE id = :id AND organization_id = :org FOR UPDATE", Map.of("id", id, "org", org.value()));
    }

    /** Row-locks the card that owns a provider's object: events and issuer actions on one card serialize. */
    Optional<WalletCard> findByObjectForUpdate(String provider, String objectRef) {
        return one(
                "WHERE id = (SELECT wallet_card_id FROM provider_objects WHERE provider = :provider"
                        + " AND object_ref = :ref) FOR UPDATE",
                Map.of("provider", provider, "ref", objectRef));
    }

    /**
     * What a wallet's own request for an object needs of its card, read without locks and in one
     * statement: the card's provider objects (the aggregate's second query) play no part in it.
     */
    Optional<ObjectCard> findObjectCard(String provider, String objectRef) {
        return jdbc.sql("""
                        SELECT id, organization_id, recipient_id, final_status, barcode_value FROM wallet_cards
                        WHERE id = (SELECT wallet_card_id FROM provider_objects WHERE provider = :provider
                          AND object_ref = :ref)""")
                .param("provider", provider)
                .param("ref", objectRef)
                .query((rs, n) -> new ObjectCard(
                        rs.getString("id"),
                        new OrganizationId(rs.getString("organization_id")),
                        rs.getString("recipient_id"),
                        rs.getString("final_status") == null ? null : CardStatus.valueOf(rs.getString("final_status")),
                        rs.getString("barcode_value")))
                .optional();
    }

    /** A card as {@link #findObjectCard} reads it; {@code finalStatus} is revoked, deleted or null. */
    record ObjectCard(
            String id,
            OrganizationId organizationId,
            String recipientId,
            @Nullable CardStatus finalStatus,
            String barcodeValue) {}

    boolean exists(String cardId) {
        return jdbc.sql("SELECT COUNT(*) FROM wallet_cards WHERE id = :id")
                        .param("id", cardId)
                        .query(Integer.class)
                        .single()
                > 0;
    }

    Optional<String> objectRef(String cardId, String provider) {
        return jdbc.sql("SELECT object_ref FROM provider_objects WHERE wallet_card_id = :card AND provider = :provider")
                .param("card", cardId)
                .param("provider", provider)
                .query(String.class)
                .optional();
    }

    Optional<WalletCard> findByCode(String code) {
        return one("WHERE download_code = :code", Map.of("code", code));
    }

    List<WalletCard> findMany(OrganizationId org, Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        // The organization is checked here, not in the query (see RecipientQueries.findMany).
        return many("WHERE id = ANY(:ids)", Map.of("ids", SqlArrays.of(ids))).stream()
                .filter(c -> c.organizationId().equals(org))
                .toList();
    }

    /** Active cards of a campaign in id order, after {@code afterId}: a keyset page for fan-outs. */
    List<WalletCard> activeCards(OrganizationId org, String campaignId, @Nullable String afterId, int limit) {
        return many(
                "WHERE organization_id = :org AND campaign_id = :campaign AND status = 'active' AND id > :after"
                        + " ORDER BY id LIMIT :limit",
                Map.of(
                        "org",
                        org.value(),
                        "campaign",
                        campaignId,
                        "after",
                        afterId == null ? "" : afterId,
                        "limit",
                        limit));
    }

    long countActive(OrganizationId org, String campaignId) {
        return jdbc.sql("SELECT COUNT(*) FROM wallet_cards WHERE organization_id = :org AND campaign_id = :campaign"
                        + " AND status = 'active'")
                .param("org", org.value())
                .param("campaign", campaignId)
                .query(Long.class)
                .single();
    }

    /** Records a provider event once; false when this provider already sent this event id. */
    boolean recordEvent(
            String provider, String eventId, WalletCard card, String event, Instant occurredAt, Instant now) {
        try {
            jdbc.sql("""
                            INSERT INTO provider_events (provider, event_id, wallet_card_id, organization_id, event,
                              occurred_at, received_at, applied)
                            VALUES (:provider, :eventId, :card, :org, :event, :occurred, :received, FALSE)""")
                    .param("provider", provider)
                    .param("eventId", eventId)
                    .param("card", card.id())
                    .param("org", card.organizationId().value())
                    .param("event", event)
                    .param("occurred", Times.db(occurredAt))
                    .param("received", Times.db(now))
                    .update();
            return true;
        } catch (DuplicateKeyException alreadySeen) {
            return false;
        }
    }

    void markEventApplied(String provider, String eventId) {
        jdbc.sql("UPDATE provider_events SET applied = TRUE WHERE provider = :provider AND event_id = :eventId")
                .param("provider", provider)
                .param("eventId", eventId)
                .update();
    }

    private Optional<WalletCard> one(String where, Map<String, ?> params) {
        return many(where, params).stream().findFirst();
    }

    private List<WalletCard> many(String where, Map<String, ?> params) {
        return withObjects(jdbc.sql("SELECT " + CARD_COLUMNS + " FROM wallet_cards " + where)
                .params(params)
                .query(CardQueries::cardRow)
                .list());
    }

    private List<WalletCard> withObjects(List<CardRow> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        Map<String, List<ProviderObject>> objects = new LinkedHashMap<>();
        rows.forEach(r -> objects.put(r.id, new ArrayList<>()));
        jdbc.sql("""
                        SELECT wallet_card_id, provider, object_ref, installed, ever_installed, voided, last_event_at,
                          content_version, last_error, updated_at
                        FROM provider_objects WHERE wallet_card_id = ANY(:ids) ORDER BY wallet_card_id, provider""")
                .param("ids", SqlArrays.of(objects.keySet()))
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
