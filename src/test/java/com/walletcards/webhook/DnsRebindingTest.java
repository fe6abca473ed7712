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
    // TEST-NET-3 (RFC 5737): public by the rules; the test network refuses it without sending a packet.
    static final String PUBLIC_ADDRESS = "203.0.113.7";

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
            // One lookup per attempt: the check's answer is the one connected to.
            assertThat(dns.lookups(HOST)).isEqualTo(2);
        }
    }

    /**
     * Answers {@link #PUBLIC_ADDRESS} for the first lookup of {@link #HOST}, loopback after that;
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
            if (!host.equals(HOST)) {
                return InetAddress.getAllByName(host);
            }
            String answer = lookups.incrementAndGet() == 1 ? PUBLIC_ADDRESS : "127.0.0.1";
            return new InetAddress[] {InetAddress.getByName(answer)};
        }
    }
}
