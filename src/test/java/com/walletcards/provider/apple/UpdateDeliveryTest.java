package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Scrape;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.Tenants;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Content versions and their delivery, end to end: Apple devices register through the pass web
 * service and are pushed through a mock APNs, a Google-style object takes its update, an EU wallet
 * card has no push; {@code GET /updates}, the {@code card.update_delivered} webhook and the lag
 * metric count exactly what happened. A device counts as stale 3 s after its push here.
 */
@DatabaseTest
@ContextConfiguration(initializers = UpdateDeliveryTest.OwnDatabase.class)
@TestPropertySource(
        properties = {
            "wallet.providers.settings.alpha.mode=apple",
            "wallet.data-dir=" + UpdateDeliveryTest.DATA_DIR,
            "wallet.propagation.retry-delay=PT0.2S",
            "wallet.updates.stale-after=PT3S",
            "wallet.updates.stale-check-interval=PT0.3S",
            "wallet.webhooks.allow-private-targets=true",
            "wallet.webhooks.poll-interval=100ms",
            "wallet.webhooks.retry-delays=100ms,200ms"
        })
class UpdateDeliveryTest {

    static final class OwnDatabase extends SeparateDatabase {}

    static final String DATA_DIR = "target/update-delivery-test-data";
    static final int PORT = ServiceProcess.freePort();
    static final MockApns APNS;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    static {
        try {
            PassCredentials chain = PassCredentials.development(
                    Path.of(DATA_DIR, PassCredentials.DEV_DIRECTORY),
                    new AppleSettings(null, null, null, null, null, "", 0, null, 1, Duration.ZERO));
            APNS = new MockApns(Path.of(DATA_DIR), List.of(chain.wwdr(), chain.root()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @DynamicPropertySource
    static void ownPortAndApns(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("wallet.download-base-url", () -> "http://localhost:" + PORT);
        registry.add("wallet.providers.settings.alpha.apns-host", () -> "localhost");
        registry.add("wallet.providers.settings.alpha.apns-port", () -> APNS.port);
        registry.add(
                "wallet.providers.settings.alpha.apns-trusted-ca",
                () -> APNS.serverCa.toAbsolutePath().toString());
    }

    @AfterAll
    static void stopApns() throws Exception {
        APNS.stop();
    }

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    record Issued(String recipient, String serial, String token, String passTypeId, String webServiceUrl) {}

    @Test
    void everyVersionIsCountedPerProviderAsItsDevicesFetchItOrGoStale() throws Exception {
        Api api = new Api(port, Tenants.create(access).key());
        Flows flows = new Flows(api);
        List<JsonNode> hooks = new CopyOnWriteArrayList<>();
        List<String> signatures = new CopyOnWriteArrayList<>();
        HttpServer receiver = receiver(hooks, signatures);
        try {
            Api.Response subscribed = api.post(
                    "/v1/webhooks",
                    Map.of(
                            "url",
                            "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook",
                            "events",
                            List.of("card.update_delivered")));
            assertThat(subscribed.status()).as(subscribed.body()).isEqualTo(201);

            String campaign = flows.campaign(Map.of("name", "Summer Summit", "startDate", "2031-07-01"));
            Issued both = issued(api, flows, campaign, flows.recipient(campaign));
            Device phone = registered(flows, campaign, both);
            Device watch = registered(flows, campaign, both);
            Device tablet = registered(flows, campaign, both);
            Issued goneCard = issued(api, flows, campaign, flows.recipient(campaign));
            Device gone = registered(flows, campaign, goneCard);
            APNS.unregister(gone.pushToken);
            String google = flows.recipient(campaign);
            installed(flows, campaign, google, "beta");
            String euWallet = flows.recipient(campaign);
            installed(flows, campaign, euWallet, "eudiw");

            // Version 1: the campaign's name, pushed to both devices, the Google object and, without
            // a push, offered to the EU wallet.
            assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Winter Summit"))
                            .status())
                    .isEqualTo(200);
            await().atMost(PATIENCE)
                    .until(() -> counts(api, campaign, 1, "alpha").get("target").asLong() == 3);
            await().atMost(PATIENCE).until(() -> !APNS.rejected(gone.pushToken).isEmpty());
            fetches(phone, both);

            // Version 2: one recipient's data; version 3: a revocation, pushed to the devices.
            Api.Response patched = api.patch(
                    "/v1/campaigns/" + campaign + "/recipients/" + google,
                    Map.of("recipientData", Map.of("seat", "14")));
            assertThat(patched.status()).as(patched.body()).isEqualTo(200);
            await().atMost(PATIENCE)
                    .until(() ->
                            counts(api, campaign, 2, "beta").get("delivered").asLong() == 1);
            // The tablet's pass was deleted meanwhile: the revocation's push finds its token gone,
            // and what it still owed to version 1 is no longer counted.
            APNS.unregister(tablet.pushToken);
            Api.Response revoked =
                    api.post("/v1/campaigns/" + campaign + "/recipients/" + both.recipient() + "/revoke", null);
            assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
            await().atMost(PATIENCE)
                    .until(() -> counts(api, campaign, 3, "alpha").get("target").asLong() == 2);
            fetches(phone, both);

            await().atMost(PATIENCE).untilAsserted(() -> {
                JsonNode updates =
                        api.get("/v1/campaigns/" + campaign + "/updates").data();
                assertThat(updates.get("pagination").get("total").asLong()).isEqualTo(3);
                JsonNode list = updates.get("updates");
                assertThat(list.valueStream().map(u -> u.get("version").asLong()))
                        .containsExactly(3L, 2L, 1L);
                assertThat(list.get(2).get("changed").valueStream().map(JsonNode::asString))
                        .containsExactly("name");
                assertThat(list.get(1).get("changed").valueStream().map(JsonNode::asString))
                        .containsExactly("recipientData");
                assertThat(list.get(0).get("changed").valueStream().map(JsonNode::asString))
                        .containsExactly("status");
                // The watch never fetches; the unregistered devices are no targets at all.
                assertThat(byProvider(list.get(2))).isEqualTo("alpha 2/1/0/0/1 beta 1/1/0/0/0 eudiw 1/0/0/0/1");
                assertThat(byProvider(list.get(1))).isEqualTo("alpha 0/0/0/0/0 beta 1/1/0/0/0 eudiw 0/0/0/0/0");
                assertThat(byProvider(list.get(0))).isEqualTo("alpha 2/1/0/0/1 beta 0/0/0/0/0 eudiw 0/0/0/0/0");
            });
            assertThat(gone.updated(goneCard.passTypeId(), null).status()).isEqualTo(204);
            assertThat(tablet.updated(both.passTypeId(), null).status()).isEqualTo(204);

            await().atMost(PATIENCE)
                    .untilAsserted(() -> assertThat(hooks.stream()
                                    .map(h -> h.get("data").get("provider").asString() + " v"
                                            + h.get("data").get("version").asLong())
                                    .sorted())
                            .containsExactly("alpha v1", "alpha v3", "beta v1", "beta v2"));
            JsonNode hook = hooks.get(0);
            assertThat(hook.get("type").asString()).isEqualTo("card.update_delivered");
            assertThat(hook.get("data").get("campaignId").asString()).isEqualTo(campaign);
            assertThat(signatures).hasSize(hooks.size()).allMatch(s -> s.startsWith("v1,"));

            await().atMost(PATIENCE).untilAsserted(() -> {
                Scrape scrape = Scrape.of(api);
                assertThat(scrape.value("wallet_update_lag_seconds_count", "provider=\"alpha\""))
                        .isEqualTo(2);
                assertThat(scrape.value("wallet_update_lag_seconds_count", "provider=\"beta\""))
                        .isEqualTo(2);
                assertThat(scrape.value("wallet_update_stale_targets")).isEqualTo(3);
            });

            // The journey of the Google holder shows each version pushed and delivered.
            await().atMost(PATIENCE)
                    .untilAsserted(() -> assertThat(api.get("/v1/campaigns/" + campaign + "/recipients/" + google
                                            + "/journey?limit=100")
                                    .data()
                                    .get("events")
                                    .valueStream()
                                    .filter(e -> e.get("type").asString().startsWith("update_"))
                                    .map(e -> e.get("type").asString() + " "
                                            + e.get("provider").asString() + " v"
                                            + e.get("detail").get("version").asLong()))
                            .containsExactlyInAnyOrder(
                                    "update_pushed beta v1",
                                    "update_delivered beta v1",
                                    "update_pushed beta v2",
                                    "update_delivered beta v2"));

            Api.Response foreign =
                    new Api(port, Tenants.create(access).key()).get("/v1/campaigns/" + campaign + "/updates");
            assertThat(foreign.status()).isEqualTo(404);
        } finally {
            receiver.stop(0);
        }
    }

    /** As an iPhone does after a push: asks which passes changed, then fetches the pass. */
    private static void fetches(Device device, Issued pass) {
        Device.Answer changed = device.updated(pass.passTypeId(), null);
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.json().get("serialNumbers").valueStream().map(JsonNode::asString))
                .contains(pass.serial());
        assertThat(device.pass(pass.passTypeId(), pass.serial(), pass.token(), null)
                        .status())
                .isEqualTo(200);
    }

    private static JsonNode counts(Api api, String campaign, long version, String provider) {
        JsonNode list = api.get("/v1/campaigns/" + campaign + "/updates").data().get("updates");
        return list.valueStream()
                .filter(u -> u.get("version").asLong() == version)
                .findFirst()
                .map(u -> u.get("byProvider").get(provider))
                .orElse(JSON.readTree("{\"target\":0,\"delivered\":0}"));
    }

    /** {@code provider target/delivered/pending/failed/stale ...}, providers in name order. */
    private static String byProvider(JsonNode update) {
        StringBuilder s = new StringBuilder();
        for (String p : List.of("alpha", "beta", "eudiw")) {
            JsonNode c = update.get("byProvider").get(p);
            s.append(s.isEmpty() ? "" : " ")
                    .append(p)
                    .append(' ')
                    .append(c.get("target").asLong())
                    .append('/')
                    .append(c.get("delivered").asLong())
                    .append('/')
                    .append(c.get("pending").asLong())
                    .append('/')
                    .append(c.get("failed").asLong())
                    .append('/')
                    .append(c.get("stale").asLong());
        }
        return s.toString();
    }

    private static void installed(Flows flows, String campaign, String recipient, String provider) {
        flows.waitForCard(campaign, recipient, "created");
        Api.Response r = flows.callback(provider, "INSTALL", flows.cardOf(campaign, recipient));
        assertThat(r.status()).as(r.body()).isIn(200, 202, 204);
        flows.waitForCard(campaign, recipient, "active");
    }

    private static Issued issued(Api api, Flows flows, String campaign, String recipient) {
        flows.waitForCard(campaign, recipient, "created");
        String link = flows.invite(campaign, recipient).get("downloadUrl").asString();
        JsonNode json = PassFile.unzip(api.download(link.substring(link.indexOf("/c/")) + "/alpha")
                        .body())
                .passJson();
        return new Issued(
                recipient,
                json.get("serialNumber").asString(),
                json.get("authenticationToken").asString(),
                json.get("passTypeIdentifier").asString(),
                json.get("webServiceURL").asString());
    }

    /** A device APNs knows, registered for the pass through the pass web service. */
    private static Device registered(Flows flows, String campaign, Issued pass) {
        String id = UUID.randomUUID().toString().replace("-", "");
        Device device = new Device(pass.webServiceUrl(), id, (id + id).substring(0, 64));
        APNS.knows(pass.passTypeId(), device.pushToken);
        assertThat(device.register(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(201);
        flows.waitForCard(campaign, pass.recipient(), "active");
        return device;
    }

    /** A webhook receiver on 127.0.0.1 that keeps every body and signature and answers 204. */
    private static HttpServer receiver(List<JsonNode> bodies, List<String> signatures) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            signatures.add(String.valueOf(exchange.getRequestHeaders().getFirst("webhook-signature")));
            bodies.add(JSON.readTree(exchange.getRequestBody().readAllBytes()));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        return server;
    }
}
