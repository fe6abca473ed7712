package com.walletcards.journey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Scrape;
import com.walletcards.support.Tenants;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

/**
 * A holder's page view, hand-over and a wallet's report are one appended row each; the fold turns
 * them into the journey and the figures, exactly, however many arrive at once, and a fold that
 * dies halfway or runs twice counts each once. The recurring fold is put off here, so that each
 * test folds when it means to.
 */
@DatabaseTest
@TestPropertySource(properties = "wallet.journey.fact-fold-interval=PT1H")
class HolderActivityAppendTest {

    private static final Map<String, String> IPHONE = Map.of(
            "User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1",
            "Accept", "text/html");

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JourneyFactFolding folding;

    @Autowired
    JourneyCounts counts;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PlatformTransactionManager transactions;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    @Test
    void sixteenConcurrentLoadsOfOneCardsPageAllAnswerAndAreAllCountedOnceFolded() throws Exception {
        String c = flows.campaign();
        String r = flows.recipient(c);
        String page = page(c, r);

        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<Integer>> loads = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                loads.add(pool.submit(() -> {
                    start.await();
                    return open(page);
                }));
            }
            start.countDown();
            for (Future<Integer> load : loads) {
                assertThat(load.get()).isEqualTo(200);
            }
        } finally {
            pool.shutdown();
        }
        assertThat(pending(r)).as("each view one appended row").isEqualTo(16);

        // Two folds at once (two instances): each takes other facts, together all of them once.
        ExecutorService folds = Executors.newFixedThreadPool(2);
        try {
            Future<Integer> first = folds.submit(folding::fold);
            Future<Integer> second = folds.submit(folding::fold);
            assertThat(first.get() + second.get()).isEqualTo(16);
        } finally {
            folds.shutdown();
        }

        assertThat(pending(r)).isZero();
        JsonNode stats = api.get("/v1/campaigns/" + c + "/stats").data();
        assertThat(stats.get("funnel").get("opened").asLong()).isEqualTo(1);
        assertThat(dailyOpened(stats)).isEqualTo(16);
        assertThat(openedCount(r)).isEqualTo(16);
        List<Long> numbers = new ArrayList<>();
        journey(c, r).stream()
                .filter(e -> e.get("type").asString().equals("opened"))
                .forEach(e -> numbers.add(e.get("detail").get("count").asLong()));
        assertThat(numbers).as("the views numbered in their order").containsExactly(seq(16));
    }

    @Test
    void aPageViewThatCannotBeRecordedStillAnswersThePage() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        String page = page(c, r);
        double failures = Scrape.of(api).value("wallet_journey_record_failures_total");

        jdbc.sql("ALTER TABLE journey_facts RENAME TO journey_facts_away").update();
        try {
            assertThat(open(page))
                    .as("the page, with nowhere to record its view")
                    .isEqualTo(200);
        } finally {
            jdbc.sql("ALTER TABLE journey_facts_away RENAME TO journey_facts").update();
        }
        assertThat(Scrape.of(api).value("wallet_journey_record_failures_total")).isEqualTo(failures + 1);

        assertThat(open(page)).isEqualTo(200);
        folding.fold();
        assertThat(openedCount(r)).as("the view that could be recorded").isEqualTo(1);
        assertThat(api.get("/v1/campaigns/" + c + "/stats")
                        .data()
                        .get("funnel")
                        .get("opened")
                        .asLong())
                .isEqualTo(1);
    }

    @Test
    void aFoldThatDiesHalfwayLeavesEveryFactAndAFoldRunTwiceCountsEachOnce() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        String page = page(c, r);
        for (int i = 0; i < 3; i++) {
            assertThat(open(page)).isEqualTo(200);
        }
        assertThat(open(page + "/alpha")).isEqualTo(200);
        assertThat(flows.callback("alpha", "SAVE", flows.cardOf(c, r)).status()).isEqualTo(200);
        assertThat(pending(r)).isEqualTo(5);

        // The fold's reads, milestone, event and counter writes and its deletions are one
        // transaction: killed before its commit, it leaves nothing of them.
        TransactionTemplate crash = new TransactionTemplate(transactions);
        assertThatThrownBy(() -> crash.executeWithoutResult(tx -> {
                    assertThat(folding.fold()).isEqualTo(5);
                    throw new IllegalStateException("the process dies before the commit");
                }))
                .hasMessageContaining("dies");
        assertThat(pending(r)).isEqualTo(5);
        assertThat(openedCount(r)).isZero();
        assertThat(types(c, r)).containsExactly("invited");

        assertThat(folding.fold()).isEqualTo(5);
        assertThat(folding.fold()).as("nothing left to fold").isZero();
        String expected = "invited, opened, opened, opened, handed_over, installed";
        assertThat(String.join(", ", types(c, r))).isEqualTo(expected);
        JsonNode stats = api.get("/v1/campaigns/" + c + "/stats").data();
        assertThat(stats.get("funnel").toString())
                .isEqualTo("{\"added\":1,\"cardCreated\":1,\"invited\":1,\"opened\":1,\"installed\":1,"
                        + "\"removed\":0,\"revoked\":0}");
        assertThat(stats.get("byProvider").get("alpha").toString())
                .isEqualTo("{\"handedOver\":1,\"installed\":1,\"removed\":0,\"devices\":0}");
        assertThat(dailyOpened(stats)).isEqualTo(3);

        counts.fold();
        assertThat(api.get("/v1/campaigns/" + c + "/stats").data()).isEqualTo(stats);
        assertThat(String.join(", ", types(c, r))).isEqualTo(expected);
    }

    @Test
    void aDeletionCountsTheViewsBeforeItAndThenTakesTheRecipientOut() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        String page = page(c, r);
        assertThat(open(page)).isEqualTo(200);
        assertThat(open(page)).isEqualTo(200);

        assertThat(api.delete("/v1/campaigns/" + c + "/recipients/" + r).status())
                .isEqualTo(200);

        assertThat(pending(r)).as("the deletion applied the views before it").isZero();
        JsonNode stats = api.get("/v1/campaigns/" + c + "/stats").data();
        assertThat(stats.get("funnel").get("opened").asLong()).isZero();
        assertThat(stats.get("funnel").get("added").asLong()).isZero();
        assertThat(dailyOpened(stats)).as("the days keep what happened").isEqualTo(2);
    }

    private String page(String c, String r) {
        flows.waitForCard(c, r, "created");
        return URI.create(flows.invite(c, r).get("downloadUrl").asString()).getPath();
    }

    private int open(String path) {
        return api.withKey(null)
                .rawWithHeaders("GET", path, null, "text/html", IPHONE)
                .status();
    }

    private long pending(String r) {
        return jdbc.sql("SELECT COUNT(*) FROM journey_facts WHERE recipient_id = ?")
                .param(r)
                .query(Long.class)
                .single();
    }

    private long openedCount(String r) {
        return jdbc.sql("SELECT opened_count FROM journey_milestones WHERE recipient_id = ?")
                .param(r)
                .query(Long.class)
                .single();
    }

    private static long dailyOpened(JsonNode stats) {
        long sum = 0;
        for (JsonNode day : stats.get("daily")) {
            sum += day.get("opened").asLong();
        }
        return sum;
    }

    private List<JsonNode> journey(String c, String r) {
        Api.Response answer = api.get("/v1/campaigns/" + c + "/recipients/" + r + "/journey?limit=100");
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        List<JsonNode> events = new ArrayList<>();
        answer.data().get("events").forEach(events::add);
        return events;
    }

    private List<String> types(String c, String r) {
        return journey(c, r).stream().map(e -> e.get("type").asString()).toList();
    }

    private static Long[] seq(int n) {
        Long[] values = new Long[n];
        for (int i = 0; i < n; i++) {
            values[i] = i + 1L;
        }
        return values;
    }
}
