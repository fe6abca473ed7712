package com.walletcards.recipient;

import com.walletcards.card.CardStatus;
import com.walletcards.recipient.counts.RecipientCounts;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of a campaign's recipient list: one page of it and the number of matches, in one statement. */
@Repository
class RecipientPageQueries {

    private final JdbcClient jdbc;

    RecipientPageQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** One page and the number of matches: what a list answers. */
    record PageRows(List<Recipient> recipients, long total) {}

    /**
     * One statement per page: the total and the page as two derived tables joined on nothing, so an
     * empty page still brings its total. Without an email filter the total is the sum of the
     * campaign's kept counts ({@link RecipientCounts}), a few rows whatever the campaign's size;
     * with one, at most a few recipients match and are counted. The page finds its ids from the
     * index alone, walking past the offset without reading a row, and then reads only its own
     * rows: read through the index, an offset of 500 read 520 rows from the table to return 20.
     */
    PageRows page(
            OrganizationId org, String campaignId, @Nullable String email, @Nullable CardStatus status, Page page) {
        PageStatement statement = pageStatement(org, campaignId, email, status, page);
        long[] total = {0};
        List<Recipient> rows = new ArrayList<>();
        jdbc.sql(statement.sql()).params(statement.params()).query(rs -> {
            total[0] = rs.getLong("total");
            if (rs.getString("id") != null) {
                rows.add(RecipientQueries.recipient(rs, rows.size()));
            }
        });
        return new PageRows(rows, total[0]);
    }

    record PageStatement(String sql, List<Object> params) {}

    /** The statement of a page and its parameters; tests show its plan. */
    static PageStatement pageStatement(
            OrganizationId org, String campaignId, @Nullable String email, @Nullable CardStatus status, Page page) {
        Filter f = filter(org, campaignId, email, status);
        Filter ids = pageIds(org, campaignId, email, status);
        List<Object> params =
                new ArrayList<>(email == null ? RecipientCounts.totalParams(campaignId, status) : f.params());
        params.addAll(ids.params());
        params.add(page.limit());
        params.add(page.offset());
        params.add(org.value());
        return new PageStatement(pageSql(totalSql(f, email, status), ids.where()), params);
    }

    private static String totalSql(Filter f, @Nullable String email, @Nullable CardStatus status) {
        return email == null
                ? RecipientCounts.totalSql(status)
                : "SELECT COUNT(*) AS total FROM recipients WHERE " + f.where();
    }

    private static String pageSql(String totalSql, String idsWhere) {
        return "SELECT t.total, r.* FROM (" + totalSql + ") t"
                + " LEFT JOIN (SELECT " + RecipientQueries.COLUMNS
                + " FROM recipients WHERE id IN (SELECT id FROM recipients WHERE "
                + idsWhere + " ORDER BY id LIMIT ? OFFSET ?) AND organization_id = ?) r ON 1 = 1 ORDER BY r.id";
    }

    /**
     * The condition that finds a page's ids in an index that holds every column it names: the
     * campaign's index (organization, campaign, id, deleted_at) for live recipients, the status
     * index (campaign, status, id) for a status. A recipient's organization is its campaign's,
     * which the caller has checked; the page's rows check it once more.
     */
    private static Filter pageIds(
            OrganizationId org, String campaignId, @Nullable String email, @Nullable CardStatus status) {
        if (status == null || email != null) {
            return filter(org, campaignId, email, status);
        }
        return new Filter("campaign_id = ? AND status = ?", List.of(campaignId, status.name()));
    }

    private record Filter(String where, List<Object> params) {}

    private static Filter filter(
            OrganizationId org, String campaignId, @Nullable String email, @Nullable CardStatus status) {
        StringBuilder where = new StringBuilder("organization_id = ? AND campaign_id = ?");
        List<Object> params = new ArrayList<>(List.of(org.value(), campaignId));
        if (status == null) {
            where.append(" AND deleted_at IS NULL");
        } else {
            where.append(" AND status = ?");
            params.add(status.name());
        }
        if (email != null) {
            // Live recipients keep their normalized email in live_email, which the unique index
            // (campaign_id, live_email) serves; only deleted ones are searched by their email.
            where.append(status == CardStatus.deleted ? " AND LOWER(email) = ?" : " AND live_email = ?");
            params.add(Recipient.normalizedEmail(email));
        }
        return new Filter(where.toString(), params);
    }
}
