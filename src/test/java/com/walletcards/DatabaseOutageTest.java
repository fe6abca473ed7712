package com.walletcards;

import static com.walletcards.support.OutageLoad.millisSince;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.AddingClient;
import com.walletcards.support.Api;
import com.walletcards.support.DirectSql;
import com.walletcards.support.OutageLoad;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.TcpProxy;
import com.walletcards.support.TestDatabase;
import com.walletcards.support.WebhookReceiver;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
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

    private static final Duration OUTAGE = Duration.ofSeconds(30);
    /**
     * The pool's connection timeout (1.2 s by default) plus room for a shared, loaded machine: a
     * full build on 2 busy cores measured 1.5–2.3 s; a request that hung would take 30 s.
     */
    private static final long ANSWER_WITHIN_MS = 3000;

    private final Map<String, Long> slowest = new ConcurrentHashMap<>();

    @Test
    void duringAnOutageRequestsAnswer503QuicklyAndAfterItNothingAcceptedIsLost() throws Exception {
        try (Database db = Database.start();
                TcpProxy proxy = TcpProxy.to(db.host(), db.port());
                WebhookReceiver hooks = new WebhookReceiver();
                ServiceProcess service = ServiceProcess.start(
                        "outage",
                        ServiceProcess.freePort(),
                        OutageLoad.settings(db.url(proxy.port()), "target/processes/outage-data"))) {
            DirectSql sql = new DirectSql(db.direct());
            OutageLoad load = new OutageLoad(sql, hooks);
            Api api = service.api(OutageLoad.KEY);
            String campaign = load.campaignWithInstalledCards(api);
            long versionBefore = load.newestVersion(campaign);

            AddingClient client = AddingClient.bulks(api, campaign, 200).start();
            assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Outage 2"))
                            .status())
                    .isEqualTo(200);
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> client.accepted.size() > 0
                            && load.propagating(campaign, versionBefore)
                            && load.delivering());

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
            long cardsAtRestore = load.cards(campaign);
            long deliveredAtRestore = hooks.received();
            // Both kinds of work must move; each one's delay is reported on its own.
            AtomicLong cardsMovingMs = new AtomicLong(-1);
            AtomicLong webhooksMovingMs = new AtomicLong(-1);
            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        if (cardsMovingMs.get() < 0 && load.cards(campaign) > cardsAtRestore) {
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
            assertThat(client.busyAt).as("bulk adds answered SERVICE_BUSY").isEmpty();
            assertThat(client.refused.get())
                    .as("bulk adds refused during the outage")
                    .isPositive();

            long cardsDoneMs = load.doneAfter(service, restoredAt, () -> load.cardsMissing(campaign) == 0);
            long propagationDoneMs = load.doneAfter(service, restoredAt, () -> load.propagationDone(campaign));
            long webhooksDoneMs = load.doneAfter(service, restoredAt, load::webhooksDone);

            assertThat(client.accepted).hasSizeGreaterThan(acceptedAtRestore);
            assertThat(sql.countIds("recipients", client.accepted))
                    .as("every accepted recipient is stored")
                    .isEqualTo(client.accepted.size());
            assertThat(load.propagatedPast(campaign, versionBefore))
                    .as("every installed card carries the change made before the outage")
                    .isTrue();

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
                    client.acceptedRequests.get(),
                    client.refused.get());
            assertThat(slowest.values()).allSatisfy(ms -> assertThat(ms).isLessThanOrEqualTo(ANSWER_WITHIN_MS));
        }
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
                () -> api.withKey(OutageLoad.ADMIN).get("/admin/v1/organizations/org_any/api-keys"));
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
}
