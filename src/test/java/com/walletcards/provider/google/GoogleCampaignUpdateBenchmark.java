package com.walletcards.provider.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.card.spi.WalletProvider.ObjectContent;
import com.walletcards.shared.ProviderName;
import com.walletcards.support.Api;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

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
 * ({@code -Dwallet.benchmark.cards=N}, default 10,000; {@code -Dwallet.benchmark.campaign-type=generic}
 * for a generic pass, default {@code event}). Set-up: the recipients are bulk-added through the
 * API and the first card's save link is opened over HTTP (the class insert); every other card's
 * object is inserted at the fake by the provider's own {@code addToWallet}, called in-process as
 * the save link would, and the cards are then marked saved by SQL, as a signed callback would
 * (10,000 links and callbacks over HTTP take about 100 ms each on a shared 2-core machine).
 */
@EnabledIfSystemProperty(named = "wallet.benchmark", matches = "true")
@TestPropertySource(
        properties = {
            "wallet.propagation.debounce=PT0.2S",
            "wallet.providers.settings.beta.google.requests-per-second=2000",
            "spring.datasource.hikari.maximum-pool-size=10"
        })
class GoogleCampaignUpdateBenchmark extends GoogleWalletSpringTest {

    private static final int CARDS = Integer.getInteger("wallet.benchmark.cards", 10_000);
    private static final String TYPE = System.getProperty("wallet.benchmark.campaign-type", "event");
    /** The rate a per-object update would be limited to: WALLET_BETA_REQUESTS_PER_SECOND's default. */
    private static final double CONFIGURED_RATE = 15;

    @Autowired
    GoogleWalletRuntime runtime;

    @Autowired
    ObjectContents contents;

    @Test
    void aCampaignChangeReachesEverySavedCardWithOneClassPatch() throws Exception {
        GOOGLE.reset();
        GOOGLE.limitRequestsPerSecond(1_000_000);
        Api api = new Api(port, Tenants.create(access).key());
        WalletContent.Vertical vertical = WalletContent.Vertical.of(TYPE);
        String campaign = api.post(
                        "/v1/campaigns",
                        Map.of(
                                "name",
                                "Benchmark",
                                "campaignType",
                                TYPE,
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
                                        + " WHERE c.campaign_id = ? AND o.provider = 'beta' AND o.created_at_provider",
                                campaign)
                        == CARDS);
        List<String[]> cards = jdbc.sql(
                        "SELECT c.download_code, o.object_ref FROM wallet_cards c JOIN provider_objects o"
                                + " ON o.wallet_card_id = c.id AND o.provider = 'beta' WHERE c.campaign_id = ?")
                .param(campaign)
                .query((rs, i) -> new String[] {rs.getString(1), rs.getString(2)})
                .list();

        long setup = System.nanoTime();
        assertThat(api.withKey(null).page("/c/" + cards.get(0)[0] + "/beta").status())
                .isEqualTo(302);
        GoogleWalletProvider google = runtime.created().orElseThrow();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (String[] card : cards.subList(1, cards.size())) {
                work.add(pool.submit(() -> {
                    ObjectContents.CurrentObject current =
                            contents.find(ProviderName.beta, card[1]).orElseThrow();
                    AddToWallet answer = google.addToWallet(new ObjectContent(current.object(), current.content()));
                    assertThat(answer).isInstanceOf(AddToWallet.Redirect.class);
                }));
            }
            for (Future<?> f : work) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        saveAll(campaign);
        long setupMillis = (System.nanoTime() - setup) / 1_000_000;
        assertThat(count("SELECT COUNT(*) FROM google_wallet_objects WHERE class_id = ?", classId))
                .isEqualTo(CARDS);
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
                .until(() -> GOOGLE.resource(vertical.classType(), classId), shows("Benchmark, renamed", vertical));
        long visibleMillis = (System.nanoTime() - started) / 1_000_000;
        await().atMost(Duration.ofMinutes(10))
                .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);
        long doneMillis = (System.nanoTime() - started) / 1_000_000;
        long calls = GOOGLE.apiCalls();

        assertThat(calls).isEqualTo(1);
        assertThat(GOOGLE.calls("PATCH", vertical.classType() + "/" + classId)).hasSize(1);
        System.out.printf(
                "%nGOOGLE CAMPAIGN UPDATE [%s, %s]: %d saved cards (set up in %d ms); %d Google API call(s); class"
                        + " changed after %d ms; every card's push checked after %d ms; per-object baseline: %d"
                        + " PATCHes, at least %.0f s at %.0f requests/s%n%n",
                TestDatabase.postgres() ? "postgresql" : "h2",
                TYPE,
                CARDS,
                setupMillis,
                calls,
                visibleMillis,
                doneMillis,
                CARDS,
                CARDS / CONFIGURED_RATE,
                CONFIGURED_RATE);
    }

    /** What the save callbacks would record: every card installed and active, its object with users. */
    private void saveAll(String campaign) {
        String cardsOf = "SELECT id FROM wallet_cards WHERE campaign_id = ?";
        jdbc.sql("UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE WHERE wallet_card_id IN ("
                        + cardsOf + ")")
                .param(campaign)
                .update();
        jdbc.sql("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?")
                .param(campaign)
                .update();
        jdbc.sql("UPDATE google_wallet_objects SET has_users = TRUE WHERE wallet_card_id IN (" + cardsOf + ")")
                .param(campaign)
                .update();
    }

    /** The campaign's name as the class shows it: the event name, or the generic card template's module. */
    private static Predicate<JsonNode> shows(String name, WalletContent.Vertical vertical) {
        return googleClass -> switch (vertical) {
            case eventTicket ->
                googleClass
                        .path("eventName")
                        .path("defaultValue")
                        .path("value")
                        .asString()
                        .equals(name);
            case generic ->
                googleClass
                        .path("textModulesData")
                        .valueStream()
                        .anyMatch(m -> m.path("id").asString().equals(WalletContent.CAMPAIGN_MODULE)
                                && m.path("body").asString().equals(name));
            case offer -> googleClass.path("title").asString().equals(name);
            case loyalty -> googleClass.path("programName").asString().equals(name);
        };
    }

    private long count(String sql, String campaign) {
        return jdbc.sql(sql).param(campaign).query(Long.class).single();
    }
}
