package com.walletcards.issuance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.Tenants;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ContextConfiguration;
import tools.jackson.databind.JsonNode;

/** Single adds share their campaign's card run; none of them is left without its card. */
@DatabaseTest
@ContextConfiguration(initializers = SingleAddCardsTest.OwnDatabase.class)
class SingleAddCardsTest {

    /**
     * The hooks and the executions metric live in this context; on the shared test database the
     * JVM's other contexts would pick up this test's runs, which then meet neither.
     */
    static final class OwnDatabase extends SeparateDatabase {}

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    MeterRegistry meters;

    @Autowired
    SingleAddCards singles;

    @Autowired
    JdbcClient jdbc;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    @AfterEach
    void noHook() {
        singles.finishing = instanceId -> {};
        singles.executing = instanceId -> {};
    }

    private double executionsMetric() {
        return meters.counter("wallet.cards.generation.executions", "adds", "single")
                .count();
    }

    private String add(String campaignId) {
        Api.Response r =
                api.post("/v1/campaigns/" + campaignId + "/recipients", Map.of("email", Flows.email(), "name", "Ada"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private boolean hasCard(String campaignId, String recipientId) {
        JsonNode r = api.get("/v1/campaigns/" + campaignId + "/recipients/" + recipientId)
                .data();
        return !r.get("walletCardId").isNull();
    }

    @Test
    void manyConcurrentSingleAddsToOneCampaignAllGetTheirCardsFromFarFewerExecutions() throws Exception {
        String c = flows.campaign();
        int adds = 300;
        double counted = executionsMetric();
        // Counts only this campaign's executions: the class's other tests share the job engine.
        AtomicInteger executions = new AtomicInteger();
        singles.executing = instanceId -> {
            if (instanceId.startsWith(c + "/")) {
                executions.incrementAndGet();
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(12);
        List<Future<String>> added = new ArrayList<>();
        for (int i = 0; i < adds; i++) {
            added.add(pool.submit(() -> add(c)));
        }
        List<String> ids = new ArrayList<>();
        for (Future<String> f : added) {
            ids.add(f.get());
        }
        pool.shutdown();

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(api.get("/v1/campaigns/" + c + "/recipients?status=created&limit=1")
                                .data()
                                .get("pagination")
                                .get("total")
                                .asLong())
                        .isEqualTo(adds));
        int runs = executions.get();
        System.out.printf("%d concurrent single adds: %d card-generation executions%n", adds, runs);
        assertThat(runs).isGreaterThanOrEqualTo(1).isLessThanOrEqualTo(adds / 5);
        assertThat(executionsMetric() - counted).as("the executions metric").isGreaterThanOrEqualTo((double) runs);
        assertThat(ids).allSatisfy(id -> assertThat(hasCard(c, id)).isTrue());
    }

    @Test
    void aLoneSingleAddGetsItsCardWithinASecond() {
        // Once, so that the measured add meets a warm service rather than first-call class loading.
        String warm = flows.campaign();
        String first = add(warm);
        await().atMost(Duration.ofSeconds(10)).until(() -> hasCard(warm, first));

        String c = flows.campaign();
        String id = add(c);
        await().atMost(Duration.ofMillis(1000))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> hasCard(c, id));
    }

    @Test
    void anAddCommittedWhileTheRunIsFinishingStillGetsItsCard() {
        String c = flows.campaign();
        AtomicBoolean once = new AtomicBoolean();
        AtomicReference<String> late = new AtomicReference<>();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Set<String> runsOfCampaign = ConcurrentHashMap.newKeySet();
        // The run has issued every card it saw and found nothing pending; this add commits
        // before the run records that it is done. Runs of other campaigns (the class's other tests
        // share the job engine) are left alone.
        singles.finishing = instanceId -> {
            if (!instanceId.startsWith(c + "/")) {
                return;
            }
            runsOfCampaign.add(instanceId);
            if (once.compareAndSet(false, true)) {
                try {
                    late.set(add(c));
                } catch (RuntimeException | Error e) {
                    failed.set(e);
                    throw e;
                }
            }
        };
        String first = add(c);

        await().atMost(Duration.ofSeconds(60)).until(() -> late.get() != null || failed.get() != null);
        assertThat(failed.get()).as("the late add").isNull();
        await().atMost(Duration.ofSeconds(60)).until(() -> hasCard(c, first) && hasCard(c, late.get()));
        await().atMost(Duration.ofSeconds(60))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM single_card_runs WHERE campaign_id = ?")
                                .param(c)
                                .query(Long.class)
                                .single()
                        == 0);
        // The run went round once more instead of leaving the late add to a run of its own.
        assertThat(runsOfCampaign).hasSize(1);
    }
}
