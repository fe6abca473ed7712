package com.walletcards.recipient;

import com.walletcards.recipient.RecipientBrowse.Cursor;
import com.walletcards.recipient.RecipientBrowse.Order;
import com.walletcards.recipient.RecipientBrowse.Result;
import com.walletcards.recipient.RecipientBrowse.Row;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * SQL of the browsable recipients table ({@link RecipientBrowse}): one statement per page that walks
 * an index in the page's order from the cursor and stops after one row more than the page (which
 * says whether a next page exists). Each order has an index per filter (V57): added is id order
 * ({@code recipients_campaign}, {@code recipients_campaign_status}), activity is {@code updated_at}
 * order ({@code recipients_campaign_activity}, {@code recipients_campaign_status_activity}). A
 * search reads the prefix ranges of the email, name and external id indexes and sorts only their
 * matches. The wallet filter is checked on the rows the walk reads: a wallet few cards are on makes
 * the walk longer, up to the whole campaign for a wallet no card of it is on (docs/console.md).
 */
@Repository
class RecipientBrowseQueries {

    private final JdbcClient jdbc;

    RecipientBrowseQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Result page(OrganizationId org, String campaignId, RecipientBrowse browse) {
        Statement statement = statement(org, campaignId, browse);
        List<Row> rows = new ArrayList<>(jdbc
                .sql(statement.sql())
                .params(statement.params())
                .query((rs, n) -> new Row(RecipientQueries.recipient(rs, n), wallets(rs.getString("wallets"))))
                .list()
                .stream()
                .filter(row -> row.recipient().organizationId().equals(org))
                .toList());
        Key at = statement.key();
        boolean backwards =
                at != null && browse.cursor() != null && browse.cursor().before();
        boolean more = rows.size() > browse.size();
        if (more) {
            rows.remove(rows.size() - 1);
        }
        if (backwards) {
            Collections.reverse(rows);
        }
        if (rows.isEmpty()) {
            return new Result(List.of(), null, null);
        }
        Cursor next = (backwards || more) ? new Cursor(key(browse.order(), rows.get(rows.size() - 1)), false) : null;
        Cursor previous = (backwards ? more : at != null) ? new Cursor(key(browse.order(), rows.get(0)), true) : null;
        return new Result(List.copyOf(rows), next, previous);
    }

    /**
     * The card of a recipient was installed on a wallet, or removed from it: one statement each,
     * atomic under the row's lock, so two wallets' callbacks for one card cannot lose each other's
     * change. The order of the names does not matter to the filter; reads sort them.
     */
    void walletChanged(String walletCardId, ProviderName wallet, boolean installed, Instant at) {
        String name = " " + wallet.name() + " ";
        String set = installed
                ? "CASE WHEN wallets LIKE ? THEN wallets ELSE COALESCE(wallets, ' ') || ? END"
                : "CASE WHEN wallets LIKE ? THEN NULLIF(REPLACE(wallets, ?, ' '), ' ') ELSE wallets END";
        jdbc.sql("UPDATE recipients SET wallets = " + set
                        + ", updated_at = CASE WHEN updated_at < ? THEN ? ELSE updated_at END"
                        + " WHERE wallet_card_id = ? AND deleted_at IS NULL")
                .params(
                        "%" + name + "%",
                        installed ? wallet.name() + " " : name,
                        Times.db(at),
                        Times.db(at),
                        walletCardId)
                .update();
    }

    List<ProviderName> wallets(OrganizationId org, String campaignId, String recipientId) {
        return wallets(
                jdbc.sql("SELECT wallets FROM recipients WHERE id = ? AND campaign_id = ? AND organization_id = ?")
                        .params(recipientId, campaignId, org.value())
                        .query(String.class)
                        .optional()
                        .orElse(null));
    }

    record Statement(
            String sql, List<Object> params, @Nullable Key key) {}

    /** The statement of a page and its parameters; tests show its plan. */
    static Statement statement(OrganizationId org, String campaignId, RecipientBrowse browse) {
        StringBuilder where = new StringBuilder();
        List<Object> params = new ArrayList<>();
        if (browse.status() == null && browse.order() == Order.added) {
            // recipients_campaign leads with the organization.
            where.append("organization_id = ? AND ");
            params.add(org.value());
        }
        // The other indexes lead with the campaign, which the caller has checked is the
        // organization's; the rows are checked once more after reading.
        where.append("campaign_id = ?");
        params.add(campaignId);
        if (browse.status() == null) {
            where.append(" AND deleted_at IS NULL");
        } else {
            where.append(" AND status = ?");
            params.add(browse.status().name());
        }
        if (browse.wallet() != null) {
            where.append(" AND wallets LIKE ?");
            params.add("% " + browse.wallet().name() + " %");
        }
        Key key = browse.cursor() == null
                ? null
                : Key.parse(browse.order(), browse.cursor().key());
        boolean backwards = key != null && browse.cursor().before();
        String cmp = backwards ? ">" : "<";
        if (key != null && browse.order() == Order.added) {
            where.append(" AND id ").append(cmp).append(" ?");
            params.add(key.id());
        } else if (key != null) {
            // The first condition bounds the index range; the second picks the rows after the key within it.
            where.append(" AND updated_at ")
                    .append(cmp)
                    .append("= ? AND (updated_at ")
                    .append(cmp)
                    .append(" ? OR id ")
                    .append(cmp)
                    .append(" ?)");
            params.addAll(List.of(Times.db(key.at()), Times.db(key.at()), key.id()));
        }
        String direction = backwards ? " ASC" : " DESC";
        String orderBy = browse.order() == Order.added
                ? " ORDER BY id" + direction
                : " ORDER BY updated_at" + direction + ", id" + direction;
        String columns = RecipientQueries.COLUMNS + ", wallets";
        if (browse.search() == null || browse.search().isBlank()) {
            params.add(browse.size() + 1);
            return new Statement(
                    "SELECT " + columns + " FROM recipients WHERE " + where + orderBy + " LIMIT ?", params, key);
        }
        // A search reads the prefix range of each of its three indexes in a branch of its own and
        // sorts only the matches; OFFSET 0 keeps the planner from walking the order's index instead
        // and filtering every row of the campaign for a prefix that matches few. UNION drops a
        // recipient that two branches find.
        String prefix = likePrefix(browse.search().strip());
        String lower = prefix.toLowerCase(Locale.ROOT);
        List<Object> all = new ArrayList<>();
        List<String> branches = new ArrayList<>();
        for (String column : List.of("live_email", "name_key", "external_id")) {
            branches.add("(SELECT * FROM (SELECT " + columns + " FROM recipients WHERE " + where + " AND " + column
                    + " LIKE ? ESCAPE '\\' OFFSET 0) b" + orderBy + " LIMIT ?)");
            all.addAll(params);
            all.add(column.equals("external_id") ? prefix : lower);
            all.add(browse.size() + 1);
        }
        all.add(browse.size() + 1);
        return new Statement(
                "SELECT * FROM (" + String.join(" UNION ", branches) + ") r" + orderBy + " LIMIT ?", all, key);
    }

    /** A row's place in an order: its id, and for the activity order its time before it. */
    record Key(@Nullable Instant at, String id) {

        /** A key as a cursor carries it; a cursor that is not one starts at the first page. */
        static @Nullable Key parse(Order order, String raw) {
            if (order == Order.added) {
                return raw.isBlank() || raw.length() > 60 ? null : new Key(null, raw);
            }
            int split = raw.indexOf('~');
            if (split < 0 || raw.length() > 100) {
                return null;
            }
            try {
                return new Key(Instant.parse(raw.substring(0, split)), raw.substring(split + 1));
            } catch (DateTimeParseException e) {
                return null;
            }
        }
    }

    private static String key(Order order, Row row) {
        Recipient r = row.recipient();
        return order == Order.added ? r.id() : r.updatedAt() + "~" + r.id();
    }

    private static String likePrefix(String search) {
        String limited = search.length() > 200 ? search.substring(0, 200) : search;
        return limited.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    static List<ProviderName> wallets(@Nullable String stored) {
        if (stored == null || stored.isBlank()) {
            return List.of();
        }
        List<String> names = Arrays.asList(stored.strip().split(" +"));
        return Arrays.stream(ProviderName.values())
                .filter(p -> names.contains(p.name()))
                .toList();
    }
}
