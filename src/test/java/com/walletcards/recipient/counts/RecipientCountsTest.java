package com.walletcards.recipient.counts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A list's {@code pagination.total} comes from counts the database keeps with the recipients
 * (triggers append differences, a background job folds them); whatever path changes a
 * recipient's status, the totals stay what counting the recipients gives.
 */
@DatabaseTest
class RecipientCountsTest {

    private static final List<String> STATUSES =
            List.of("pending", "created", "invited", "active", "revoked", "removed", "deleted");

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    RecipientCounts counts;

    @Autowired
    JdbcClient jdbc;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    @Test
    void everyStatusTotalEqualsTheCountedRecipientsThroughAddsCardsInvitesCallbacksRevocationsAndDeletes() {
        String campaign = flows.campaign(Map.of("providerTypes", List.of("alpha")));
        List<Map<String, Object>> bulk = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            bulk.add(Map.of("email", Flows.email(), "name", "Bulk " + i));
        }
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients/bulk", Map.of("recipients", bulk, "sendEmail", false));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        List<String> ids = new ArrayList<>();
        added.data().get("recipients").forEach(r -> ids.add(r.get("id").asString()));
        for (int i = 0; i < 4; i++) {
            ids.add(flows.recipient(campaign));
        }
        ids.forEach(id -> flows.waitForCard(campaign, id, "created"));

        for (String id : ids.subList(0, 8)) {
            flows.invite(campaign, id);
        }
        Api.Response bulkInvite = api.post(
                "/v1/campaigns/" + campaign + "/recipients/bulk-invite", Map.of("limit", 3, "sendEmail", false));
        assertThat(bulkInvite.status()).as(bulkInvite.body()).isEqualTo(200);
        for (String id : ids.subList(0, 4)) {
            assertThat(flows.callback("alpha", "SAVE", flows.cardOf(campaign, id))
                            .status())
                    .isEqualTo(200);
        }
        assertThat(flows.callback("alpha", "DELETE", flows.cardOf(campaign, ids.get(0)))
                        .status())
                .isEqualTo(200);
        assertThat(api.post("/v1/campaigns/" + campaign + "/recipients/" + ids.get(4) + "/revoke", Map.of())
                        .status())
                .isEqualTo(200);
        for (String id : ids.subList(5, 7)) {
            assertThat(api.delete("/v1/campaigns/" + campaign + "/recipients/" + id)
                            .status())
                    .isIn(200, 204);
        }
        assertThat(api.patch("/v1/campaigns/" + campaign + "/recipients/" + ids.get(8), Map.of("name", "Renamed"))
                        .status())
                .isEqualTo(200);
        // The card's status reaches the recipient in the background.
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(counted(campaign)).containsEntry("removed", 1L));

        Map<String, Long> counted = counted(campaign);
        assertThat(counted)
                .as("the flow reached every status but pending")
                .containsKeys("created", "invited", "active", "revoked", "removed", "deleted");
        assertThat(totals(campaign)).isEqualTo(expectedTotals(counted));

        counts.fold();
        assertThat(totals(campaign)).as("after folding").isEqualTo(expectedTotals(counted));
        assertThat(jdbc.sql("SELECT COUNT(*) FROM recipient_counts WHERE campaign_id = ?")
                        .param(campaign)
                        .query(Long.class)
                        .single())
                .as("one folded row per status")
                .isEqualTo(counted.size());
    }

    @Test
    void concurrentSingleAddsWhileTheCountsAreFoldedAgainAndAgainLoseNoRecipient() throws Exception {
        String campaign = flows.campaign();
        AtomicBoolean adding = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(9);
        try {
            Future<Integer> folding = pool.submit(() -> {
                int folds = 0;
                while (adding.get()) {
                    counts.fold();
                    folds++;
                }
                return folds;
            });
            List<Future<?>> adders = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                adders.add(pool.submit(() -> {
                    for (int i = 0; i < 15; i++) {
                        flows.recipient(campaign);
                    }
                }));
            }
            for (Future<?> adder : adders) {
                adder.get();
            }
            adding.set(false);
            assertThat(folding.get()).as("folds while adding").isPositive();
        } finally {
            pool.shutdownNow();
        }
        assertThat(total(campaign, "")).isEqualTo(120);
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(
                        () -> assertThat(total(campaign, "?status=created")).isEqualTo(120));
        assertThat(total(campaign, "?status=pending")).isZero();
        counts.fold();
        assertThat(total(campaign, "")).isEqualTo(120);
    }

    private Map<String, Long> counted(String campaign) {
        Map<String, Long> counted = new TreeMap<>();
        jdbc.sql("SELECT status, COUNT(*) AS n FROM recipients WHERE campaign_id = ? GROUP BY status")
                .param(campaign)
                .query(rs -> {
                    counted.put(rs.getString("status"), rs.getLong("n"));
                });
        return counted;
    }

    private static Map<String, Long> expectedTotals(Map<String, Long> counted) {
        Map<String, Long> expected = new TreeMap<>();
        STATUSES.forEach(status -> expected.put(status, counted.getOrDefault(status, 0L)));
        expected.put(
                "live",
                counted.entrySet().stream()
                        .filter(e -> !e.getKey().equals("deleted"))
                        .mapToLong(Map.Entry::getValue)
                        .sum());
        return expected;
    }

    /** What the API's pages say, per status filter and without one ("live"). */
    private Map<String, Long> totals(String campaign) {
        Map<String, Long> totals = new TreeMap<>();
        STATUSES.forEach(status -> totals.put(status, total(campaign, "?status=" + status)));
        totals.put("live", total(campaign, ""));
        return totals;
    }

    private long total(String campaign, String query) {
        Api.Response page = api.get("/v1/campaigns/" + campaign + "/recipients" + query);
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return page.data().get("pagination").get("total").asLong();
    }
}
