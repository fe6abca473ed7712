package com.walletcards.issuance;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * SQL of the card runs of single adds: while a campaign's run is in progress it has {@link
 * #SHARDS} rows, created and deleted together, each counting some of the adds. An add locks
 * one of them, chosen at random, so concurrent adds to one campaign rarely wait for each other.
 */
@Repository
class SingleCardRuns {

    static final int SHARDS = 16;

    private final JdbcClient jdbc;

    SingleCardRuns(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A campaign's run in progress; {@code requested} counts the single adds it has to handle. */
    record Run(String campaignId, OrganizationId organizationId, String runId, long requested) {}

    /** Counts one more single add in a shard of a campaign whose run is in progress; false when none is. */
    boolean bump(String campaignId, int shard) {
        return jdbc.sql("UPDATE single_card_runs SET requested = requested + 1 WHERE campaign_id = ? AND shard = ?")
                        .params(campaignId, shard)
                        .update()
                == 1;
    }

    /**
     * Starts a campaign's run with all its shards in one statement, this add counted in {@code
     * shard}; false when a concurrent add started one first. The shards of a run only ever
     * appear and disappear together, so a concurrent start inserts either all or none.
     */
    boolean start(String campaignId, int shard, OrganizationId org, String runId, Instant now) {
        String values = IntStream.range(0, SHARDS)
                .mapToObj(s -> "(?, " + s + ", ?, ?, " + (s == shard ? 1 : 0) + ", ?)")
                .collect(Collectors.joining(", "));
        Object[] params = IntStream.range(0, SHARDS)
                .mapToObj(s -> List.<Object>of(campaignId, org.value(), runId, Times.db(now)))
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
    Optional<Run> find(String campaignId, String runId) {
        return jdbc
                .sql("SELECT organization_id, requested FROM single_card_runs WHERE campaign_id = ? AND run_id = ?")
                .params(campaignId, runId)
                .query((rs, n) -> new Run(
                        campaignId,
                        new OrganizationId(rs.getString("organization_id")),
                        runId,
                        rs.getLong("requested")))
                .list()
                .stream()
                .reduce((a, b) -> new Run(campaignId, a.organizationId(), runId, a.requested() + b.requested()));
    }

    /**
     * In the caller's transaction: locks every shard of the run, in shard order, so this waits
     * for each add that counted itself and has not committed yet; the count read under the locks
     * is then final. Empty when the run is gone.
     */
    Optional<Long> lockCount(String campaignId, String runId) {
        List<Long> counts = jdbc.sql("SELECT requested FROM single_card_runs WHERE campaign_id = ? AND run_id = ?"
                        + " ORDER BY shard FOR UPDATE")
                .params(campaignId, runId)
                .query(Long.class)
                .list();
        return counts.isEmpty()
                ? Optional.empty()
                : Optional.of(counts.stream().mapToLong(Long::longValue).sum());
    }

    /** Ends the run: removes all its shards, under the locks of {@link #lockCount}. */
    void finish(String campaignId, String runId) {
        jdbc.sql("DELETE FROM single_card_runs WHERE campaign_id = ? AND run_id = ?")
                .params(campaignId, runId)
                .update();
    }
}
