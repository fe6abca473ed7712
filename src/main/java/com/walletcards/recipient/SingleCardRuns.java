package com.walletcards.recipient;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of the card runs of single adds: one row per campaign while its run is in progress. */
@Repository
class SingleCardRuns {

    private final JdbcClient jdbc;

    SingleCardRuns(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A campaign's run in progress; {@code requested} counts the single adds it has to handle. */
    record Run(String campaignId, OrganizationId organizationId, String runId, long requested) {}

    /** Counts one more single add for a campaign whose run is in progress; false when none is. */
    boolean bump(String campaignId) {
        return jdbc.sql("UPDATE single_card_runs SET requested = requested + 1 WHERE campaign_id = ?")
                        .param(campaignId)
                        .update()
                == 1;
    }

    /** Starts a campaign's run; false when a concurrent add started one first. */
    boolean start(String campaignId, OrganizationId org, String runId, Instant now) {
        // ON CONFLICT without a target is what both PostgreSQL and H2 (PostgreSQL mode) accept;
        // a plain duplicate key would abort the add's transaction on PostgreSQL.
        return jdbc.sql("""
                        INSERT INTO single_card_runs (campaign_id, organization_id, run_id, requested, created_at)
                        VALUES (?, ?, ?, 1, ?) ON CONFLICT DO NOTHING""")
                        .params(campaignId, org.value(), runId, Times.db(now))
                        .update()
                == 1;
    }

    Optional<Run> find(String campaignId, String runId) {
        return jdbc.sql("SELECT campaign_id, organization_id, run_id, requested FROM single_card_runs"
                        + " WHERE campaign_id = ? AND run_id = ?")
                .params(campaignId, runId)
                .query((rs, n) -> new Run(
                        rs.getString("campaign_id"),
                        new OrganizationId(rs.getString("organization_id")),
                        rs.getString("run_id"),
                        rs.getLong("requested")))
                .optional();
    }

    /**
     * Ends the run when no add was counted since it read {@code handled}. The row lock this takes
     * orders it against {@link #bump}: an add either counts itself first (the run goes on) or
     * finds no row and starts a new run.
     */
    boolean finishIfCaughtUp(String campaignId, String runId, long handled) {
        return jdbc.sql("DELETE FROM single_card_runs WHERE campaign_id = ? AND run_id = ? AND requested = ?")
                        .params(campaignId, runId, handled)
                        .update()
                == 1;
    }

    /**
     * Whether a recipient of this card batch still waits for its card, locked or not: issuing
     * skips recipients another transaction holds, and the run must not end without them. Cheap,
     * since a recipient leaves its batch when its card is created.
     */
    boolean anyPending(String cardBatch) {
        return !jdbc.sql("SELECT id FROM recipients WHERE card_batch = ? AND wallet_card_id IS NULL"
                        + " AND deleted_at IS NULL FETCH FIRST 1 ROWS ONLY")
                .param(cardBatch)
                .query(String.class)
                .list()
                .isEmpty();
    }
}
