package com.walletcards.issuance;

import com.walletcards.shared.CoalescedRuns;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.RunId;
import com.walletcards.shared.Times;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * SQL of the card runs of single adds: while a campaign's run is in progress it has {@link
 * #SHARDS} rows, created and deleted together, each counting some of the adds. An add locks
 * one of them, chosen at random, so concurrent adds to one campaign rarely wait for each other.
 * The runs are keyed by campaign id and follow {@link CoalescedRuns}.
 */
@Repository
class SingleCardRuns implements CoalescedRuns.Counts<SingleCardRuns.Add> {

    static final int SHARDS = 16;

    private final JdbcClient jdbc;
    private final TransactionTemplate transaction;

    SingleCardRuns(JdbcClient jdbc, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.transaction = new TransactionTemplate(transactions);
    }

    /** A campaign's run in progress; {@code requested} counts the single adds it has to handle. */
    record Run(RunId id, OrganizationId organizationId, long requested) {}

    /** One single add to count: the shard it counts itself in, and what a run it starts records. */
    record Add(int shard, OrganizationId organizationId, Instant at) {}

    /** Counts one more single add in a shard of a campaign whose run is in progress; false when none is. */
    @Override
    public boolean bump(String campaignId, Add add) {
        return jdbc.sql("UPDATE single_card_runs SET requested = requested + 1 WHERE campaign_id = ? AND shard = ?")
                        .params(campaignId, add.shard())
                        .update()
                == 1;
    }

    /**
     * Starts a campaign's run with all its shards in one statement, this add counted in its
     * shard; false when a concurrent add started one first. The shards of a run only ever
     * appear and disappear together, so a concurrent start inserts either all or none.
     */
    @Override
    public boolean start(RunId run, Add add) {
        String values = IntStream.range(0, SHARDS)
                .mapToObj(s -> "(?, " + s + ", ?, ?, " + (s == add.shard() ? 1 : 0) + ", ?)")
                .collect(Collectors.joining(", "));
        Object[] params = IntStream.range(0, SHARDS)
                .mapToObj(s -> List.<Object>of(run.key(), add.organizationId().value(), run.run(), Times.db(add.at())))
                .flatMap(List::stream)
                .toArray();
        // ON CONFLICT without a target is what both PostgreSQL and H2 (PostgreSQL mode) accept;
        // a plain duplicate key would abort the add's transaction on PostgreSQL.
        return jdbc.sql("INSERT INTO single_card_runs (campaign_id, shard, organization_id, run_id, requested,"
                                + " created_at) VALUES " + values + " ON CONFLICT DO NOTHING")
                        .params(params)
                        .update()
                > 0;
    }

    /** The run with its count so far, the sum over its shards. */
    Optional<Run> find(RunId run) {
        return jdbc
                .sql("SELECT organization_id, requested FROM single_card_runs WHERE campaign_id = ? AND run_id = ?")
                .params(run.key(), run.run())
                .query((rs, n) ->
                        new Run(run, new OrganizationId(rs.getString("organization_id")), rs.getLong("requested")))
                .list()
                .stream()
                .reduce((a, b) -> new Run(run, a.organizationId(), a.requested() + b.requested()));
    }

    /**
     * Ends the run when no add was counted since it read {@code handled}, in a transaction of its
     * own: the count is read under the shards' locks, and the shards are removed under them.
     */
    @Override
    public boolean finishIfCaughtUp(RunId run, long handled) {
        return Boolean.TRUE.equals(transaction.execute(tx -> {
            if (!CoalescedRuns.mayFinish(lockCount(run), handled)) {
                return false;
            }
            finish(run);
            return true;
        }));
    }

    /**
     * In the caller's transaction: locks every shard of the run, in shard order, so this waits
     * for each add that counted itself and has not committed yet; the count read under the locks
     * is then final. Empty when the run is gone.
     */
    private Optional<Long> lockCount(RunId run) {
        List<Long> counts = jdbc.sql("SELECT requested FROM single_card_runs WHERE campaign_id = ? AND run_id = ?"
                        + " ORDER BY shard FOR UPDATE")
                .params(run.key(), run.run())
                .query(Long.class)
                .list();
        return counts.isEmpty()
                ? Optional.empty()
                : Optional.of(counts.stream().mapToLong(Long::longValue).sum());
    }

    /** Ends the run: removes all its shards, under the locks of {@link #lockCount}. */
    private void finish(RunId run) {
        jdbc.sql("DELETE FROM single_card_runs WHERE campaign_id = ? AND run_id = ?")
                .params(run.key(), run.run())
                .update();
    }
}
