package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.DatabaseTest;
import com.walletcards.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Each filter combination of the recipients list has an index that serves both halves of its one
 * statement (the count and the page), shown by the database's own plan. On PostgreSQL sequential
 * scans are switched off for the plan: the test tables are small and without statistics, and the
 * question is whether an index can serve the filter, not which plan a tiny table prefers. H2 shows
 * only that an index is used.
 */
@DatabaseTest
class ListQueryPlanTest {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    PlatformTransactionManager transactions;

    static Stream<Arguments> filters() {
        // recipients_campaign (organization, campaign, id, deleted_at) narrows every filter to the
        // campaign, so the planner may take it for any of them; which index is cheapest depends on
        // the statistics the other tests' rows left in the shared test database.
        return Stream.of(
                Arguments.of(null, null, List.of("recipients_campaign")),
                Arguments.of(
                        null, RecipientStatus.invited, List.of("recipients_campaign_status", "recipients_campaign")),
                Arguments.of("Ada@Example.org", null, List.of("recipients_live_email", "recipients_campaign")),
                Arguments.of(
                        "ada@example.org",
                        RecipientStatus.active,
                        List.of("recipients_live_email", "recipients_campaign_status", "recipients_campaign")),
                Arguments.of(
                        "ada@example.org",
                        RecipientStatus.deleted,
                        List.of("recipients_campaign_status", "recipients_campaign")));
    }

    @ParameterizedTest
    @MethodSource("filters")
    void everyRecipientFilterIsServedByAnIndexInOneStatement(
            String email, RecipientStatus status, List<String> indexes) {
        var filter = RecipientQueries.filterForPlan(
                new com.walletcards.shared.OrganizationId("org_plan"), "cmp_plan", email, status);
        List<Object> params = new ArrayList<>(filter.params());
        params.addAll(filter.params());
        params.add(20);
        params.add(0);
        String plan = plan(RecipientQueries.pageSql(filter.where()), params).toLowerCase();
        if (TestDatabase.postgres()) {
            assertThat(plan).containsAnyOf(indexes.toArray(String[]::new)).doesNotContain("seq scan");
        } else {
            // H2 picks among the indexes by its own column statistics, which the test data (one
            // organization per test) skews: it must use one, never scan the table.
            assertThat(plan).contains("/* public.").doesNotContain("tablescan");
        }
    }

    private String plan(String sql, List<Object> params) {
        return new TransactionTemplate(transactions).execute(tx -> {
            if (TestDatabase.postgres()) {
                jdbc.execute("SET LOCAL enable_seqscan = off");
            }
            return String.join("\n", jdbc.queryForList("EXPLAIN " + sql, String.class, params.toArray()));
        });
    }
}
