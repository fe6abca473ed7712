package com.walletcards.recipient;

import com.walletcards.card.CardStatus;
import com.walletcards.recipient.RecipientErrors.RecipientNotFound;
import com.walletcards.shared.Ids;
import com.walletcards.shared.Json;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.SqlArrays;
import com.walletcards.shared.StoredJsonObject;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of the recipient aggregate; every read takes the organization. */
@Repository
class RecipientQueries {

    /** The columns a recipient is stored in. */
    private static final String STORED = """
            id, organization_id, campaign_id, email, name, phone, external_id, recipient_data, provider_types, locale,
            status, wallet_card_id, content_version, created_at, updated_at""";

    /**
     * What a recipient is read from, {@link RecipientPageQueries} reading a page by it too: its
     * columns and its card's status, read from the card by key, since the card owns it.
     */
    static final String COLUMNS = STORED
            + ", (SELECT c.status FROM wallet_cards c WHERE c.id = recipients.wallet_card_id) AS wallet_card_status";

    private final JdbcClient jdbc;
    private final JdbcTemplate batch;

    RecipientQueries(JdbcClient jdbc, JdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    /**
     * Inserts new recipients, each tagged with the card-generation batch that will issue its card:
     * one statement per group that shares status, version and times (a bulk add is one group), what
     * differs per recipient as parallel arrays.
     */
    void insert(List<Recipient> recipients, String cardBatch, boolean inviteOnCreate) {
        recipients.stream()
                .collect(Collectors.groupingBy(NewRecipientColumns::of, LinkedHashMap::new, Collectors.toList()))
                .forEach((columns, group) -> jdbc.sql("INSERT INTO recipients (" + STORED + """
                                , live_email, card_batch, invite_on_create)
                                SELECT r.id, :org, :campaign, r.email, r.name, r.phone, r.external_id, r.recipient_data,
                                  r.provider_types, r.locale, :status, NULL, :version, :created, :updated, r.live_email, :batch, :invite
                                FROM UNNEST(:ids, :emails, :names, :phones, :externalIds, :data, :types, :locales, :liveEmails)
                                  AS r(id, email, name, phone, external_id, recipient_data, provider_types, locale, live_email)""")
                        .param("org", columns.organizationId())
                        .param("campaign", columns.campaignId())
                        .param("status", columns.status())
                        .param("version", columns.contentVersion())
                        .param("created", Times.db(columns.createdAt()))
                        .param("updated", Times.db(columns.updatedAt()))
                        .param("batch", cardBatch)
                        .param("invite", inviteOnCreate)
                        .param("ids", SqlArrays.column(group, Recipient::id))
                        .param("emails", SqlArrays.column(group, Recipient::email))
                        .param("names", SqlArrays.column(group, Recipient::name))
                        .param("phones", SqlArrays.column(group, Recipient::phone))
                        .param("externalIds", SqlArrays.column(group, Recipient::externalId))
                        .param("data", SqlArrays.column(group, r -> Json.write(r.recipientData())))
                        .param(
                                "types",
                                SqlArrays.column(
                                        group,
                                        r -> r.providerTypes() == null ? null : String.join(" ", r.providerTypes())))
                        .param("locales", SqlArrays.column(group, r -> StoredLanguage.of(r.locale())))
                        .param("liveEmails", SqlArrays.column(group, r -> Recipient.normalizedEmail(r.email())))
                        .update());
    }

    /** What the new recipients of one insert statement share. */
    private record NewRecipientColumns(
            String organizationId,
            String campaignId,
            String status,
            long contentVersion,
            Instant createdAt,
            Instant updatedAt) {
        static NewRecipientColumns of(Recipient r) {
            return new NewRecipientColumns(
                    r.organizationId().value(),
                    r.campaignId(),
                    r.status().name(),
                    r.contentVersion(),
                    r.createdAt(),
                    r.updatedAt());
        }
    }

    void update(Recipient r) {
        jdbc.sql("""
                        UPDATE recipients SET name = ?, phone = ?, external_id = ?, recipient_data = ?, provider_types = ?,
                          locale = ?, status = ?, wallet_card_id = ?, content_version = ?, updated_at = ?,
                          live_email = CASE WHEN ? = 'deleted' THEN NULL ELSE live_email END,
                          deleted_at = CASE WHEN ? = 'deleted' THEN ? ELSE deleted_at END
                        WHERE id = ? AND organization_id = ?""")
                .params(
                        r.name(),
                        r.phone(),
                        r.externalId(),
                        Json.write(r.recipientData()),
                        r.providerTypes() == null ? null : String.join(" ", r.providerTypes()),
                        StoredLanguage.of(r.locale()),
                        r.status().name(),
                        r.walletCardId(),
                        r.contentVersion(),
                        Times.db(r.updatedAt()),
                        r.status().name(),
                        r.status().name(),
                        Times.db(r.updatedAt()),
                        r.id(),
                        r.organizationId().value())
                .update();
    }

    /** Saves the editable fields of many recipients in one batch (an import's upserts). */
    void updateContent(List<Recipient> recipients) {
        batch.batchUpdate("""
                UPDATE recipients SET name = ?, phone = ?, recipient_data = ?, locale = ?, content_version = ?,
                  updated_at = ?
                WHERE id = ? AND organization_id = ?""", recipients, 500, (ps, r) -> {
            ps.setString(1, r.name());
            ps.setString(2, r.phone());
            ps.setString(3, Json.write(r.recipientData()));
            ps.setString(4, StoredLanguage.of(r.locale()));
            ps.setLong(5, r.contentVersion());
            ps.setObject(6, Times.db(r.updatedAt()));
            ps.setString(7, r.id());
            ps.setString(8, r.organizationId().value());
        });
    }

    /**
     * Live recipients of the campaign with these external ids, locked for an update. The ids are
     * found first by external id alone and then locked by primary key: a query that names the
     * campaign too may be planned as a walk over the campaign's rows (see {@link #findMany}), and
     * locking by external id alone would lock other campaigns' rows.
     */
    List<Recipient> lockByExternalIds(OrganizationId org, String campaignId, Collection<String> externalIds) {
        if (externalIds.isEmpty()) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        jdbc.sql("SELECT id, campaign_id FROM recipients WHERE external_id = ANY(:ids)")
                .param("ids", SqlArrays.of(externalIds))
                .query(rs -> {
                    if (campaignId.equals(rs.getString("campaign_id"))) {
                        ids.add(rs.getString("id"));
                    }
                });
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc
                .sql("SELECT " + COLUMNS + " FROM recipients WHERE id = ANY(:ids) ORDER BY id FOR UPDATE")
                .param("ids", SqlArrays.of(ids))
                .query(RecipientQueries::recipient)
                .list()
                .stream()
                // Checked again under the lock: the external id may have changed meanwhile.
                .filter(r -> r.organizationId().equals(org)
                        && r.campaignId().equals(campaignId)
                        && externalIds.contains(r.externalId())
                        && r.status() != CardStatus.deleted)
                .toList();
    }

    /**
     * Saves the status fields of many recipients: one statement per group that shares status and
     * time (a chunk of new cards is one group), ids and cards as parallel arrays.
     */
    void updateStatuses(List<Recipient> recipients) {
        recipients.stream()
                .collect(Collectors.groupingBy(StatusColumns::of, LinkedHashMap::new, Collectors.toList()))
                .forEach((columns, group) -> jdbc.sql(
                                // A recipient with a card leaves its card batch: the batch then holds only those
                                // still waiting, so finding them stays cheap however many a campaign's singles have.
                                """
                                UPDATE recipients SET status = :status, wallet_card_id = u.card,
                                  updated_at = :updated, card_batch = CASE WHEN u.card IS NULL THEN card_batch END
                                FROM UNNEST(:ids, :cards) AS u(id, card) WHERE recipients.id = u.id""")
                        .param("status", columns.status())
                        .param("updated", Times.db(columns.updatedAt()))
                        .param("ids", SqlArrays.column(group, Recipient::id))
                        .param("cards", SqlArrays.column(group, Recipient::walletCardId))
                        .update());
    }

    /** What the recipients of one status update share. */
    private record StatusColumns(String status, Instant updatedAt) {
        static StatusColumns of(Recipient r) {
            return new StatusColumns(r.status().name(), r.updatedAt());
        }
    }

    Optional<Recipient> find(OrganizationId org, String campaignId, String id) {
        return jdbc.sql(
                        "SELECT " + COLUMNS
                                + " FROM recipients WHERE id = ? AND campaign_id = ? AND organization_id = ? AND deleted_at IS NULL")
                .params(id, campaignId, org.value())
                .query(RecipientQueries::recipient)
                .optional();
    }

    /** The live recipient, locked for a change; another organization's or a deleted one is not found. */
    Recipient lock(OrganizationId org, String campaignId, String id) {
        return jdbc.sql("SELECT " + COLUMNS
                        + " FROM recipients WHERE id = ? AND campaign_id = ? AND organization_id = ? AND deleted_at IS NULL"
                        + " FOR UPDATE")
                .params(id, campaignId, org.value())
                .query(RecipientQueries::recipient)
                .optional()
                .orElseThrow(RecipientNotFound::new);
    }

    Optional<Recipient> findByCard(String walletCardId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM recipients WHERE wallet_card_id = ?")
                .param(walletCardId)
                .query(RecipientQueries::recipient)
                .optional();
    }

    /**
     * Any recipients by id (deleted ones too: their cards still exist in wallets). The keys go as
     * one array ({@link SqlArrays}) and the organization is checked here rather than in the query,
     * so that the only condition is the primary key: with the organization in it, PostgreSQL without
     * statistics walked the organization's whole index range (a 100,000-row import took minutes).
     */
    List<Recipient> findMany(OrganizationId org, Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc
                .sql("SELECT " + COLUMNS + " FROM recipients WHERE id = ANY(:ids)")
                .param("ids", SqlArrays.of(ids))
                .query(RecipientQueries::recipient)
                .list()
                .stream()
                .filter(r -> r.organizationId().equals(org))
                .toList();
    }

    /**
     * Which of these (normalized) emails are already used by a live recipient of the campaign. The
     * query looks the emails up across campaigns and keeps this one's: with the campaign in the
     * condition, H2 scans the campaign's whole index range for every list of emails.
     */
    Set<String> liveEmails(String campaignId, Collection<String> normalizedEmails) {
        Set<String> found = new HashSet<>();
        List<String> all = new ArrayList<>(normalizedEmails);
        for (int from = 0; from < all.size(); from += 500) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + 500));
            jdbc.sql("SELECT campaign_id, live_email FROM recipients WHERE live_email = ANY(:emails)")
                    .param("emails", SqlArrays.of(chunk))
                    .query(rs -> {
                        if (campaignId.equals(rs.getString("campaign_id"))) {
                            found.add(rs.getString("live_email"));
                        }
                    });
        }
        return found;
    }

    /** Recipients of a card-generation batch still waiting for their card, locked so no other worker takes them. */
    List<PendingCard> pendingInBatch(String cardBatch, int limit) {
        return jdbc.sql("""
                        SELECT id, organization_id, campaign_id, provider_types, invite_on_create FROM recipients
                        WHERE card_batch = ? AND wallet_card_id IS NULL AND deleted_at IS NULL
                        ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED""")
                .params(cardBatch, limit)
                .query((rs, n) -> new PendingCard(
                        rs.getString("id"),
                        new OrganizationId(rs.getString("organization_id")),
                        rs.getString("campaign_id"),
                        providerTypes(rs.getString("provider_types")),
                        rs.getBoolean("invite_on_create")))
                .list();
    }

    /** Takes recipients out of their card batch when no card can be issued (the campaign is gone). */
    void abandon(Collection<String> recipientIds) {
        jdbc.sql("UPDATE recipients SET card_batch = NULL WHERE id = ANY(:ids)")
                .param("ids", SqlArrays.of(recipientIds))
                .update();
    }

    /** Ready recipients (status created) in creation order, locked so parallel bulk invites take disjoint sets. */
    List<Recipient> readyToInvite(OrganizationId org, String campaignId, int limit) {
        return jdbc.sql("SELECT " + COLUMNS
                        + " FROM recipients WHERE organization_id = ? AND campaign_id = ? AND status = 'created'"
                        + " AND deleted_at IS NULL ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED")
                .params(org.value(), campaignId, limit)
                .query(RecipientQueries::recipient)
                .list();
    }

    /**
     * One statement per group of entries that agree on everything but their recipient (a chunk of
     * recipients moving together is one group), the keys as parallel arrays. Ids are taken in the
     * entries' order first: the history reads back in id order.
     */
    void addHistory(List<HistoryEntry> entries) {
        Map<HistoryColumns, List<String[]>> groups = new LinkedHashMap<>();
        for (HistoryEntry h : entries) {
            groups.computeIfAbsent(HistoryColumns.of(h), k -> new ArrayList<>())
                    .add(new String[] {Ids.newId("rsh"), h.recipientId()});
        }
        groups.forEach((columns, keys) -> jdbc.sql("""
                        INSERT INTO recipient_history (id, organization_id, recipient_id, status, reason, at)
                        SELECT h.id, :org, h.recipient, :status, CAST(:reason AS VARCHAR(200)), :at FROM UNNEST(:ids, :recipients) AS h(id, recipient)""")
                .param("org", columns.organizationId())
                .param("status", columns.status())
                .param("reason", columns.reason())
                .param("at", Times.db(columns.at()))
                .param("ids", SqlArrays.column(keys, k -> k[0]))
                .param("recipients", SqlArrays.column(keys, k -> k[1]))
                .update());
    }

    /** What the history entries of one insert statement share. */
    private record HistoryColumns(String organizationId, String status, String reason, Instant at) {
        static HistoryColumns of(HistoryEntry h) {
            return new HistoryColumns(h.organizationId().value(), h.status().name(), h.reason(), h.at());
        }
    }

    Map<String, List<HistoryEntry>> history(OrganizationId org, Collection<String> recipientIds) {
        Map<String, List<HistoryEntry>> byRecipient = new LinkedHashMap<>();
        if (recipientIds.isEmpty()) {
            return byRecipient;
        }
        jdbc.sql("""
                        SELECT organization_id, recipient_id, status, reason, at FROM recipient_history
                        WHERE recipient_id = ANY(:ids) ORDER BY id""").param("ids", SqlArrays.of(recipientIds)).query(rs -> {
            // The organization is checked here, not in the query (see findMany).
            if (org.value().equals(rs.getString("organization_id"))) {
                byRecipient
                        .computeIfAbsent(rs.getString("recipient_id"), k -> new ArrayList<>())
                        .add(new HistoryEntry(
                                org,
                                rs.getString("recipient_id"),
                                CardStatus.valueOf(rs.getString("status")),
                                rs.getString("reason"),
                                rs.getObject("at", OffsetDateTime.class).toInstant()));
            }
        });
        return byRecipient;
    }

    private static @Nullable List<String> providerTypes(@Nullable String value) {
        return value == null || value.isBlank() ? null : Arrays.asList(value.split(" "));
    }

    static Recipient recipient(ResultSet rs, int row) throws SQLException {
        String cardStatus = rs.getString("wallet_card_status");
        return new Recipient(
                rs.getString("id"),
                new OrganizationId(rs.getString("organization_id")),
                rs.getString("campaign_id"),
                rs.getString("email"),
                rs.getString("name"),
                rs.getString("phone"),
                rs.getString("external_id"),
                StoredJsonObject.of(rs.getString("recipient_data")),
                providerTypes(rs.getString("provider_types")),
                StoredLanguage.read(rs.getString("locale")),
                CardStatus.valueOf(rs.getString("status")),
                rs.getString("wallet_card_id"),
                cardStatus == null ? null : CardStatus.valueOf(cardStatus),
                rs.getLong("content_version"),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                rs.getObject("updated_at", OffsetDateTime.class).toInstant());
    }
}
