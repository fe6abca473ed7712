package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** {@code card.opened}: the holder's page (no provider) and each wallet's hand-over (its provider), signed. */
@WebhookIntegrationTest
class CardOpenedWebhookTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Test
    void theCardPageAndAHandOverAreDeliveredAsCardOpened() throws Exception {
        Api api = new Api(port, Tenants.create(access).key());
        Flows flows = new Flows(api);
        try (Receiver receiver = Receiver.answering(204)) {
            Api.Response subscribed =
                    api.post("/v1/webhooks", Map.of("url", receiver.url(), "events", List.of("card.opened")));
            assertThat(subscribed.status()).as(subscribed.body()).isEqualTo(201);
            String c = flows.campaign();
            String r = flows.recipient(c);
            String page =
                    URI.create(flows.invite(c, r).get("downloadUrl").asString()).getPath();
            assertThat(api.withKey(null).page(page).status()).isEqualTo(200);
            assertThat(api.withKey(null).page(page + "/beta").status()).isEqualTo(200);

            List<Receiver.Request> got = await().atMost(Duration.ofSeconds(60))
                    .until(() -> receiver.ofType("card.opened"), list -> list.size() == 2);

            String card = flows.cardOf(c, r);
            assertThat(got)
                    .extracting(request -> request.json().get("data"))
                    .extracting(data ->
                            provider(data) + " " + data.get("walletCardId").asString() + " "
                                    + data.get("recipientId").asString() + " "
                                    + data.get("campaignId").asString())
                    .containsExactlyInAnyOrder("null " + card + " " + r + " " + c, "beta " + card + " " + r + " " + c);
            assertThat(got)
                    .allSatisfy(request -> assertThat(Receiver.verifies(
                                    subscribed.data().get("secret").asString(), request))
                            .isTrue());
        }
    }

    private static String provider(JsonNode data) {
        assertThat(data.has("provider"))
                .as("provider is always named, null for the page")
                .isTrue();
        return data.get("provider").isNull() ? "null" : data.get("provider").asString();
    }
}
