package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import com.walletcards.support.Api;
import com.walletcards.support.DirectSql;
import com.walletcards.support.Flows;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.TcpProxy;
import com.walletcards.support.TestDatabase;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.awaitility.core.ConditionTimeoutException;
import org.h2.tools.Server;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The database goes away for 30 seconds while bulk adds, card generation, propagation and
 * webhook deliveries are running, then comes back. A TCP proxy between the service and the
 * database cuts every connection and refuses new ones, which is what the service sees of a
 * crashed or unreachable database server.
 *
 * <p>On the H2 run the database is an H2 TCP server started here, behind the same proxy: the
 * embedded file database lives in the service's own process and cannot become unreachable on
 * its own. Slow: the outage lasts 30 s by design.
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class DatabaseOutageTest {

    private static final String KEY = "wk_outage_0123456789abcdefghijklmnopqrstu";
    private static final String ADMIN = "outage-admin-token";
    private static final Duration OUTAGE = Duration.ofSeconds(30);
    /**
     * The pool's connection timeout (1.2 s by default) plus room for a shared, loaded machine: a
     * full build on 2 busy cores measured 1.5–2.3 s; a request that hung would take 30 s.
     */
    private static final long ANSWER_WITHIN_MS = 3000;

    private final Map<String, Long> slowest = new ConcurrentHashMap<>();
    private DirectSql sql;

    @Test
    void duringAnOutageRequestsAnswer503QuicklyAndAfterItNothingAcceptedIsLost() throws Exception {
        try (Database db = Database.start();
                TcpProxy proxy = TcpProxy.to(db.host(), db.port());
                Hooks hooks = new Hooks();
                ServiceProcess service =
                        ServiceProcess.start("outage", ServiceProcess.freePort(), settings(db.url(proxy.port())))) {
            sql = new DirectSql(db.direct());
            Api api = service.api(KEY);
            String campaign = campaignWithInstalledCards(api, hooks);
            long versionBefore = sql.count("SELECT MAX(o.content_version)" + INSTALLED_BETA, campaign);

            BulkClient client = new BulkClient(api, campaign);
            client.start();
            assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Outage 2"))
                            .status())
                    .isEqualTo(200);
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> client.accepted.size() > 0
                            && sql.count(
                                            "SELECT COUNT(*)" + INSTALLED_BETA + " AND o.content_version > "
                                                    + versionBefore,
                                            campaign)
                                    > 0
                            && sql.count(
                                            "SELECT COUNT(*)" + INSTALLED_BETA + " AND o.content_version = "
                                                    + versionBefore,
                                            campaign)
                                    > 0
                            && hooks.received() > 0
                            && sql.count("SELECT COUNT(*) FROM webhook_deliveries WHERE status <> 'succeeded'") > 0);

            proxy.cut();
            long cutAt = System.nanoTime();
            int probes = 0;
            while (System.nanoTime() - cutAt < OUTAGE.toNanos()) {
                probeDuringOutage(api, campaign);
                probes++;
            }
            int acceptedAtRestore = client.accepted.size();
            proxy.restore();
            long restoredAt = System.nanoTime();

            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .ignoreExceptions()
                    .until(() -> api.get("/v1/campaigns").status() == 200);
            long servingAfterMs = millisSince(restoredAt);
            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> api.get("/actuator/health").status() == 200);
            long healthyAfterMs = millisSince(restoredAt);
            long cardsAtRestore = sql.count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign);
            long deliveredAtRestore = hooks.received();
            // Both kinds of work must move; each one's delay is reported on its own.
            AtomicLong cardsMovingMs = new AtomicLong(-1);
            AtomicLong webhooksMovingMs = new AtomicLong(-1);
            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        if (cardsMovingMs.get() < 0
                                && sql.count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign)
                                        > cardsAtRestore) {
                            cardsMovingMs.set(millisSince(restoredAt));
                        }
                        if (webhooksMovingMs.get() < 0 && hooks.received() > deliveredAtRestore) {
                            webhooksMovingMs.set(millisSince(restoredAt));
                        }
                        return cardsMovingMs.get() >= 0 && webhooksMovingMs.get() >= 0;
                    });
            long backgroundAfterMs = millisSince(restoredAt);

            await().atMost(Duration.ofSeconds(30)).until(() -> client.accepted.size() > acceptedAtRestore);
            client.stop();
            assertThat(client.unexpected)
                    .as("bulk adds answer 201 or 503, nothing else")
                    .isEmpty();
            assertThat(client.refused.get())
                    .as("bulk adds refused during the outage")
                    .isPositive();

            long cardsDoneMs = doneAfter(
                    service,
                    hooks,
                    restoredAt,
                    () -> sql.count(
                                    "SELECT COUNT(*) FROM recipients WHERE campaign_id = ? AND wallet_card_id IS NULL",
                                    campaign)
                            == 0);
            long propagationDoneMs = doneAfter(service, hooks, restoredAt, () -> propagationDone(campaign));
            long webhooksDoneMs = doneAfter(service, hooks, restoredAt, () -> webhooksDone(hooks));

            assertThat(client.accepted).hasSizeGreaterThan(acceptedAtRestore);
            assertThat(sql.countIds("recipients", client.accepted))
                    .as("every accepted recipient is stored")
                    .isEqualTo(client.accepted.size());
            assertThat(sql.count(
                            "SELECT COUNT(*)" + INSTALLED_BETA + " AND o.content_version > " + versionBefore, campaign))
                    .as("every installed card carries the change made before the outage")
                    .isEqualTo(sql.count("SELECT COUNT(*)" + INSTALLED_BETA, campaign));

            System.out.printf(
                    "Outage of %d s on %s: %d probes, slowest 503 per route %s ms; serving again %d ms, healthy %d ms,"
                            + " background work moving %d ms (new cards %d ms, webhooks %d ms) after the database returned; every card issued after %d ms,"
                            + " propagated after %d ms, every webhook delivered after %d ms; %d bulk adds accepted,"
                            + " %d refused with 503%n",
                    OUTAGE.toSeconds(),
                    TestDatabase.postgres() ? "PostgreSQL" : "H2 (TCP server)",
                    probes,
                    slowest,
                    servingAfterMs,
                    healthyAfterMs,
                    backgroundAfterMs,
                    cardsMovingMs.get(),
                    webhooksMovingMs.get(),
                    cardsDoneMs,
                    propagationDoneMs,
                    webhooksDoneMs,
                    client.acceptedBulks.get(),
                    client.refused.get());
            assertThat(slowest.values()).allSatisfy(ms -> assertThat(ms).isLessThanOrEqualTo(ANSWER_WITHIN_MS));
        }
    }

    private static final String INSTALLED_BETA =
            " FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                    + " WHERE c.campaign_id = ? AND o.provider = 'beta' AND o.installed = TRUE";

    private Map<String, String> settings(String url) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("spring.datasource.url", url);
        settings.put("spring.datasource.username", TestDatabase.user());
        settings.put("spring.datasource.password", "");
        settings.put("spring.datasource.hikari.maximum-pool-size", "10");
        settings.put("wallet.access.bootstrap-api-key", KEY);
        settings.put("wallet.access.admin-token", ADMIN);
        settings.put("wallet.data-dir", "target/processes/outage-data");
        settings.put("wallet.webhooks.allow-private-targets", "true");
        // The lease of a claimed delivery is twice this plus 30 s: a delivery cut by the outage is
        // taken up again that long after its claim.
        settings.put("wallet.webhooks.request-timeout", "PT2S");
        settings.put("wallet.propagation.batch-size", "20");
        // A remote provider's response time, so that propagation is still running when the database goes.
        settings.put("wallet.test.provider-latency", "PT0.3S");
        return settings;
    }

    /** A campaign with 2,000 issued cards, installed on beta, and a webhook to {@code hooks}. */
    private String campaignWithInstalledCards(Api api, Hooks hooks) throws SQLException {
        String campaign = new Flows(api).campaign(Map.of("providerTypes", List.of("alpha", "beta")));
        Api.Response webhook =
                api.post("/v1/webhooks", Map.of("url", hooks.url(), "events", List.of("card.created", "card.updated")));
        assertThat(webhook.status()).as(webhook.body()).isEqualTo(201);
        for (int bulk = 0; bulk < 2; bulk++) {
            Api.Response added = api.post("/v1/campaigns/" + campaign + "/recipients/bulk", bulk("seed" + bulk, 1000));
            assertThat(added.status()).as(added.body()).isEqualTo(201);
        }
        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> sql.count(
                                "SELECT COUNT(*) FROM recipients WHERE campaign_id = ? AND wallet_card_id IS NULL",
                                campaign)
                        == 0);
        sql.update(
                "UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE WHERE provider = 'beta'"
                        + " AND wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id = ?)",
                campaign);
        sql.update("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?", campaign);
        return campaign;
    }

    private static Map<String, Object> bulk(String prefix, int size) {
        List<Map<String, Object>> items = IntStream.range(0, size)
                .mapToObj(i -> Map.<String, Object>of("email", prefix + "." + i + "@example.com"))
                .toList();
        return Map.of("recipients", items, "sendEmail", false);
    }

    /**
     * One round of requests while the database is gone: a read behind the API-key filter, a write,
     * an admin read whose failure reaches the controller advice, and the health check.
     */
    private void probeDuringOutage(Api api, String campaign) {
        expect503("GET /v1/campaigns", () -> api.get("/v1/campaigns"));
        expect503(
                "POST /v1/campaigns/{id}/recipients",
                () -> api.post("/v1/campaigns/" + campaign + "/recipients", Map.of("email", "during@example.com")));
        expect503(
                "GET /admin/v1/organizations/{id}/api-keys",
                () -> api.withKey(ADMIN).get("/admin/v1/organizations/org_any/api-keys"));
        long started = System.nanoTime();
        Api.Response health = api.withKey(null).get("/actuator/health");
        slowest.merge("GET /actuator/health", millisSince(started), Math::max);
        assertThat(health.status()).as(health.body()).isEqualTo(503);
        assertThat(health.json().get("status").asString()).isEqualTo("DOWN");
        assertThat(api.withKey(null).get("/actuator/health/liveness").status())
                .as("the process itself is fine: restarting it would not help")
                .isEqualTo(200);
    }

    private void expect503(String route, Supplier<Api.Response> request) {
        long started = System.nanoTime();
        Api.Response r = request.get();
        slowest.merge(route, millisSince(started), Math::max);
        assertThat(r.status()).as(route + ": " + r.body()).isEqualTo(503);
        assertThat(r.errorCode()).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(r.header("Retry-After")).isNotBlank();
        assertThat(r.header("X-Request-Id"))
                .isEqualTo(r.json().get("error").get("requestId").asString());
    }

    /**
     * Waits until {@code done}; answers the milliseconds since {@code since}. When the wait runs
     * out, prints the work still open and dumps the service's threads, so the failure says why.
     */
    private long doneAfter(ServiceProcess service, Hooks hooks, long since, Callable<Boolean> done)
            throws SQLException {
        try {
            await().atMost(Duration.ofSeconds(180))
                    .pollInterval(Duration.ofMillis(250))
                    .until(done);
        } catch (ConditionTimeoutException e) {
            printOpenWork(hooks);
            System.out.println(
                    "Threads of the service: " + service.dumpThreads().toAbsolutePath());
            throw e;
        }
        return millisSince(since);
    }

    private void printOpenWork(Hooks hooks) throws SQLException {
        System.out.println("Recipients without a card: "
                + sql.count("SELECT COUNT(*) FROM recipients WHERE wallet_card_id IS NULL AND deleted_at IS NULL"));
        System.out.println("Propagations left: "
                + sql.strings("SELECT DISTINCT CAST(campaign_id AS VARCHAR(100)) FROM card_propagations"));
        System.out.println(
                "Webhook deliveries not succeeded, the first 50 (id, status, attempts, claims, next attempt): "
                        + sql.strings(
                                "SELECT id || ' ' || status || ' ' || CAST(attempts AS VARCHAR(20)) || ' '"
                                        + " || CAST(claims AS VARCHAR(20)) || ' ' || CAST(next_attempt_at AS VARCHAR(60))"
                                        + " FROM webhook_deliveries WHERE status <> 'succeeded' ORDER BY id FETCH FIRST 50 ROWS ONLY"));
        List<String> unseen = new ArrayList<>(sql.strings("SELECT event_id FROM webhook_deliveries"));
        unseen.removeAll(hooks.ids);
        System.out.println("Webhook events the receiver has not seen (" + unseen.size() + "): "
                + unseen.subList(0, Math.min(50, unseen.size())));
        System.out.println("Job executions, the first 50 due (task, id, picked, heartbeat, due): "
                + sql.strings("SELECT task_name || ' ' || task_instance || ' ' || CAST(picked AS VARCHAR(10)) || ' '"
                        + " || COALESCE(CAST(last_heartbeat AS VARCHAR(60)), '-') || ' '"
                        + " || CAST(execution_time AS VARCHAR(60)) FROM scheduled_tasks"
                        + " ORDER BY execution_time FETCH FIRST 50 ROWS ONLY"));
    }

    /** Every installed card on the newest content, no propagation left. */
    private boolean propagationDone(String campaign) throws SQLException {
        long newest = sql.count("SELECT MAX(o.content_version)" + INSTALLED_BETA, campaign);
        return sql.count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0
                && sql.count("SELECT COUNT(*)" + INSTALLED_BETA + " AND o.content_version < " + newest, campaign) == 0;
    }

    /** Every webhook event delivered and seen by the receiver. */
    private boolean webhooksDone(Hooks hooks) throws SQLException {
        return sql.count("SELECT COUNT(*) FROM webhook_deliveries WHERE status <> 'succeeded'") == 0
                && hooks.ids.containsAll(sql.strings("SELECT event_id FROM webhook_deliveries"));
    }

    /** Adds recipients in bulk without pause, through the outage and after it. */
    private static final class BulkClient {
        private final Api api;
        private final String campaign;
        private final ExecutorService thread = Executors.newSingleThreadExecutor();
        private final AtomicBoolean running = new AtomicBoolean(true);
        final List<String> accepted = Collections.synchronizedList(new ArrayList<>());
        final List<String> unexpected = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger acceptedBulks = new AtomicInteger();
        final AtomicInteger refused = new AtomicInteger();

        BulkClient(Api api, String campaign) {
            this.api = api;
            this.campaign = campaign;
        }

        void start() {
            thread.submit(() -> {
                for (int n = 0; running.get(); n++) {
                    try {
                        add(n);
                    } catch (RuntimeException e) {
                        unexpected.add(e.toString());
                    }
                }
            });
        }

        private void add(int n) {
            Api.Response r = api.post("/v1/campaigns/" + campaign + "/recipients/bulk", bulk("live" + n, 200));
            if (r.status() == 201) {
                r.data()
                        .get("recipients")
                        .forEach(item -> accepted.add(item.get("id").asString()));
                acceptedBulks.incrementAndGet();
            } else if (r.status() == 503 && r.errorCode().equals("SERVICE_UNAVAILABLE")) {
                refused.incrementAndGet();
            } else {
                unexpected.add(r.status() + " " + r.body());
            }
        }

        void stop() throws InterruptedException {
            running.set(false);
            thread.shutdown();
            assertThat(thread.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        }
    }

    /** A webhook receiver on 127.0.0.1 that answers 200 and keeps the event ids. */
    private static final class Hooks implements AutoCloseable {
        private final HttpServer server;
        private final ExecutorService threads = Executors.newFixedThreadPool(8);
        final Set<String> ids = ConcurrentHashMap.newKeySet();

        Hooks() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.setExecutor(threads);
            server.createContext("/", exchange -> {
                exchange.getRequestBody().readAllBytes();
                ids.add(exchange.getRequestHeaders().getFirst("webhook-id"));
                exchange.sendResponseHeaders(200, 2);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write("ok".getBytes());
                }
            });
            server.start();
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
        }

        long received() {
            return ids.size();
        }

        @Override
        public void close() {
            server.stop(0);
            threads.shutdownNow();
        }
    }

    /** The database server of this run and how to reach it, directly or through the proxy. */
    private record Database(
            String host,
            int port,
            String direct,
            String name,
            @Nullable Server h2) implements AutoCloseable {

        private static final String H2_SETTINGS =
                ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;LOCK_TIMEOUT=10000;DB_CLOSE_DELAY=-1";

        static Database start() throws SQLException {
            if (TestDatabase.postgres()) {
                String url = TestDatabase.freshDatabase();
                return new Database(
                        TestDatabase.PG_HOST, TestDatabase.PG_PORT, url, url.substring(url.lastIndexOf('/') + 1), null);
            }
            Server server = Server.createTcpServer(
                            "-tcpPort", Integer.toString(ServiceProcess.freePort()), "-ifNotExists")
                    .start();
            String name = "mem:outage-" + UUID.randomUUID();
            return new Database(
                    "127.0.0.1",
                    server.getPort(),
                    "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/" + name + H2_SETTINGS,
                    name,
                    server);
        }

        String url(int proxyPort) {
            return h2 == null
                    ? "jdbc:postgresql://127.0.0.1:" + proxyPort + "/" + name
                    : "jdbc:h2:tcp://127.0.0.1:" + proxyPort + "/" + name + H2_SETTINGS;
        }

        @Override
        public void close() {
            if (h2 != null) {
                h2.stop();
            }
        }
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }
}
