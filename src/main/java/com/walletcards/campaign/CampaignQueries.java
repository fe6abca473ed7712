package com.walletcards.campaign;

import com.walletcards.shared.Json;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.StoredJsonObject;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of the campaign aggregate; every read takes the organization. */
@Repository
class CampaignQueries {

    private static final String COLUMNS = """
      id, organization_id, name, campaign_type, status, campaign_data, metadata, start_date, end_date,
      provider_types, has_recipients, content_version, created_at, updated_at, event_starts_at, event_ends_at""";

    private final JdbcClient jdbc;

    CampaignQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Campaign c) {
        jdbc.sql("INSERT INTO campaigns (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(
                        c.id().value(),
                        c.organizationId().value(),
                        c.name(),
                        c.type().name(),
                        c.status().name(),
                        Json.write(c.campaignData()),
                        Json.write(c.metadata()),
                        c.startDate(),
                        c.endDate(),
                        String.join(" ", c.providerTypes()),
                        c.hasRecipients(),
                        c.contentVersion(),
                        Times.db(c.createdAt()),
                        Times.db(c.updatedAt()),
                        Times.db(c.schedule().startsAt()),
                        Times.db(c.schedule().endsAt()))
                .update();
    }

    void update(Campaign c) {
        jdbc.sql("""
            UPDATE campaigns SET name = ?, campaign_type = ?, status = ?, campaign_data = ?, metadata = ?,
              start_date = ?, end_date = ?, provider_types = ?, content_version = ?, updated_at = ?,
              event_starts_at = ?, event_ends_at = ?
            WHERE id = ? AND organization_id = ?""")
                .params(
                        c.name(),
                        c.type().name(),
                        c.status().name(),
                        Json.write(c.campaignData()),
                        Json.write(c.metadata()),
                        c.startDate(),
                        c.endDate(),
                        String.join(" ", c.providerTypes()),
                        c.contentVersion(),
                        Times.db(c.updatedAt()),
                        Times.db(c.schedule().startsAt()),
                        Times.db(c.schedule().endsAt()),
                        c.id().value(),
                        c.organizationId().value())
                .update();
    }

    Optional<Campaign> find(OrganizationId org, CampaignId id) {
        return jdbc.sql("SELECT " + COLUMNS
                        + " FROM campaigns WHERE id = ? AND organization_id = ? AND deleted_at IS NULL")
                .params(id.value(), org.value())
                .query(CampaignQueries::campaign)
                .optional();
    }

    /** Loads and row-locks the campaign for the rest of the transaction, so changes serialize. */
    Optional<Campaign> findForUpdate(OrganizationId org, CampaignId id) {
        return jdbc.sql("SELECT " + COLUMNS
                        + " FROM campaigns WHERE id = ? AND organization_id = ? AND deleted_at IS NULL FOR UPDATE")
                .params(id.value(), org.value())
                .query(CampaignQueries::campaign)
                .optional();
    }

    /** One page and the number of matches, in one statement (see RecipientPageQueries.page). */
    record PageRows(List<Campaign> campaigns, long total) {}

    PageRows page(OrganizationId org, @Nullable CampaignStatus status, @Nullable CampaignType type, Page page) {
        return page(org, status, type, null, page);
    }

    /** As above, and with {@code nameContains} only campaigns whose name holds it, in any case. */
    PageRows page(
            OrganizationId org,
            @Nullable CampaignStatus status,
            @Nullable CampaignType type,
            @Nullable String nameContains,
            Page page) {
        Filter f = filter(org, status, type);
        if (nameContains != null && !nameContains.isBlank()) {
            List<Object> named = new ArrayList<>(f.params);
            named.add("%" + likeEscaped(nameContains.strip().toLowerCase(java.util.Locale.ROOT)) + "%");
            f = new Filter(f.where + " AND LOWER(name) LIKE ? ESCAPE '\\'", named);
        }
        List<Object> params = new ArrayList<>(f.params);
        params.addAll(List.of(f.withPage(page)));
        long[] total = {0};
        List<Campaign> rows = new ArrayList<>();
        jdbc.sql(pageSql(f.where)).params(params).query(rs -> {
            total[0] = rs.getLong("total");
            if (rs.getString("id") != null) {
                rows.add(campaign(rs, rows.size()));
            }
        });
        return new PageRows(rows, total[0]);
    }

    static String pageSql(String where) {
        return "SELECT t.total, c.* FROM (SELECT COUNT(*) AS total FROM campaigns WHERE " + where + ") t"
                + " LEFT JOIN (SELECT " + COLUMNS + " FROM campaigns WHERE " + where
                + " ORDER BY id DESC LIMIT ? OFFSET ?) c ON 1 = 1 ORDER BY c.id DESC";
    }

    boolean softDelete(OrganizationId org, CampaignId id, Instant at) {
        return jdbc.sql(
                                "UPDATE campaigns SET deleted_at = ? WHERE id = ? AND organization_id = ? AND deleted_at IS NULL")
                        .params(Times.db(at), id.value(), org.value())
                        .update()
                > 0;
    }

    /**
     * Marks that the campaign has recipients. Only the first call writes (and so row-locks), which
     * serializes it with a PATCH of the barcode strategy; later calls change nothing and lock nothing.
     */
    void markHasRecipients(OrganizationId org, CampaignId id) {
        jdbc.sql(
                        "UPDATE campaigns SET has_recipients = TRUE WHERE id = ? AND organization_id = ? AND has_recipients = FALSE")
                .params(id.value(), org.value())
                .update();
    }

    /** Active campaigns whose event has ended, locked; SKIP LOCKED lets instances share the work. */
    List<Campaign> dueForCompletion(Instant now, int limit) {
        return jdbc.sql("SELECT " + COLUMNS
                        + " FROM campaigns WHERE status = 'active' AND deleted_at IS NULL AND event_ends_at < ?"
                        + " ORDER BY event_ends_at LIMIT ? FOR UPDATE SKIP LOCKED")
                .params(Times.db(now), limit)
                .query(CampaignQueries::campaign)
                .list();
    }

    private record Filter(String where, List<Object> params) {
        Object[] withPage(Page page) {
            List<Object> all = new ArrayList<>(params);
            all.add(page.limit());
            all.add(page.offset());
            return all.toArray();
        }
    }

    private static String likeEscaped(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    private static Filter filter(OrganizationId org, @Nullable CampaignStatus status, @Nullable CampaignType type) {
        StringBuilder where = new StringBuilder("organization_id = ? AND deleted_at IS NULL");
        List<Object> params = new ArrayList<>(List.of(org.value()));
        if (status == null) {
            where.append(" AND status <> 'archived'");
        } else {
            where.append(" AND status = ?");
            params.add(status.name());
        }
        if (type != null) {
            where.append(" AND campaign_type = ?");
            params.add(type.name());
        }
        return new Filter(where.toString(), params);
    }

    private static Campaign campaign(ResultSet rs, int row) throws SQLException {
        return new Campaign(
                new CampaignId(rs.getString("id")),
                new OrganizationId(rs.getString("organization_id")),
                rs.getString("name"),
                CampaignType.valueOf(rs.getString("campaign_type")),
                CampaignStatus.valueOf(rs.getString("status")),
                StoredJsonObject.of(rs.getString("campaign_data")),
                StoredJsonObject.of(rs.getString("metadata")),
                rs.getObject("start_date", LocalDate.class),
                rs.getObject("end_date", LocalDate.class),
                Arrays.asList(rs.getString("provider_types").split(" ")),
                rs.getBoolean("has_recipients"),
                rs.getLong("content_version"),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                rs.getObject("updated_at", OffsetDateTime.class).toInstant(),
                // Stored with the data and dates it was derived from: a load derives nothing.
                new EventSchedule(instant(rs, "event_starts_at"), instant(rs, "event_ends_at")));
    }

    private static @Nullable Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }
}
