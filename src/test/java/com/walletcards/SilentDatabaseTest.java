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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The network to the database goes silent for 15 seconds while single adds, bulk adds, a
 * propagation and webhook deliveries are running, then speaks again: a TCP proxy between the
 * service and PostgreSQL stops forwarding in both directions and keeps every connection open, the
 * way a dropped route or a frozen server looks. Nothing tells the service its statements will
 * never be answered; only its own deadlines do (ADR 0033).
 *
 * <p>PostgreSQL only (tag {@code postgres-only}, run by the build's PostgreSQL execution): the
 * embedded H2 database lives in the service's process and cannot go silent, and H2's driver
 * ignores network timeouts, so an H2 TCP server behind the proxy would test nothing of ours.
 */
@Tag("postgres-only")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class SilentDatabaseTest {

    private static final Duration SILENCE = Duration.ofSeconds(15);
    /**
     * The request deadline (1.8 s) plus the same room for a shared, loaded machine that
     * DatabaseOutageTest allows: the service answers by its deadline, but on 2 busy cores the
     * answer may wait for a core once written; a request that hung would take the driver's 60 s.
     */
    private static final long ANSWER_WITHIN_MS = 3000;

    private static final long HEALTH_DOWN_WITHIN_MS = 5000;
    /** The service's wallet.database.silence-after. */
    private static final long SILENCE_AFTER_MS = 1500;

    private final Map<String, Long> slowest = new ConcurrentSkipListMap<>();

    @Test
    void aSilentDatabaseIsAnswered503QuicklyAndAfterItNothingAcceptedIsLost() throws Exception {
        String url = TestDatabase.freshDatabase();
        assertThat(url).as("this test runs on PostgreSQL only").startsWith("jdbc:postgresql:");
        try (TcpProxy proxy = TcpProxy.to(TestDatabase.PG_HOST, TestDatabase.PG_PORT);
                WebhookReceiver hooks = new WebhookReceiver();
                ServiceProcess service = ServiceProcess.start(
                        "silent",
                        ServiceProcess.freePort(),
                        OutageLoad.settings(throughProxy(url, proxy), "target/processes/silent-data"))) {
            DirectSql sql = new DirectSql(url);
            OutageLoad load = new OutageLoad(sql, hooks);
            Api api = service.api(OutageLoad.KEY);
            String campaign = load.campaignWithInstalledCards(api);
            long versionBefore = load.newestVersion(campaign);

            AddingClient bulks = AddingClient.bulks(api, campaign, 200).start();
            AddingClient singles = AddingClient.singles(api, campaign).start();
            assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Silence 2"))
                            .status())
                    .isEqualTo(200);
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> bulks.accepted.size() > 0
                            && singles.accepted.size() > 0
                            && load.propagating(campaign, versionBefore)
                            && load.delivering());

            proxy.silence();
            long silentAt = System.nanoTime();
            HealthWatch health = new HealthWatch(api.withKey(null), silentAt);
            int probes = 0;
            while (System.nanoTime() - silentAt < SILENCE.toNanos()) {
                probeDuringSilence(api, campaign);
                probes++;
            }
            health.stop();
            int bulksAtResume = bulks.accepted.size();
            int singlesAtResume = singles.accepted.size();
            proxy.resume();
            long resumedAt = System.nanoTime();

            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .ignoreExceptions()
                    .until(() -> api.get("/v1/campaigns").status() == 200);
            long servingAfterMs = millisSince(resumedAt);
            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> api.get("/actuator/health").status() == 200);
            long healthyAfterMs = millisSince(resumedAt);
            long cardsAtResume = load.cards(campaign);
            long deliveredAtResume = hooks.received();
            AtomicLong cardsMovingMs = new AtomicLong(-1);
            AtomicLong webhooksMovingMs = new AtomicLong(-1);
            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        if (cardsMovingMs.get() < 0 && load.cards(campaign) > cardsAtResume) {
                            cardsMovingMs.set(millisSince(resumedAt));
                        }
                        if (webhooksMovingMs.get() < 0 && hooks.received() > deliveredAtResume) {
                            webhooksMovingMs.set(millisSince(resumedAt));
                        }
                        return cardsMovingMs.get() >= 0 && webhooksMovingMs.get() >= 0;
                    });

            await().atMost(Duration.ofSeconds(30))
                    .until(() -> bulks.accepted.size() > bulksAtResume && singles.accepted.size() > singlesAtResume);
            bulks.stop();
            singles.stop();
            assertThat(bulks.unexpected)
                    .as("bulk adds answer 201 or 503, nothing else")
                    .isEmpty();
            assertThat(singles.unexpected)
                    .as("single adds answer 201 or 503, nothing else")
                    .isEmpty();
            // Busy is load, which the backlog after the silence may be; during it the database is
            // unreachable, and a client told "busy" would look in the wrong place.
            assertThat(bulks.busyAt).allSatisfy(at -> assertThat(at).isGreaterThan(resumedAt));
            assertThat(singles.busyAt).allSatisfy(at -> assertThat(at).isGreaterThan(resumedAt));
            assertThat(bulks.refused.get())
                    .as("bulk adds refused during the silence")
                    .isPositive();
            assertThat(singles.refused.get())
                    .as("single adds refused during the silence")
                    .isPositive();

            long cardsDoneMs = load.doneAfter(service, resumedAt, () -> load.cardsMissing(campaign) == 0);
            long propagationDoneMs = load.doneAfter(service, resumedAt, () -> load.propagationDone(campaign));
            long webhooksDoneMs = load.doneAfter(service, resumedAt, load::webhooksDone);

            assertThat(sql.countIds("recipients", bulks.accepted))
                    .as("every recipient a bulk add acknowledged is stored")
                    .isEqualTo(bulks.accepted.size());
            assertThat(sql.countIds("recipients", singles.accepted))
                    .as("every recipient a single add acknowledged is stored")
                    .isEqualTo(singles.accepted.size());
            assertThat(load.propagatedPast(campaign, versionBefore))
                    .as("every installed card carries the change made before the silence")
                    .isTrue();

            System.out.printf(
                    "Silence of %d s on PostgreSQL: %d probes, slowest 503 per route %s ms, health DOWN %d ms after"
                            + " the silence began; serving again %d ms, healthy %d ms, new cards %d ms, webhooks %d ms"
                            + " after the network returned; every card issued after %d ms, propagated after %d ms,"
                            + " every webhook delivered after %d ms; bulk adds %d accepted, %d refused with 503 (slowest"
                            + " %d ms); single adds %d accepted, %d refused with 503 (slowest %d ms); %d adds answered SERVICE_BUSY after the network returned%n",
                    SILENCE.toSeconds(),
                    probes,
                    slowest,
                    health.firstDownMs,
                    servingAfterMs,
                    healthyAfterMs,
                    cardsMovingMs.get(),
                    webhooksMovingMs.get(),
                    cardsDoneMs,
                    propagationDoneMs,
                    webhooksDoneMs,
                    bulks.acceptedRequests.get(),
                    bulks.refused.get(),
                    bulks.slowestRefusedMs.get(),
                    singles.acceptedRequests.get(),
                    singles.refused.get(),
                    singles.slowestRefusedMs.get(),
                    bulks.busyAt.size() + singles.busyAt.size());
            assertThat(slowest.values()).allSatisfy(ms -> assertThat(ms).isLessThanOrEqualTo(ANSWER_WITHIN_MS));
            assertThat(health.firstDownMs)
                    .as("health DOWN after the silence began, ms")
                    .isBetween(0L, HEALTH_DOWN_WITHIN_MS);
            assertThat(health.upLate)
                    .as("health answers UP after 5 s of silence")
                    .isEmpty();
            assertThat(health.livenessFailed)
                    .as("liveness answers other than 200")
                    .isEmpty();
        }
    }

    private static String throughProxy(String url, TcpProxy proxy) {
        return "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + url.substring(url.lastIndexOf('/') + 1);
    }

    /**
     * One round of requests while the database is silent: a read behind the API-key filter, a
     * write, an admin read whose failure reaches the controller advice.
     */
    private void probeDuringSilence(Api api, String campaign) {
        expect503("GET /v1/campaigns", () -> api.get("/v1/campaigns"));
        expect503(
                "POST /v1/campaigns/{id}/recipients",
                () -> api.post("/v1/campaigns/" + campaign + "/recipients", Map.of("email", "during@example.com")));
        expect503(
                "GET /admin/v1/organizations/{id}/api-keys",
                () -> api.withKey(OutageLoad.ADMIN).get("/admin/v1/organizations/org_any/api-keys"));
    }

    /**
     * Asks for health and liveness without pause, beside the other probes, so that the moment
     * health turns DOWN is measured to within one health request, not one round of probes.
     */
    private final class HealthWatch {
        private final ExecutorService thread = Executors.newSingleThreadExecutor();
        private final AtomicBoolean running = new AtomicBoolean(true);
        final List<String> upLate = new CopyOnWriteArrayList<>();
        final List<String> livenessFailed = new CopyOnWriteArrayList<>();
        volatile long firstDownMs = -1;

        HealthWatch(Api api, long silentAt) {
            thread.submit(() -> {
                while (running.get()) {
                    long started = System.nanoTime();
                    Api.Response health = api.get("/actuator/health");
                    slowest.merge("GET /actuator/health", millisSince(started), Math::max);
                    long answeredMs = millisSince(silentAt);
                    if (health.status() == 503 && health.body().contains("DOWN")) {
                        if (firstDownMs < 0) {
                            firstDownMs = answeredMs;
                        }
                    } else if (answeredMs >= HEALTH_DOWN_WITHIN_MS) {
                        upLate.add(answeredMs + " ms: " + health.status() + " " + health.body());
                    }
                    Api.Response liveness = api.get("/actuator/health/liveness");
                    if (liveness.status() != 200) {
                        livenessFailed.add(liveness.status() + " " + liveness.body());
                    }
                }
            });
        }

        void stop() throws InterruptedException {
            running.set(false);
            thread.shutdown();
            assertThat(thread.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    private void expect503(String route, Supplier<Api.Response> request) {
        long started = System.nanoTime();
        Api.Response r = request.get();
        slowest.merge(route, millisSince(started), Math::max);
        assertThat(r.status()).as(route + ": " + r.body()).isEqualTo(503);
        assertThat(r.errorCode()).as(route + ": " + r.body()).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(r.header("Retry-After")).isNotBlank();
        assertThat(r.header("X-Request-Id"))
                .isEqualTo(r.json().get("error").get("requestId").asString());
    }
}
