package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.card.CardStatus;
import com.walletcards.recipient.RecipientBrowse.Cursor;
import com.walletcards.recipient.RecipientBrowse.Order;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.ProviderName;
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
 * Every page of the console's recipients table is a walk of an index in the page's order that
 * starts at the cursor and stops after 51 rows, shown by the database's own plan: no sort of the
 * campaign's rows, so a page deep in a million rows costs what the first does. A search reads the
 * matches of each of its three prefixes apart and sorts only them. On PostgreSQL sequential scans are switched off for the plan,
 * as in {@link ListQueryPlanTest}: the question is whether an index serves the statement, not which
 * plan a tiny table prefers. H2 shows only that an index is used.
 */
@DatabaseTest
class BrowseQueryPlanTest {

    private static final String ACTIVITY_KEY = "2026-01-01T10:00:00.123456Z~rcp_0190";

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    PlatformTransactionManager transactions;

    static Stream<Arguments> walks() {
        return Stream.of(
                Arguments.of(null, null, Order.added, null, "recipients_campaign"),
                Arguments.of(null, null, Order.added, new Cursor("rcp_0190", false), "recipients_campaign"),
                Arguments.of(null, null, Order.added, new Cursor("rcp_0190", true), "recipients_campaign"),
                Arguments.of(
                        CardStatus.active,
                        null,
                        Order.added,
                        new Cursor("rcp_0190", false),
                        "recipients_campaign_status"),
                Arguments.of(
                        null, ProviderName.alpha, Order.added, new Cursor("rcp_0190", false), "recipients_campaign"),
                Arguments.of(null, null, Order.activity, null, "recipients_campaign_activity"),
                Arguments.of(
                        null, null, Order.activity, new Cursor(ACTIVITY_KEY, false), "recipients_campaign_activity"),
                Arguments.of(
                        CardStatus.invited,
                        null,
                        Order.activity,
                        new Cursor(ACTIVITY_KEY, true),
                        // Either activity index walks this page in order; with other tests' rows in the
                        // table the planner may prefer the campaign's one and filter the status.
                        "recipients_campaign_status_activity|recipients_campaign_activity"));
    }

    @ParameterizedTest
    @MethodSource("walks")
    void everyPageWalksAnIndexInItsOrderFromItsCursor(
            CardStatus status, ProviderName wallet, Order order, Cursor cursor, String index) {
        String plan = plan(new RecipientBrowse(null, status, wallet, order, cursor, 50));
        if (TestDatabase.postgres()) {
            assertThat(plan)
                    .contains("index scan")
                    .containsAnyOf(java.util.Arrays.stream(index.split("\\|"))
                            .map(name -> name + " ")
                            .toArray(String[]::new))
                    .doesNotContain("seq scan")
                    .doesNotContain("sort");
        } else {
            assertThat(plan).contains("/* public.").doesNotContain("tablescan");
        }
    }

    @ParameterizedTest
    @MethodSource("orders")
    void aSearchReadsThePrefixRangesOfTheEmailNameAndExternalIdIndexes(Order order) {
        String plan = plan(new RecipientBrowse("ada_", null, null, order, null, 50));
        if (TestDatabase.postgres()) {
            // Each branch is planned apart (OFFSET 0) and sorts only its own matches: none walks
            // the order's index with the prefix as a mere filter. Which index reads a branch's
            // prefix range is the statistics' choice; at 1,000,000 rows it is the branch's prefix
            // index (bench/README.md, "Console recipients").
            assertThat(plan.split("->  limit", -1))
                    .as("three branches, each limited")
                    .hasSize(4);
            assertThat(plan)
                    .contains("live_email)::text ~~", "name_key)::text ~~", "external_id)::text ~~")
                    .doesNotContain("seq scan")
                    .doesNotContain("index scan backward");
        } else {
            assertThat(plan).contains("/* public.").doesNotContain("tablescan");
        }
    }

    static Stream<Order> orders() {
        return Stream.of(Order.values());
    }

    private String plan(RecipientBrowse browse) {
        var statement = RecipientBrowseQueries.statement(new OrganizationId("org_plan"), "cmp_plan", browse);
        return plan(statement.sql(), statement.params()).toLowerCase();
    }

    private String plan(String sql, List<Object> params) {
        return new TransactionTemplate(transactions).execute(tx -> {
            if (TestDatabase.postgres()) {
                jdbc.execute("SET LOCAL enable_seqscan = off");
                // As in ListQueryPlanTest: on a tiny table a sort of one row looks as cheap as walking
                // the page's index in order; the question is whether an index serves the page's order.
                jdbc.execute("SET LOCAL enable_sort = off");
            }
            return String.join("\n", jdbc.queryForList("EXPLAIN " + sql, String.class, params.toArray()));
        });
    }
}
