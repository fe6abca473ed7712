package com.walletcards.journey;

import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.SqlParameterValue;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A campaign's counters from {@code journey_counts}: reads sum its rows, and {@link #fold}
 * replaces the appended rows with one per campaign, metric and day, as recipient counts do (ADR
 * 0019): writers only append, so they never wait for each other on a shared row.
 */
@Repository
class JourneyCounts {

    static final int FOLD_BATCH = 10_000;

    private final JdbcClient jdbc;
    private final JdbcTemplate batch;
    private final TransactionTemplate transactions;

    JourneyCounts(JdbcClient jdbc, JdbcTemplate batch, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.batch = batch;
        this.transactions = new TransactionTemplate(transactions);
    }

    /** A campaign's totals by metric and its daily figures by day and metric. */
    record Figures(Map<String, Long> totals, Map<LocalDate, Map<String, Long>> days) {}

    /**
     * The campaign's totals and its daily figures from {@code from} to {@code to} inclusive, in one
     * statement: a statistics request is then one round trip to the database after the campaign.
     */
    Figures figures(String campaignId, LocalDate from, LocalDate to) {
        Map<String, Long> totals = new HashMap<>();
        Map<LocalDate, Map<String, Long>> days = new HashMap<>();
        jdbc.sql("SELECT on_day, metric, SUM(n) AS n FROM journey_counts WHERE campaign_id = ?"
                        + " AND (on_day IS NULL OR (on_day >= ? AND on_day <= ?)) GROUP BY on_day, metric")
                .params(campaignId, Date.valueOf(from), Date.valueOf(to))
                .query((RowCallbackHandler) rs -> {
                    LocalDate day = rs.getObject("on_day", LocalDate.class);
                    Map<String, Long> into = day == null ? totals : days.computeIfAbsent(day, d -> new HashMap<>());
                    into.put(rs.getString("metric"), rs.getLong("n"));
                });
        return new Figures(totals, days);
    }

    /** The totals by metric of each of the campaigns (every one named has an entry, maybe empty). */
    Map<String, Map<String, Long>> totals(List<String> campaignIds) {
        Map<String, Map<String, Long>> totals = new LinkedHashMap<>();
        campaignIds.forEach(id -> totals.put(id, new HashMap<>()));
        if (campaignIds.isEmpty()) {
            return totals;
        }
        jdbc.sql("SELECT campaign_id, metric, SUM(n) AS n FROM journey_counts WHERE campaign_id = ANY(:campaigns)"
                        + " AND on_day IS NULL GROUP BY campaign_id, metric")
                .param("campaigns", com.walletcards.shared.SqlArrays.of(campaignIds))
                .query((RowCallbackHandler)
                        rs -> totals.computeIfAbsent(rs.getString("campaign_id"), c -> new HashMap<>())
                                .put(rs.getString("metric"), rs.getLong("n")));
        return totals;
    }

    /** The campaign's daily figures by day and metric, {@code from} to {@code to} inclusive. */
    Map<LocalDate, Map<String, Long>> daily(String campaignId, LocalDate from, LocalDate to) {
        return figures(campaignId, from, to).days();
    }

    /** Folds the appended rows, {@link #FOLD_BATCH} per transaction, until none is left; answers how many. */
    int fold() {
        int folded = 0;
        int batchFolded;
        do {
            try {
                batchFolded = transactions.execute(tx -> foldBatch());
            } catch (FoldedElsewhere e) {
                return folded;
            }
            folded += batchFolded;
        } while (batchFolded == FOLD_BATCH);
        return folded;
    }

    private record Key(
            String campaignId, String metric, @Nullable LocalDate day) {}

    private int foldBatch() {
        List<Long> ids = new ArrayList<>();
        Map<Key, Long> sums = new LinkedHashMap<>();
        jdbc.sql("SELECT id, campaign_id, metric, on_day, n FROM journey_counts WHERE folded = FALSE LIMIT ?"
                        + " FOR UPDATE SKIP LOCKED")
                .param(FOLD_BATCH)
                .query((RowCallbackHandler) rs -> add(rs, ids, sums));
        int appended = ids.size();
        if (appended == 0) {
            return 0;
        }
        List<String> campaigns =
                sums.keySet().stream().map(Key::campaignId).distinct().toList();
        jdbc.sql("SELECT id, campaign_id, metric, on_day, n FROM journey_counts"
                        + " WHERE campaign_id = ANY(:campaigns) AND folded = TRUE FOR UPDATE")
                .param("campaigns", com.walletcards.shared.SqlArrays.of(campaigns))
                .query((RowCallbackHandler) rs -> add(rs, ids, sums));
        int deleted = jdbc.sql("DELETE FROM journey_counts WHERE id = ANY(:ids)")
                .param("ids", new SqlParameterValue(Types.ARRAY, ids.toArray(new Long[0])))
                .update();
        if (deleted != ids.size()) {
            throw new FoldedElsewhere();
        }
        List<Object[]> rows = new ArrayList<>();
        sums.forEach((key, n) -> {
            if (n != 0) {
                rows.add(new Object[] {
                    key.campaignId(),
                    key.metric(),
                    new SqlParameterValue(Types.DATE, key.day() == null ? null : Date.valueOf(key.day())),
                    n
                });
            }
        });
        batch.batchUpdate(
                "INSERT INTO journey_counts (campaign_id, metric, on_day, n, folded) VALUES (?, ?, ?, ?, TRUE)", rows);
        return appended;
    }

    private static void add(ResultSet rs, List<Long> ids, Map<Key, Long> sums) throws SQLException {
        ids.add(rs.getLong("id"));
        sums.merge(
                new Key(rs.getString("campaign_id"), rs.getString("metric"), rs.getObject("on_day", LocalDate.class)),
                rs.getLong("n"),
                Long::sum);
    }

    /** Another fold took some of these rows first: its sums stand, this batch rolls back. */
    private static final class FoldedElsewhere extends RuntimeException {
        FoldedElsewhere() {
            super("Journey counts were folded by another transaction meanwhile", null, false, false);
        }
    }
}
