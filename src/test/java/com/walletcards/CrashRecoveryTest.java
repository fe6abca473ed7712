package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import com.walletcards.support.Api;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.RecordingProviders;
import com.walletcards.support.ServiceDatabase;
import com.walletcards.support.ServiceProcess;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code kill -9} in the middle of bulk adds, card generation, propagation, notification sending
 * and webhook delivery loses nothing: after a restart on the same database every accepted
 * recipient has exactly one card, every active card ends on the newest content, the notification
 * reaches every card at most once with true counts, and every event reaches the webhook receiver.
 *
 * <p>Runs on PostgreSQL and on the embedded H2 file database with the service's own default
 * settings: both keep every acknowledged commit across a killed process (on H2 with the rebuild of
 * its indexes that a start after a kill makes). Slow: it starts the service four times.
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class CrashRecoveryTest {

    private static final String KEY = "wk_crash_0123456789abcdefghijklmnopqrstuv";
    private static final int BULKS = 8;
    private static final int PER_BULK = 1000;
    private static final int SINGLES = 10;

    private ServiceDatabase database;
    private final List<ServiceProcess> started = new ArrayList<>();

    /** A failed step leaves its service running: stopped here, so it takes no CPU from later tests. */
    @AfterEach
    void stopTheServicesStillRunning() {
        started.forEach(ServiceProcess::close);
    }

    private ServiceProcess start(String name, int port, Map<String, String> settings) {
        ServiceProcess service = ServiceProcess.start(name, port, settings);
        started.add(service);
        return service;
    }

    @Test
    void killedMidWorkTheServiceLosesNothingAfterRestart() throws Exception {
        database = ServiceDatabase.fresh(Path.of(
                "target", "processes", "crash-" + UUID.randomUUID().toString().substring(0, 8)));
        int port = ServiceProcess.freePort();
        Map<String, String> settings = new LinkedHashMap<>(database.settings());
        settings.put("wallet.access.bootstrap-api-key", KEY);
        // The providers answer through the test's recording wrapper: its latency and its halt below.
        settings.put("spring.main.sources", RecordingProviders.class.getName());
        settings.put("spring.datasource.hikari.maximum-pool-size", "10");
        settings.put("wallet.propagation.batch-size", "100");
        // A remote provider's response time, so that propagation is still running when it is killed.
        settings.put("wallet.test.provider-latency", "PT0.1S");
        settings.put("wallet.webhooks.allow-private-targets", "true");
        // A delivery cut off by the kill is taken up again once its lease (2 x timeout + 30 s) ends.
        settings.put("wallet.webhooks.request-timeout", "PT2S");
        // Pushes leased by the killed process are taken over once their lease ends.
        settings.put("wallet.propagation.push-lease", "PT10S");
        // Notification claims of the killed process count as interrupted once their lease ends.
        settings.put("wallet.notifications.claim-lease", "PT10S");

        try (WebhookSink sink = new WebhookSink()) {
            // 0. Work acknowledged a moment before the kill, with nothing else going on, is there after it.
            ServiceProcess idle = start("crash-0", port, settings);
            Api api0 = idle.api(KEY);
            Api.Response hook = api0.post(
                    "/v1/webhooks", Map.of("url", sink.url(), "events", List.of("card.created", "notification.sent")));
            assertThat(hook.status()).as(hook.body()).isEqualTo(201);
            String webhook = hook.data().get("id").asString();
            Api.Response early = api0.post(
                    "/v1/campaigns",
                    Map.of("name", "Acknowledged", "campaignType", "coupon", "campaignData", Map.of()));
            assertThat(early.status()).as(early.body()).isEqualTo(201);
            String earlyCampaign = early.data().get("id").asString();
            List<Map<String, Object>> earlyRecipients = IntStream.range(0, PER_BULK)
                    .mapToObj(i -> Map.<String, Object>of("email", "early" + i + "@example.com"))
                    .toList();
            Api.Response earlyBulk = api0.post(
                    "/v1/campaigns/" + earlyCampaign + "/recipients/bulk",
                    Map.of("recipients", earlyRecipients, "sendEmail", false));
            assertThat(earlyBulk.status()).as(earlyBulk.body()).isEqualTo(201);
            // Small transactions, each committed in a few milliseconds: the kind a delayed file write
            // loses when the process dies right after the answer.
            for (int i = 0; i < SINGLES; i++) {
                Api.Response single = api0.post(
                        "/v1/campaigns/" + earlyCampaign + "/recipients",
                        Map.of("email", "single" + i + "@example.com"));
                assertThat(single.status()).as(single.body()).isEqualTo(201);
            }
            idle.kill();

            // 1. Bulk adds and card generation, killed while cards are being generated.
            ServiceProcess first = start("crash-1", port, settings);
            // Counted through the restarted service, as its users see the data: on H2 the restart
            // rebuilds the indexes H2's own recovery from a kill can leave without a committed row.
            assertThat(count("SELECT COUNT(*) FROM webhooks WHERE id = ?", webhook))
                    .as("the webhook acknowledged before the kill")
                    .isEqualTo(1);
            assertThat(count("SELECT COUNT(*) FROM recipients WHERE campaign_id = ?", earlyCampaign))
                    .as("the bulk add and the single adds acknowledged right before the kill")
                    .isEqualTo(PER_BULK + SINGLES);
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
            for (List<String> chunk : chunks(accepted, 500)) {
                assertThat(count(
                                "SELECT COUNT(*) FROM recipients WHERE id IN (" + marks(chunk.size()) + ")",
                                chunk.toArray(String[]::new)))
                        .as("every recipient acknowledged before the kill is stored")
                        .isEqualTo(chunk.size());
            }
            assertThat(cardsAtKill).as("killed during card generation").isLessThan(recipientsAtKill);

            long restarted = System.nanoTime();
            ServiceProcess second = start("crash-2", port, settings);
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> count(
                                    "SELECT COUNT(*) FROM recipients WHERE campaign_id = ? AND wallet_card_id IS NULL",
                                    campaign)
                            == 0);
            System.out.printf(
                    "Crash during card generation: %d recipients, %d cards at the kill; all cards %d ms after the"
                            + " restart%n",
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
            // The providers create their objects in background work after the cards committed; the
            // jobs of the killed process are revived like the others.
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> count(
                                    "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                            + " WHERE c.campaign_id = ? AND o.created_at_provider = FALSE",
                                    campaign)
                            == 0);
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
            String atNewest =
                    "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
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

            // The service halts as its second lock-screen message call begins (step 3).
            settings.put("wallet.test.halt-at-message-call", "2");
            restarted = System.nanoTime();
            ServiceProcess third = start("crash-3", port, settings);
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> count(atNewest, campaign) == recipients);
            System.out.printf(
                    "Crash during propagation: %d of %d cards on the newest content at the kill; all %d ms after the"
                            + " restart%n",
                    pushedAtKill, recipients, (System.nanoTime() - restarted) / 1_000_000);
            // The service records what the provider confirmed after each batch's answer: a moment later.
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> count(
                                    "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c"
                                            + " ON c.id = o.wallet_card_id WHERE c.campaign_id = ? AND o.provider = 'beta'"
                                            + " AND o.content_version = " + newest,
                                    campaign)
                            == recipients);
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);

            // 3. A notification to every active card, cut in its fan-out: the service halts, as kill -9
            // would end it, when the second batch's message call begins. The first batch is recorded, the
            // second claimed and in flight, a third perhaps claimed, the rest not yet touched.
            String finished = "SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = ?"
                    + " AND outcome <> 'claimed'";
            try {
                Api.Response sent = third.api(KEY)
                        .post(
                                "/v1/campaigns/" + campaign + "/notifications",
                                Map.of("header", "Doors open", "body", "Doors open at six"));
                assertThat(sent.status()).as(sent.body()).isEqualTo(201);
            } catch (IllegalStateException haltedBeforeTheAnswer) {
                // The fan-out starts once the notification commits and can reach the halt before the
                // answer is written: the notification is stored, as the count below shows.
            }
            third.awaitExit(Duration.ofSeconds(60));
            settings.remove("wallet.test.halt-at-message-call");
            List<String> notifications = strings("SELECT id FROM notifications WHERE campaign_id = ?", campaign);
            assertThat(notifications).hasSize(1);
            String notification = notifications.get(0);
            long handledAtKill = count(finished, notification);
            long deliveredAtKill = count(
                    "SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = ? AND outcome = 'delivered'",
                    notification);
            // Cards no batch had claimed yet: the restarted service must deliver every one of them. (A
            // claimed batch in flight at the kill is recorded as failed: it may have been sent.)
            long unclaimedAtKill = recipients
                    - count("SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = ?", notification);
            assertThat(handledAtKill)
                    .as("killed during the notification's fan-out")
                    .isLessThan(recipients);
            assertThat(unclaimedAtKill)
                    .as("cards left for the restarted service")
                    .isPositive();

            restarted = System.nanoTime();
            try (ServiceProcess fourth = start("crash-4", port, settings)) {
                await().atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofMillis(200))
                        .until(() -> count(
                                        "SELECT COUNT(*) FROM notifications WHERE id = ? AND status IN ('sent', 'failed')",
                                        notification)
                                == 1);
                System.out.printf(
                        "Crash during a notification: %d of %d cards handled at the kill; finished %d ms after the"
                                + " restart%n",
                        handledAtKill, recipients, (System.nanoTime() - restarted) / 1_000_000);
                assertThat(count(
                                "SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = ?", notification))
                        .as("every active card was addressed once")
                        .isEqualTo(recipients);
                assertThat(count(
                                "SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = ?"
                                        + " AND outcome = 'claimed'",
                                notification))
                        .as("no card is left with an unknown outcome")
                        .isZero();
                long delivered = count(
                        "SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = ? AND outcome = 'delivered'",
                        notification);
                assertThat(delivered - deliveredAtKill)
                        .as("the batches no run had claimed at the kill were delivered after it")
                        .isEqualTo(unclaimedAtKill);
                List<String> counters = strings(
                        "SELECT targeted_cards || ' ' || delivered_cards || ' ' || failed_cards FROM notifications"
                                + " WHERE id = ?",
                        notification);
                assertThat(counters)
                        .as("the notification's counters tell the truth")
                        .containsExactly(recipients + " " + delivered + " " + (recipients - delivered));
                // Messages are handed to the providers outside any transaction: a batch cut off by the
                // kill may have reached wallets although its outcome was recorded as failed. Never twice.
                long messages =
                        count("SELECT COUNT(*) FROM local_wallet_messages WHERE notification_id = ?", notification);
                assertThat(count(
                                "SELECT COUNT(DISTINCT wallet_card_id) FROM local_wallet_messages WHERE notification_id = ?",
                                notification))
                        .as("at most one lock-screen message per card")
                        .isEqualTo(messages);
                assertThat(messages).isBetween(delivered, recipients);

                // 4. Every event written while the service was being killed reaches the receiver.
                // Generous: on H2 every commit of a delivery waits for its write to the database file.
                await().atMost(Duration.ofSeconds(300))
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> count(
                                        "SELECT COUNT(*) FROM webhook_deliveries WHERE webhook_id = ?"
                                                + " AND status <> 'succeeded'",
                                        webhook)
                                == 0);
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> count("SELECT COUNT(*) FROM recipients WHERE wallet_card_id IS NULL") == 0);
                assertThat(count("SELECT COUNT(*) FROM webhook_events WHERE type = 'card.created'"))
                        .as("one card.created event per card, written with the card")
                        .isEqualTo(count("SELECT COUNT(*) FROM wallet_cards"));
                Set<String> events =
                        new HashSet<>(strings("SELECT event_id FROM webhook_deliveries WHERE webhook_id = ?", webhook));
                assertThat(events).hasSizeGreaterThan((int) recipients);
                assertThat(sink.receivedEventIds()).containsAll(events);
            }
        }
    }

    /** A webhook receiver on 127.0.0.1 that records the {@code webhook-id} of every delivery. */
    private static final class WebhookSink implements AutoCloseable {
        private final HttpServer server;
        private final Set<String> eventIds = ConcurrentHashMap.newKeySet();

        WebhookSink() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.setExecutor(Executors.newFixedThreadPool(4));
            server.createContext("/", exchange -> {
                exchange.getRequestBody().readAllBytes();
                String id = exchange.getRequestHeaders().getFirst("webhook-id");
                if (id != null) {
                    eventIds.add(id);
                }
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            });
            server.start();
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
        }

        Set<String> receivedEventIds() {
            return Set.copyOf(eventIds);
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(database.url(), database.user(), "");
    }

    private long count(String sql, String... params) throws SQLException {
        try (Connection c = connect();
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

    private List<String> strings(String sql, String param) throws SQLException {
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, param);
            List<String> values = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    values.add(rs.getString(1));
                }
            }
            return values;
        }
    }

    private void execute(String sql, String param) throws SQLException {
        try (Connection c = connect();
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
