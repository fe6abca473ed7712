package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sender connects to the pinned address and nowhere else, whatever the name would resolve to. */
class WebhookSenderTest {

    private final WebhookSender sender = new WebhookSender(Duration.ofSeconds(5), 4096);

    @Test
    void theConnectionGoesToThePinnedAddressWhileTheRequestKeepsTheNameOfTheUrl() throws Exception {
        try (Receiver receiver = Receiver.answering(204)) {
            int port = URI.create(receiver.url()).getPort();
            // ".invalid" never resolves (RFC 6761): only the pinned address can have been used.
            URI url = URI.create("http://hooks.invalid:" + port + "/hook");
            TargetPolicy.Pinned pinned =
                    new TargetPolicy.Pinned("hooks.invalid", List.of(InetAddress.getByName("127.0.0.1")));

            WebhookSender.Result result = sender.post(url, pinned, Map.of("webhook-id", "evt_1"), "{}".getBytes());

            assertThat(result.statusCode()).as(String.valueOf(result.error())).isEqualTo(204);
            assertThat(receiver.requests()).hasSize(1);
            assertThat(receiver.requests().get(0).header("host")).isEqualTo("hooks.invalid:" + port);
            assertThat(receiver.requests().get(0).header("webhook-id")).isEqualTo("evt_1");
        }
    }

    @Test
    void aHostOtherThanThePinnedOneIsNeverLookedUp() throws Exception {
        try (Receiver receiver = Receiver.answering(204)) {
            int port = URI.create(receiver.url()).getPort();
            TargetPolicy.Pinned pinnedForAnotherName =
                    new TargetPolicy.Pinned("other.invalid", List.of(InetAddress.getByName("127.0.0.1")));

            WebhookSender.Result result = sender.post(
                    URI.create("http://localhost:" + port + "/hook"), pinnedForAnotherName, Map.of(), "{}".getBytes());

            assertThat(result.succeeded()).isFalse();
            assertThat(result.error()).contains("localhost was not checked");
            assertThat(receiver.requests()).isEmpty();
        }
    }

    @Test
    void aReceiverSlowerThanTheTimeoutIsCut() throws Exception {
        WebhookSender quick = new WebhookSender(Duration.ofMillis(500), 4096);
        try (Receiver receiver = new Receiver(n -> new Receiver.Reply(200, Duration.ofSeconds(3), Map.of()))) {
            int port = URI.create(receiver.url()).getPort();
            TargetPolicy.Pinned loopback =
                    new TargetPolicy.Pinned("127.0.0.1", List.of(InetAddress.getByName("127.0.0.1")));

            WebhookSender.Result result = quick.post(URI.create(receiver.url()), loopback, Map.of(), "{}".getBytes());

            assertThat(result.statusCode()).isNull();
            assertThat(result.error()).isEqualTo("timed out after 500 ms");
            assertThat(result.durationMs()).isBetween(400L, 2500L);
            assertThat(port).isPositive();
        }
    }

    @Test
    void aRefusedConnectionIsReportedAsSuch() throws Exception {
        LoopbackOnlyNetwork network = new LoopbackOnlyNetwork();
        WebhookSender watched = new WebhookSender(Duration.ofSeconds(5), 4096, network);
        TargetPolicy.Pinned elsewhere =
                new TargetPolicy.Pinned("hooks.invalid", List.of(InetAddress.getByName("203.0.113.7")));

        WebhookSender.Result result =
                watched.post(URI.create("http://hooks.invalid:81/hook"), elsewhere, Map.of(), "{}".getBytes());

        assertThat(result.statusCode()).as(String.valueOf(result)).isNull();
        assertThat(result.error()).isEqualTo("connection refused or unreachable");
        assertThat(network.destinations())
                .extracting(d -> d.getAddress().getHostAddress() + ":" + d.getPort())
                .containsExactly("203.0.113.7:81");
    }
}
