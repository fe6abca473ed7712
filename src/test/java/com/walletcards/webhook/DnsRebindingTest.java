package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A name that answers "public" to the target check and "loopback" a moment later (DNS rebinding)
 * never gets a delivery into the loopback receiver: each attempt connects to the address it checked.
 */
@DatabaseTest
@ContextConfiguration(initializers = OwnTestDatabase.class)
@TestPropertySource(
        properties = {
            "wallet.webhooks.allow-private-targets=false",
            "wallet.webhooks.request-timeout=10s", // the refusal is immediate; this only guards a loaded machine
            "wallet.webhooks.retry-delays=100ms", // two attempts, then given up
            "wallet.webhooks.jitter=0",
            "wallet.webhooks.poll-interval=100ms"
        })
@Import(DnsRebindingTest.RebindingDns.class)
class DnsRebindingTest {

    static final String HOST = "rebind.test";
    static final String PRIVATE_HOST = "intranet.test";
    // Public by the rules; the test network refuses it without sending a packet.
    static final String PUBLIC_ADDRESS = "93.184.216.34";

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    RebindingDns dns;

    @Test
    void theLoopbackAnswerAfterAPublicOneNeverReachesTheLoopbackReceiver() throws Exception {
        Api api = new Api(port, Tenants.create(access).key());
        try (Receiver receiver = Receiver.answering(200)) {
            int receiverPort = URI.create(receiver.url()).getPort();
            Api.Response created = api.post(
                    "/v1/webhooks",
                    Map.of("url", "http://" + HOST + ":" + receiverPort + "/hook", "events", List.of("*")));
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            String id = created.data().get("id").asString();

            api.post("/v1/webhooks/" + id + "/test", null);

            List<JsonNode> log = await().atMost(Duration.ofSeconds(30))
                    .until(
                            () -> api.get("/v1/webhooks/" + id + "/deliveries")
                                    .data()
                                    .get("deliveries")
                                    .valueStream()
                                    .toList(),
                            attempts -> attempts.size() == 2);
            JsonNode first = log.get(1); // newest first
            JsonNode second = log.get(0);
            // The first attempt checked the public answer and connected there, and only there.
            assertThat(first.get("succeeded").asBoolean()).isFalse();
            assertThat(first.get("statusCode").isNull()).isTrue();
            assertThat(first.get("error").asString()).isEqualTo("connection refused or unreachable");
            assertThat(dns.network.destinations())
                    .extracting(d -> d.getAddress().getHostAddress() + ":" + d.getPort())
                    .containsExactly(PUBLIC_ADDRESS + ":" + receiverPort);
            // The next lookup says loopback: refused before any connection.
            assertThat(second.get("error").asString())
                    .startsWith("target refused")
                    .contains("127.0.0.1")
                    .contains("loopback");
            assertThat(receiver.requests()).isEmpty();
            // One lookup when saved, one per attempt: the check's answer is the one connected to.
            assertThat(dns.lookups(HOST)).isEqualTo(3);
        }
    }

    @Test
    void aNameThatAlreadyResolvesToAPrivateAddressIsRefusedWhenSaved() {
        Api api = new Api(port, Tenants.create(access).key());

        Api.Response refused =
                api.post("/v1/webhooks", Map.of("url", "https://" + PRIVATE_HOST + "/hook", "events", List.of("*")));

        assertThat(refused.status()).isEqualTo(400);
        JsonNode detail = refused.json().get("error").get("details").get(0);
        assertThat(detail.get("field").asString()).isEqualTo("url");
        assertThat(detail.get("message").asString()).contains("10.20.30.40").contains("private");
    }

    /**
     * Answers {@link #PUBLIC_ADDRESS} for the first two lookups of {@link #HOST} (when the
     * subscription is saved, and for the first attempt), loopback after that, and a private
     * address for {@link #PRIVATE_HOST};
     * the sender's connections go through a {@link LoopbackOnlyNetwork} that records them.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class RebindingDns implements TargetPolicy.Resolver {

        private final AtomicInteger lookups = new AtomicInteger();
        final LoopbackOnlyNetwork network = new LoopbackOnlyNetwork();

        @Bean
        @Primary
        TargetPolicy.Resolver rebindingResolver() {
            return this;
        }

        @Bean
        @Primary
        WebhookSender watchedSender(WebhookProperties properties) {
            return new WebhookSender(properties.requestTimeout(), properties.maxResponseBytes(), network);
        }

        int lookups(String host) {
            return host.equals(HOST) ? lookups.get() : 0;
        }

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            if (host.equals(PRIVATE_HOST)) {
                return new InetAddress[] {InetAddress.getByName("10.20.30.40")};
            }
            if (!host.equals(HOST)) {
                return InetAddress.getAllByName(host);
            }
            String answer = lookups.incrementAndGet() <= 2 ? PUBLIC_ADDRESS : "127.0.0.1";
            return new InetAddress[] {InetAddress.getByName(answer)};
        }
    }
}
