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
import java.util.List;
import java.util.Map;
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
    ProviderEventsIntake providerEvents;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    RecordingProviders.Recorder recorder;

    @Test
    void aProviderCallThatFailedIsRetriedWhenItsBackoffEndsNotAtTheJobEnginesPoll() {
        Api api = new Api(port, Tenants.create(access).key());
        BetaCampaigns campaigns = new BetaCampaigns(api, jdbc, providerEvents);
        String campaign = campaigns.create("Retry");
        recorder.failCalls("beta", ProviderFailure.retryLater("timeout"), ProviderFailure.retryLater("503"));
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients", Map.of("email", "retry@example.com", "name", "Retry"));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> campaigns.cardIds(campaign).size() == 1);
        String card = campaigns.cardIds(campaign).get(0);

        new ProviderObjectReads(jdbc).awaitCreatedAtProviders(campaign);
        assertThat(recorder.calls("beta", "create", card)).hasSize(3);
    }

    @Test
    void aCampaignChangeReachesEveryInstalledCardWithoutWaitingForTheJobEnginesPoll() {
        BetaCampaigns campaigns =
                new BetaCampaigns(new Api(port, Tenants.create(access).key()), jdbc, providerEvents);
        String campaign = campaigns.create("Wake");
        List<String> cardIds = campaigns.installCards(campaign, 5);

        Api.Response patched = campaigns
                .api()
                .patch("/v1/campaigns/" + campaign, Map.of("campaignData", Map.of("location", "Side hall")));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() ->
                        cardIds.forEach(id -> assertThat(new ProviderObjectReads(jdbc).walletVersion(id, "beta"))
                                .isEqualTo(INITIAL + 1)));
        await().atMost(Duration.ofSeconds(30)).until(() -> campaigns.runs(campaign) == 0);
    }
}
