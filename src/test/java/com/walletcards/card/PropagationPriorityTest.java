package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.RecordingProviders;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * A campaign-wide change fans out into a backlog of propagation batches; a recipient added
 * meanwhile gets its card after the batch in progress, not after the whole backlog. One job
 * thread and one card per batch make the backlog's order observable.
 */
@DatabaseTest
@ContextConfiguration(initializers = OwnTestDatabase.class)
@Import(RecordingProviders.class)
@TestPropertySource(
        properties = {
            "db-scheduler.threads=1",
            "wallet.propagation.batch-size=1",
            "wallet.propagation.debounce=PT0S",
            "wallet.propagation.check-interval=PT0.2S"
        })
@DirtiesContext // a context of its own on a database of its own: free both when done
class PropagationPriorityTest {

    private static final int INSTALLED = 6;
    private static final Duration PUSH_TIME = Duration.ofMillis(800);

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

    @AfterEach
    void quickProviders() {
        recorder.latency(Duration.ZERO);
    }

    @Test
    void aNewRecipientsCardDoesNotWaitBehindTheBatchesOfACampaignWideChange() {
        Api api = new Api(port, Tenants.create(access).key());
        BetaCampaigns campaigns = new BetaCampaigns(api, jdbc, providerEvents);
        String campaign = campaigns.create("Priority");
        campaigns.installCards(campaign, INSTALLED);

        // Every push now takes a while: the change's batches queue up behind the one thread.
        recorder.latency(PUSH_TIME);
        Api.Response patched =
                api.patch("/v1/campaigns/" + campaign, Map.of("campaignData", Map.of("location", "Side hall")));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> pendingBatches() == INSTALLED || pushes() > 0);

        Api.Response late = api.post(
                "/v1/campaigns/" + campaign + "/recipients", Map.of("email", "late@example.com", "name", "Late"));
        assertThat(late.status()).as(late.body()).isEqualTo(201);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> campaigns.cardIds(campaign).size() == INSTALLED + 1);

        // Behind the backlog, the card would come after all six pushes; ahead of it, after the one
        // in progress when it was added (two at most, should a second have just been taken).
        assertThat(pushes()).as("pushes before the new card").isLessThanOrEqualTo(2);
        assertThat(pendingBatches()).as("batches still waiting").isGreaterThanOrEqualTo(INSTALLED - 3);
        await().atMost(Duration.ofSeconds(60)).until(() -> campaigns.runs(campaign) == 0);
        assertThat(pushes()).isEqualTo(INSTALLED);
    }

    private long pushes() {
        return recorder.pushes().stream()
                .filter(push -> push.provider().equals("beta"))
                .count();
    }

    private long pendingBatches() {
        return jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks WHERE task_name = 'card-propagation-batch'")
                .query(Long.class)
                .single();
    }
}
