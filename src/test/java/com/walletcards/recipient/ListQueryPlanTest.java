package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.card.CardStatus;
import com.walletcards.shared.Page;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.TestDatabase;
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
 * statement (the total and the page), shown by the database's own plan; without an email filter
 * the total is the campaign's kept count and the page's ids come from the index alone. On PostgreSQL sequential
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
                Arguments.of(null, CardStatus.invited, List.of("recipients_campaign_status", "recipients_campaign")),
                Arguments.of("Ada@Example.org", null, List.of("recipients_live_email", "recipients_campaign")),
                Arguments.of(
                        "ada@example.org",
                        CardStatus.active,
                        List.of("recipients_live_email", "recipients_campaign_status", "recipients_campaign")),
                Arguments.of(
                        "ada@example.org",
                        CardStatus.deleted,
                        List.of("recipients_campaign_status", "recipients_campaign")));
    }

    @ParameterizedTest
    @MethodSource("filters")
    void everyRecipientFilterIsServedByAnIndexInOneStatement(String email, CardStatus status, List<String> indexes) {
        String plan = plan(email, status);
        if (TestDatabase.postgres()) {
            assertThat(plan).containsAnyOf(indexes.toArray(String[]::new)).doesNotContain("seq scan");
        } else {
            // H2 picks among the indexes by its own column statistics, which the test data (one
            // organization per test) skews: it must use one, never scan the table.
            assertThat(plan).contains("/* public.").doesNotContain("tablescan");
        }
    }

    static Stream<Arguments> filtersWithoutEmail() {
        return filters().filter(arguments -> arguments.get()[0] == null);
    }

    @ParameterizedTest
    @MethodSource("filtersWithoutEmail")
    void withoutAnEmailThePagesTotalIsTheCampaignsKeptCountAndItsIdsComeFromTheIndexAlone(
            String email, CardStatus status, List<String> indexes) {
        String plan = plan(email, status);
        if (TestDatabase.postgres()) {
            assertThat(plan)
                    .contains("recipient_counts_campaign")
                    .contains("index only scan using " + indexes.get(0))
                    .doesNotContain("count(*)");
        } else {
            assertThat(plan).contains("public.recipient_counts_campaign").doesNotContain("count(*)");
        }
    }

    private String plan(String email, CardStatus status) {
        var statement = RecipientPageQueries.pageStatement(
                new com.walletcards.shared.OrganizationId("org_plan"), "cmp_plan", email, status, new Page(20, 500));
        return plan(statement.sql(), statement.params()).toLowerCase();
    }

    private String plan(String sql, List<Object> params) {
        return new TransactionTemplate(transactions).execute(tx -> {
            if (TestDatabase.postgres()) {
                jdbc.execute("SET LOCAL enable_seqscan = off");
                // Likewise a sort: on a tiny table, walking any index on the campaign (the console's
                // prefix indexes) and sorting one row looks as cheap as walking the page's own index in
                // order; the question is whether that index serves the page, as it must at scale.
                jdbc.execute("SET LOCAL enable_sort = off");
            }
            return String.join("\n", jdbc.queryForList("EXPLAIN " + sql, String.class, params.toArray()));
        });
    }
}
