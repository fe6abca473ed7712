package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Api;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.ProcessDatabase;
import com.walletcards.support.RecordingProviders;
import com.walletcards.support.ServiceProcess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code kill -9} while a campaign change is being pushed to 2,000 installed cards: after a restart
 * on the same database every installed card reaches the newest content, at the provider and in the
 * service's own record, no push lease is left behind and the run ends. The cards are set up by a
 * first process that stops normally, so the kill cuts only the propagation.
 *
 * <p>Runs on PostgreSQL and on the embedded H2 default, like {@link CrashRecoveryTest}. Slow: it
 * starts the service three times.
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class PropagationCrashTest {

    private static final String KEY = "wk_propagation_crash_0123456789abcdefghijk";
    private static final int CARDS = 2_000;
    private static final int CHANGES = 3;

    private ServiceProcess running;

    @AfterEach
    void stopTheServiceStillRunning() {
        if (running != null) {
            running.close();
        }
    }

    @Test
    void killedMidPropagationEveryInstalledCardReachesTheNewestContentAfterRestart() throws Exception {
        ProcessDatabase database = ProcessDatabase.fresh();
        int port = ServiceProcess.freePort();
        Map<String, String> settings = database.serviceSettings(KEY);
        settings.put("wallet.propagation.batch-size", "100");
        // Pushes leased by the killed process are taken over once their lease ends.
        settings.put("wallet.propagation.push-lease", "PT10S");

        running = ServiceProcess.start("propagation-crash-0", port, settings);
        Api api = running.api(KEY);
        Api.Response created = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Before",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of(),
                        "providerTypes",
                        List.of("beta")));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String campaign = created.data().get("id").asString();
        for (int bulk = 0; bulk < CARDS / 1000; bulk++) {
            int from = bulk * 1000;
            List<Map<String, Object>> items = IntStream.range(from, from + 1000)
                    .mapToObj(i -> Map.<String, Object>of("email", "pc" + i + "@example.com"))
                    .toList();
            Api.Response added = api.post(
                    "/v1/campaigns/" + campaign + "/recipients/bulk", Map.of("recipients", items, "sendEmail", false));
            assertThat(added.status()).as(added.body()).isEqualTo(201);
        }
        String objects = "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                + " WHERE c.campaign_id = ? AND o.created_at_provider = TRUE";
        await().atMost(Duration.ofSeconds(180))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> database.value(objects, campaign) == CARDS);
        running.close();
        running = null;
        // Installed, as the provider's callback would say, and active; done while no service runs.
        database.execute(
                "UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE"
                        + " WHERE wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id = ?)",
                campaign);
        database.execute("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?", campaign);

        // A remote provider's response time, so that propagation is still running when it is killed.
        settings.put("wallet.test.provider-latency", "PT0.2S");
        settings.put("spring.main.sources", RecordingProviders.class.getName());
        running = ServiceProcess.start("propagation-crash-1", port, settings);
        for (int i = 1; i <= CHANGES; i++) {
            Api.Response changed = running.api(KEY).patch("/v1/campaigns/" + campaign, Map.of("name", "After " + i));
            assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        }
        long newest = 2 + CHANGES;
        String atProvider = "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c"
                + " ON c.id = o.wallet_card_id WHERE c.campaign_id = ? AND o.content_version = " + newest;
        String recorded = "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                + " WHERE c.campaign_id = ? AND o.content_version = " + newest;
        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> database.value(recorded, campaign) >= 300);
        running.kill();
        long recordedAtKill = database.valueLeftByKill(recorded, campaign);
        assertThat(recordedAtKill).as("killed during propagation").isLessThan(CARDS);

        long restarted = System.nanoTime();
        running = ServiceProcess.start("propagation-crash-2", port, settings);
        await().atMost(Duration.ofSeconds(180))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> database.value(recorded, campaign) == CARDS
                        && database.value("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign)
                                == 0);
        System.out.printf(
                "Crash during propagation to %,d cards: %,d recorded on the newest content at the kill; all %,d ms"
                        + " after the restart%n",
                CARDS, recordedAtKill, (System.nanoTime() - restarted) / 1_000_000);
        assertThat(database.value(atProvider, campaign))
                .as("every wallet holds the newest content")
                .isEqualTo(CARDS);
        assertThat(database.value(
                        "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                + " WHERE c.campaign_id = ? AND (o.pushing_version IS NOT NULL OR o.last_error IS NOT NULL)",
                        campaign))
                .as("no lease or error left behind")
                .isZero();
        assertThat(database.value("SELECT COUNT(*) FROM scheduled_tasks WHERE task_name IN ('card-propagation',"
                        + " 'card-propagation-batch')"))
                .isZero();
    }
}
