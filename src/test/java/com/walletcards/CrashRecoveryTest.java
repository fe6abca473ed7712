package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.walletcards.support.Api;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code kill -9} in the middle of bulk adds, card generation and propagation loses nothing:
 * after a restart on the same database every accepted recipient has exactly one card and every
 * active card ends on the newest content, the dead instance's work being picked up by the new one.
 *
 * <p>Runs on PostgreSQL only. The embedded H2 file database keeps the last moments of committed
 * transactions in memory (its write delay), so a killed process may lose them; the embedded mode
 * is for a single node without that guarantee (docs/background-work.md). Slow: it starts the
 * service three times.
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class CrashRecoveryTest {

    private static final String KEY = "wk_crash_0123456789abcdefghijklmnopqrstuv";
    private static final int BULKS = 8;
    private static final int PER_BULK = 1000;

    private String url;

    @Test
    void killedMidWorkTheServiceLosesNothingAfterRestart() throws Exception {
        assumeTrue(TestDatabase.postgres(), "needs a database that survives a killed process: PostgreSQL run");
        url = TestDatabase.freshDatabase();
        int port = ServiceProcess.freePort();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("spring.datasource.url", url);
        settings.put("spring.datasource.username", TestDatabase.user());
        settings.put("spring.datasource.password", "");
        settings.put("wallet.access.bootstrap-api-key", KEY);
        settings.put("wallet.data-dir", "target/processes/data");
        settings.put("spring.datasource.hikari.maximum-pool-size", "10");
        settings.put("wallet.propagation.batch-size", "100");
        // A remote provider's response time, so that propagation is still running when it is killed.
        settings.put("wallet.test.provider-latency", "PT0.1S");

        // 1. Bulk adds and card generation, killed while cards are being generated.
        ServiceProcess first = ServiceProcess.start("crash-1", port, settings);
        Api api = first.api(KEY);
        Api.Response created = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Crash",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of(),
                        "providerTypes",
                        List.of("alpha", "beta")));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String campaign = created.data().get("id").asString();
        List<String> accepted = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger acceptedBulks = new AtomicInteger();
        ExecutorService client = Executors.newSingleThreadExecutor();
        client.submit(() -> {
            for (int bulk = 0; bulk < BULKS; bulk++) {
                int from = bulk * PER_BULK;
                List<Map<String, Object>> items = IntStream.range(from, from + PER_BULK)
                        .mapToObj(i -> Map.<String, Object>of("email", "crash" + i + "@example.com"))
                        .toList();
                try {
                    Api.Response r = api.post(
                            "/v1/campaigns/" + campaign + "/recipients/bulk",
                            Map.of("recipients", items, "sendEmail", false));
                    if (r.status() != 201) {
                        return;
                    }
                    r.data()
                            .get("recipients")
                            .forEach(item -> accepted.add(item.get("id").asString()));
                    acceptedBulks.incrementAndGet();
                } catch (IllegalStateException killed) {
                    return; // the connection died with the service: not accepted
                }
            }
        });
        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> acceptedBulks.get() >= 2
                        && count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign) > 0
                        && count(
                                        "SELECT COUNT(*) FROM recipients WHERE campaign_id = ? AND wallet_card_id IS NULL",
                                        campaign)
                                > 0);
        first.kill();
        client.shutdown();
        long recipientsAtKill = count("SELECT COUNT(*) FROM recipients WHERE campaign_id = ?", campaign);
        long cardsAtKill = count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign);
        assertThat(cardsAtKill).as("killed during card generation").isLessThan(recipientsAtKill);

        long restarted = System.nanoTime();
        ServiceProcess second = ServiceProcess.start("crash-2", port, settings);
        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> count(
                                "SELECT COUNT(*) FROM recipients WHERE campaign_id = ? AND wallet_card_id IS NULL",
                                campaign)
                        == 0);
        System.out.printf(
                "Crash during card generation: %d recipients, %d cards at the kill; all cards %d ms after the restart%n",
                recipientsAtKill, cardsAtKill, (System.nanoTime() - restarted) / 1_000_000);
        long recipients = count("SELECT COUNT(*) FROM recipients WHERE campaign_id = ?", campaign);
        assertThat(recipients).isGreaterThanOrEqualTo(accepted.size());
        assertThat(count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign))
                .as("exactly one card per recipient")
                .isEqualTo(recipients);
        assertThat(count(
                        "SELECT COUNT(*) FROM recipients r WHERE r.campaign_id = ? AND NOT EXISTS"
                                + " (SELECT 1 FROM wallet_cards c WHERE c.id = r.wallet_card_id AND c.recipient_id = r.id)",
                        campaign))
                .isZero();
        for (List<String> chunk : chunks(accepted, 500)) {
            assertThat(count(
                            "SELECT COUNT(*) FROM recipients WHERE id IN (" + marks(chunk.size()) + ")",
                            chunk.toArray(String[]::new)))
                    .as("every accepted recipient is stored")
                    .isEqualTo(chunk.size());
        }
        assertThat(count(
                        "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                + " WHERE c.campaign_id = ?",
                        campaign))
                .as("one provider object per card and provider")
                .isEqualTo(2 * recipients);
        assertThat(count("SELECT COUNT(*) FROM local_wallet_objects o WHERE NOT EXISTS"
                        + " (SELECT 1 FROM wallet_cards c WHERE c.id = o.wallet_card_id)"))
                .isZero();

        // 2. Propagation to every card, killed while batches are being pushed.
        execute(
                "UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE WHERE provider = 'beta'"
                        + " AND wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id = ?)",
                campaign);
        execute("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?", campaign);
        Api api2 = second.api(KEY);
        for (int i = 1; i <= 3; i++) {
            assertThat(api2.patch("/v1/campaigns/" + campaign, Map.of("name", "Crash " + i))
                            .status())
                    .isEqualTo(200);
        }
        long newest = 2 + 3;
        String atNewest = "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                + " WHERE c.campaign_id = ? AND o.provider = 'beta' AND o.content_version = " + newest;
        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> count(
                                "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c"
                                        + " ON c.id = o.wallet_card_id WHERE c.campaign_id = ? AND o.provider = 'beta'"
                                        + " AND o.content_version > 2",
                                campaign)
                        > 0);
        second.kill();
        long pushedAtKill = count(atNewest, campaign);
        assertThat(pushedAtKill).as("killed during propagation").isLessThan(recipients);

        restarted = System.nanoTime();
        try (ServiceProcess third = ServiceProcess.start("crash-3", port, settings)) {
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> count(atNewest, campaign) == recipients);
            System.out.printf(
                    "Crash during propagation: %d of %d cards on the newest content at the kill; all %d ms after the"
                            + " restart%n",
                    pushedAtKill, recipients, (System.nanoTime() - restarted) / 1_000_000);
            assertThat(count(
                            "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                    + " WHERE c.campaign_id = ? AND o.provider = 'beta' AND o.content_version = "
                                    + newest,
                            campaign))
                    .isEqualTo(recipients);
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);
        }
    }

    private long count(String sql, String... params) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.user(), "");
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setString(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private void execute(String sql, String param) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.user(), "");
                PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, param);
            s.executeUpdate();
        }
    }

    private static List<List<String>> chunks(List<String> all, int size) {
        List<String> copy = new ArrayList<>(all);
        List<List<String>> chunks = new ArrayList<>();
        for (int i = 0; i < copy.size(); i += size) {
            chunks.add(copy.subList(i, Math.min(copy.size(), i + size)));
        }
        return chunks;
    }

    private static String marks(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }
}
