package com.walletcards.recipient.counts;

import com.walletcards.card.CardStatus;
import com.walletcards.recipient.V33__RecipientCountsKeptWithTheRows;
import com.walletcards.shared.SqlArrays;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
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
 * The number of a campaign's recipients per status, from {@code recipient_counts}, which triggers
 * keep with every change of {@code recipients} as appended rows of differences (see {@link
 * V33__RecipientCountsKeptWithTheRows}). Reads sum the campaign's rows; {@link #fold} replaces
 * them with one row per campaign and status, so that what a read sums stays a handful of rows.
 */
@Repository
public class RecipientCounts {

    /** Appended rows folded per transaction. */
    static final int FOLD_BATCH = 10_000;

    private final JdbcClient jdbc;
    private final JdbcTemplate batch;
    private final TransactionTemplate transactions;

    RecipientCounts(JdbcClient jdbc, JdbcTemplate batch, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.batch = batch;
        this.transactions = new TransactionTemplate(transactions);
    }

    /**
     * The condition on {@code recipient_counts} that gives the total of a list: live recipients
     * (every status but {@code deleted}) without a status filter, else those in the status.
     */
    public static String totalSql(@Nullable CardStatus status) {
        return "SELECT COALESCE(SUM(n), 0) AS total FROM recipient_counts WHERE campaign_id = ? AND status "
                + (status == null ? "<> 'deleted'" : "= ?");
    }

    public static List<Object> totalParams(String campaignId, @Nullable CardStatus status) {
        return status == null ? List.of(campaignId) : List.of(campaignId, status.name());
    }

    public long total(String campaignId, @Nullable CardStatus status) {
        return jdbc.sql(totalSql(status))
                .params(totalParams(campaignId, status))
                .query(Long.class)
                .single();
    }

    /**
     * Folds the rows writers added into one row per campaign and status, {@link #FOLD_BATCH} rows
     * per transaction, until none is left; answers the rows folded. It locks the rows it reads and
     * skips any a writer holds (on H2 a session's running count, in a transaction that has not
     * ended): folding never waits for a writer, a writer waits at most for one fold's transaction,
     * and the sums are of exactly the rows deleted. A read sees the rows before or after a fold,
     * the same totals.
     */
    int fold() {
        int folded = 0;
        int batchFolded;
        do {
            try {
                batchFolded = transactions.execute(tx -> foldBatch());
            } catch (FoldedElsewhere e) {
                // Rolled back: another fold (a test's, or a second scheduler) took these rows first.
                return folded;
            }
            folded += batchFolded;
        } while (batchFolded == FOLD_BATCH);
        return folded;
    }

    private int foldBatch() {
        List<Long> ids = new ArrayList<>();
        Map<List<String>, Long> sums = new LinkedHashMap<>();
        jdbc.sql(
                        "SELECT id, campaign_id, status, n FROM recipient_counts WHERE folded = FALSE LIMIT ? FOR UPDATE SKIP LOCKED")
                .param(FOLD_BATCH)
                .query((RowCallbackHandler) rs -> add(rs, ids, sums));
        int appended = ids.size();
        if (appended == 0) {
            return 0;
        }
        // With the rows their campaigns were folded into before (only folds change those).
        jdbc.sql("SELECT id, campaign_id, status, n FROM recipient_counts"
                        + " WHERE campaign_id = ANY(:campaigns) AND folded = TRUE FOR UPDATE")
                .param(
                        "campaigns",
                        SqlArrays.of(sums.keySet().stream()
                                .map(key -> key.get(0))
                                .distinct()
                                .toList()))
                .query((RowCallbackHandler) rs -> add(rs, ids, sums));
        int deleted = jdbc.sql("DELETE FROM recipient_counts WHERE id = ANY(:ids)")
                .param("ids", ids(ids))
                .update();
        if (deleted != ids.size()) {
            throw new FoldedElsewhere();
        }
        List<Object[]> rows = new ArrayList<>();
        sums.forEach((key, n) -> {
            if (n != 0) {
                rows.add(new Object[] {key.get(0), key.get(1), n});
            }
        });
        batch.batchUpdate("INSERT INTO recipient_counts (campaign_id, status, n, folded) VALUES (?, ?, ?, TRUE)", rows);
        return appended;
    }

    private static void add(ResultSet rs, List<Long> ids, Map<List<String>, Long> sums) throws SQLException {
        ids.add(rs.getLong("id"));
        sums.merge(List.of(rs.getString("campaign_id"), rs.getString("status")), rs.getLong("n"), Long::sum);
    }

    /** Some of the rows read were deleted by another fold meanwhile: its sums stand, these roll back. */
    private static final class FoldedElsewhere extends RuntimeException {
        FoldedElsewhere() {
            super("Recipient counts were folded by another transaction meanwhile", null, false, false);
        }
    }

    private static SqlParameterValue ids(List<Long> ids) {
        return new SqlParameterValue(Types.ARRAY, ids.toArray(new Long[0]));
    }
}
