package com.walletcards.provider.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * A campaign change reaching many saved Google Wallet cards: the calls counted at the fake Google
 * Wallet API (target: one class PATCH) and the time until the class shows the change, against the
 * per-object baseline of one PATCH per card at the configured rate. Not part of the normal build;
 * run with
 *
 * <pre>
 * ./mvnw -B test -Dtest=GoogleCampaignUpdateBenchmark -Dwallet.benchmark=true -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * ({@code -Dwallet.benchmark.cards=N}, default 10,000). The cards are set up through the real
 * flow: bulk-added recipients, each save link opened (object inserted at the fake) and a signed
 * save callback per card; the setup alone runs with a high request rate.
 */
@DatabaseTest
@EnabledIfSystemProperty(named = "wallet.benchmark", matches = "true")
@ContextConfiguration(initializers = GoogleCampaignUpdateBenchmark.OwnDatabase.class)
@TestPropertySource(
        properties = {
            "wallet.propagation.debounce=PT0.2S",
            "wallet.providers.settings.beta.google.requests-per-second=2000",
            "spring.datasource.hikari.maximum-pool-size=10"
        })
@DirtiesContext
class GoogleCampaignUpdateBenchmark {

    static final class OwnDatabase extends SeparateDatabase {}

    private static final int CARDS = Integer.getInteger("wallet.benchmark.cards", 10_000);
    /** The rate a per-object update would be limited to: WALLET_BETA_REQUESTS_PER_SECOND's default. */
    private static final double CONFIGURED_RATE = 15;

    static final FakeGoogleWallet GOOGLE = new FakeGoogleWallet();
    static final GoogleCallbackSender SENDER = new GoogleCallbackSender(FakeGoogleWallet.ISSUER_ID);

    @DynamicPropertySource
    static void google(DynamicPropertyRegistry registry) {
        GOOGLE.serveCallbackKeys(SENDER.keysJson());
        GOOGLE.properties().forEach((key, value) -> registry.add(key, () -> value));
    }

    @AfterAll
    static void stop() {
        GOOGLE.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    @Test
    void aCampaignChangeReachesEverySavedCardWithOneClassPatch() throws Exception {
        GOOGLE.limitRequestsPerSecond(1_000_000);
        Api api = new Api(port, Tenants.create(access).key());
        Api holder = api.withKey(null);
        String campaign = api.post(
                        "/v1/campaigns",
                        Map.of(
                                "name",
                                "Benchmark",
                                "campaignType",
                                "event",
                                "providerTypes",
                                List.of("beta"),
                                "campaignData",
                                Map.of("location", "Hall A")))
                .data()
                .get("id")
                .asString();
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        for (int added = 0; added < CARDS; added += 1000) {
            List<Map<String, Object>> batch = new ArrayList<>();
            for (int i = added; i < Math.min(CARDS, added + 1000); i++) {
                batch.add(Map.of("email", UUID.randomUUID() + "@example.com", "name", "Holder " + i));
            }
            Api.Response r = api.post("/v1/campaigns/" + campaign + "/recipients/bulk", Map.of("recipients", batch));
            assertThat(r.status()).as(r.body()).isIn(200, 201, 207);
        }
        await().atMost(Duration.ofMinutes(10))
                .until(() -> count(
                                "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                        + " WHERE c.campaign_id = ? AND o.provider = 'beta'",
                                campaign)
                        == CARDS);
        List<String[]> cards = jdbc.sql(
                        "SELECT c.download_code, o.object_ref FROM wallet_cards c JOIN provider_objects o"
                                + " ON o.wallet_card_id = c.id AND o.provider = 'beta' WHERE c.campaign_id = ?")
                .param(campaign)
                .query((rs, i) -> new String[] {rs.getString(1), rs.getString(2)})
                .list();

        long setup = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (String[] card : cards) {
                work.add(pool.submit(() -> {
                    assertThat(holder.page("/c/" + card[0] + "/beta").status()).isEqualTo(302);
                    String save = SENDER.callback(
                            classId,
                            card[1],
                            "save",
                            UUID.randomUUID().toString(),
                            Instant.now().plusSeconds(600));
                    assertThat(holder.raw("POST", "/wallet/beta/callbacks", save, "application/json")
                                    .status())
                            .isEqualTo(200);
                }));
            }
            for (Future<?> f : work) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        long setupMillis = (System.nanoTime() - setup) / 1_000_000;
        assertThat(count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ? AND status = 'active'", campaign))
                .isEqualTo(CARDS);
        await().atMost(Duration.ofMinutes(5))
                .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);
        GOOGLE.reset();
        GOOGLE.limitRequestsPerSecond(1_000_000);

        long started = System.nanoTime();
        assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Benchmark, renamed"))
                        .status())
                .isEqualTo(200);
        await().atMost(Duration.ofMinutes(10))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> GOOGLE.resource("eventTicketClass", classId)
                        .path("eventName")
                        .path("defaultValue")
                        .path("value")
                        .asString()
                        .equals("Benchmark, renamed"));
        long visibleMillis = (System.nanoTime() - started) / 1_000_000;
        await().atMost(Duration.ofMinutes(10))
                .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);
        long doneMillis = (System.nanoTime() - started) / 1_000_000;
        long calls = GOOGLE.apiCalls();

        assertThat(calls).isEqualTo(1);
        assertThat(GOOGLE.calls("PATCH", "eventTicketClass/" + classId)).hasSize(1);
        System.out.printf(
                "%nGOOGLE CAMPAIGN UPDATE [%s]: %d saved cards (set up in %d ms); %d Google API call(s); class"
                        + " changed after %d ms; every card's push checked after %d ms; per-object baseline: %d"
                        + " PATCHes, at least %.0f s at %.0f requests/s%n%n",
                TestDatabase.postgres() ? "postgresql" : "h2",
                CARDS,
                setupMillis,
                calls,
                visibleMillis,
                doneMillis,
                CARDS,
                CARDS / CONFIGURED_RATE,
                CONFIGURED_RATE);
    }

    private long count(String sql, String campaign) {
        return jdbc.sql(sql).param(campaign).query(Long.class).single();
    }
}
