package com.walletcards.journey;

import com.walletcards.shared.Json;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.SqlArrays;
import com.walletcards.shared.Times;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.SqlParameterValue;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The holder's and the wallets' steps as they were appended to {@code journey_facts}, before a
 * fold ({@link JourneyFactFolding}) turns them into milestones, journey events and counters.
 */
@Repository
class JourneyFacts {

    /** An appended fact and its row, which the fold deletes once the fact is applied. */
    record Pending(long id, Fact fact) {}

    private static final String COLUMNS =
            "SELECT id, organization_id, campaign_id, recipient_id, step, provider, occurred_at, detail"
                    + " FROM journey_facts";

    private final JdbcClient jdbc;
    private final JdbcTemplate batch;

    JourneyFacts(JdbcClient jdbc, JdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    /** Appends the facts: one insert each, no read and no lock. */
    void append(List<Fact> facts) {
        String sql = "INSERT INTO journey_facts (organization_id, campaign_id, recipient_id, step, provider,"
                + " occurred_at, detail) VALUES (?, ?, ?, ?, ?, ?, ?)";
        if (facts.size() == 1) {
            batch.update(sql, row(facts.get(0)));
        } else {
            batch.batchUpdate(sql, facts.stream().map(JourneyFacts::row).toList());
        }
    }

    /**
     * The oldest {@code limit} facts, locked until the transaction ends; facts another fold holds
     * are skipped, so two folds never apply one fact.
     */
    List<Pending> claim(int limit) {
        return jdbc.sql(COLUMNS + " ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED")
                .param(limit)
                .query((rs, n) -> pending(rs))
                .list();
    }

    /**
     * The recipients' facts not yet folded, oldest first and locked; those a fold holds right now
     * are skipped (that fold applies them as soon as it has the recipients' milestones).
     */
    List<Pending> claimOf(Collection<String> recipientIds) {
        return jdbc.sql(COLUMNS + " WHERE recipient_id = ANY(:ids) ORDER BY id FOR UPDATE SKIP LOCKED")
                .param("ids", SqlArrays.of(recipientIds))
                .query((rs, n) -> pending(rs))
                .list();
    }

    /** Deletes the applied facts; answers how many rows it deleted. */
    int delete(List<Pending> applied) {
        if (applied.isEmpty()) {
            return 0;
        }
        Long[] ids = applied.stream().map(Pending::id).toArray(Long[]::new);
        return jdbc.sql("DELETE FROM journey_facts WHERE id = ANY(:ids)")
                .param("ids", new SqlParameterValue(Types.ARRAY, ids))
                .update();
    }

    private static Object[] row(Fact f) {
        return new Object[] {
            f.organizationId().value(),
            f.campaignId(),
            f.recipientId(),
            f.step().name(),
            f.provider(),
            Times.db(f.at()),
            Json.write(f.detail())
        };
    }

    private static Pending pending(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new Pending(
                rs.getLong("id"),
                new Fact(
                        new OrganizationId(rs.getString("organization_id")),
                        rs.getString("campaign_id"),
                        rs.getString("recipient_id"),
                        Step.valueOf(rs.getString("step")),
                        rs.getString("provider"),
                        rs.getObject("occurred_at", OffsetDateTime.class).toInstant(),
                        Json.readMap(rs.getString("detail"))));
    }
}
