package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.RecordingProviders;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * A change reaches installed cards as soon as its debounce ends, not at the job engine's next
 * poll: with a poll every ten minutes, every step (object creation, the run, its batches, its
 * end) must start on its own.
 */
@DatabaseTest
@ContextConfiguration(initializers = OwnTestDatabase.class)
@Import(RecordingProviders.class)
@TestPropertySource(
        properties = {
            "db-scheduler.polling-interval=10m",
            "wallet.propagation.retry-delay=PT0.2S",
            "wallet.propagation.batch-size=2",
            "wallet.propagation.debounce=PT0.3S",
            "wallet.propagation.check-interval=PT0.2S"
        })
@DirtiesContext // a context of its own on a database of its own: free both when done
class PropagationWakeUpTest {

    /** Campaign and recipient both start at content version 1. */
    private static final long INITIAL = 2;

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    WalletCards cards;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    RecordingProviders.Recorder recorder;

    @Test
    void aProviderCallThatFailedIsRetriedWhenItsBackoffEndsNotAtTheJobEnginesPoll() {
        Api api = new Api(port, Tenants.create(access).key());
        String campaign = campaign(api);
        recorder.failCalls("beta", ProviderFailure.retryLater("timeout"), ProviderFailure.retryLater("503"));
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients", Map.of("email", "retry@example.com", "name", "Retry"));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        await().atMost(Duration.ofSeconds(30)).until(() -> cardIds(campaign).size() == 1);
        String card = cardIds(campaign).get(0);

        new ProviderObjectReads(jdbc).awaitCreatedAtProviders(campaign);
        assertThat(recorder.calls("beta", "create", card)).hasSize(3);
    }

    @Test
    void aCampaignChangeReachesEveryInstalledCardWithoutWaitingForTheJobEnginesPoll() {
        Api api = new Api(port, Tenants.create(access).key());
        String campaign = campaign(api);
        List<Map<String, Object>> people = IntStream.range(0, 5)
                .mapToObj(i -> Map.<String, Object>of("email", "wake" + i + "@example.com", "name", "Wake " + i))
                .toList();
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients/bulk", Map.of("recipients", people, "sendEmail", false));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        await().atMost(Duration.ofSeconds(30)).until(() -> cardIds(campaign).size() == people.size());
        new ProviderObjectReads(jdbc).awaitCreatedAtProviders(campaign);
        List<String> cardIds = cardIds(campaign);
        cardIds.forEach(id -> assertThat(
                        cards.applyProviderEvent("beta", id, UUID.randomUUID().toString(), true, Instant.now()))
                .isTrue());
        await().atMost(Duration.ofSeconds(30)).until(() -> runs(campaign) == 0);

        Api.Response patched =
                api.patch("/v1/campaigns/" + campaign, Map.of("campaignData", Map.of("location", "Side hall")));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() ->
                        cardIds.forEach(id -> assertThat(new ProviderObjectReads(jdbc).walletVersion(id, "beta"))
                                .isEqualTo(INITIAL + 1)));
        await().atMost(Duration.ofSeconds(30)).until(() -> runs(campaign) == 0);
    }

    private static String campaign(Api api) {
        Api.Response created = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Wake",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of("location", "Main hall"),
                        "providerTypes",
                        List.of("beta")));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.data().get("id").asString();
    }

    private List<String> cardIds(String campaign) {
        return jdbc.sql("SELECT id FROM wallet_cards WHERE campaign_id = ? ORDER BY id")
                .param(campaign)
                .query(String.class)
                .list();
    }

    private long runs(String campaign) {
        return jdbc.sql("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?")
                .param(campaign)
                .query(Long.class)
                .single();
    }
}
