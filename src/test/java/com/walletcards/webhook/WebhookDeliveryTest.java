package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.OrganizationId;
import com.walletcards.support.Api;
import com.walletcards.support.Scrape;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

@WebhookIntegrationTest
class WebhookDeliveryTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    MovableClock clock;

    @Autowired
    ApplicationEventPublisher events;

    @Autowired
    TransactionTemplate transactions;

    Tenants.Tenant tenant;
    Api api;

    @BeforeEach
    void tenant() {
        tenant = Tenants.create(access);
        api = new Api(port, tenant.key());
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private JsonNode subscribe(Receiver receiver, String... events) {
        Api.Response r = api.post("/v1/webhooks", Map.of("url", receiver.url(), "events", List.of(events)));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data();
    }

    private String createCampaign() {
        Api.Response r =
                api.post("/v1/campaigns", Map.of("name", "Launch", "campaignType", "event", "campaignData", Map.of()));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private List<JsonNode> attempts(String webhookId) {
        return api.get("/v1/webhooks/" + webhookId + "/deliveries?limit=100")
                .data()
                .get("deliveries")
                .valueStream()
                .toList();
    }

    @Test
    void deliveryOutcomesAreCountedOnTheMetricsEndpoint() throws Exception {
        Scrape before = Scrape.of(api);
        try (Receiver receiver = new Receiver(n -> Receiver.Reply.status(n == 1 ? 500 : 204))) {
            subscribe(receiver, "campaign.created");
            createCampaign();

            await().atMost(PATIENCE).until(() -> receiver.requests().size() == 2);
            await().atMost(PATIENCE).untilAsserted(() -> {
                Scrape after = Scrape.of(api);
                for (String outcome : List.of("retrying", "succeeded")) {
                    String label = "outcome=\"" + outcome + "\"";
                    assertThat(after.value("wallet_webhook_deliveries_total", label)
                                    - before.value("wallet_webhook_deliveries_total", label))
                            .as(outcome)
                            .isGreaterThanOrEqualTo(1);
                }
            });
        }
    }

    @Test
    void aCreatedCampaignIsDeliveredWithAVerifiableSignature() throws Exception {
        try (Receiver receiver = Receiver.answering(204)) {
            JsonNode webhook = subscribe(receiver, "campaign.created");
            String campaignId = createCampaign();

            Receiver.Request got = await().atMost(PATIENCE)
                    .until(() -> receiver.ofType("campaign.created"), list -> !list.isEmpty())
                    .get(0);

            assertThat(Receiver.verifies(webhook.get("secret").asString(), got)).isTrue();
            JsonNode payload = got.json();
            assertThat(payload.get("id").asString()).startsWith("evt_").isEqualTo(got.header("webhook-id"));
            assertThat(payload.get("data").get("campaignId").asString()).isEqualTo(campaignId);
            assertThat(Instant.parse(payload.get("createdAt").asString())).isBefore(Instant.now());
            assertThat(Long.parseLong(got.header("webhook-timestamp")))
                    .isCloseTo(Instant.now().getEpochSecond(), org.assertj.core.data.Offset.offset(60L));
            assertThat(got.header("content-type")).startsWith("application/json");
            String webhookId = webhook.get("id").asString();
            await().atMost(PATIENCE).until(() -> attempts(webhookId), list -> list.size() == 1);
            JsonNode attempt = attempts(webhookId).get(0);
            assertThat(attempt.get("eventId").asString())
                    .isEqualTo(payload.get("id").asString());
            assertThat(attempt.get("type").asString()).isEqualTo("campaign.created");
            assertThat(attempt.get("attempt").asInt()).isEqualTo(1);
            assertThat(attempt.get("succeeded").asBoolean()).isTrue();
            assertThat(attempt.get("statusCode").asInt()).isEqualTo(204);
            assertThat(attempt.get("durationMs").asLong()).isNotNegative();
        }
    }

    @Test
    void onlySubscribedTypesAreDeliveredAndTheWildcardGetsEverything() throws Exception {
        try (Receiver updatesOnly = Receiver.answering(200);
                Receiver everything = Receiver.answering(200)) {
            String updatesHook =
                    subscribe(updatesOnly, "campaign.updated").get("id").asString();
            subscribe(everything, "*");
            String campaignId = createCampaign();
            assertThat(api.patch("/v1/campaigns/" + campaignId, Map.of("name", "Renamed"))
                            .status())
                    .isEqualTo(200);

            await().atMost(PATIENCE).until(() -> everything.requests().size() >= 2);
            await().atMost(PATIENCE)
                    .until(() -> !updatesOnly.ofType("campaign.updated").isEmpty());

            assertThat(everything.requests().stream().map(Receiver.Request::type))
                    .containsExactlyInAnyOrder("campaign.created", "campaign.updated");
            assertThat(updatesOnly.requests()).allMatch(r -> r.type().equals("campaign.updated"));
            await().atMost(PATIENCE).until(() -> attempts(updatesHook).size() == 1);
        }
    }

    @Test
    void aBulkAddSendsOneEventPerRecipientAndPerCardToEachSubscriptionThatWantsIt() throws Exception {
        try (Receiver recipients = Receiver.answering(200);
                Receiver everything = Receiver.answering(200)) {
            subscribe(recipients, "recipient.created");
            subscribe(everything, "recipient.created", "card.created");
            String campaignId = createCampaign();
            List<Map<String, Object>> items = List.of(
                    Map.of("email", "ann@example.com"),
                    Map.of("email", "bob@example.com"),
                    Map.of("email", "cy@example.com"));
            Api.Response added = api.post(
                    "/v1/campaigns/" + campaignId + "/recipients/bulk",
                    Map.of("recipients", items, "sendEmail", false));
            assertThat(added.status()).as(added.body()).isEqualTo(201);
            Set<String> addedIds = added.data()
                    .get("recipients")
                    .valueStream()
                    .map(a -> a.get("id").asString())
                    .collect(Collectors.toSet());

            await().atMost(PATIENCE).until(() -> everything.requests().size() >= 6);
            await().atMost(PATIENCE).until(() -> recipients.requests().size() >= 3);

            for (Receiver receiver : List.of(recipients, everything)) {
                List<Receiver.Request> created = receiver.ofType("recipient.created");
                assertThat(created.stream()
                                .map(r ->
                                        r.json().get("data").get("recipientId").asString()))
                        .containsExactlyInAnyOrderElementsOf(addedIds);
                assertThat(created.stream()
                                .map(r -> r.json().get("id").asString())
                                .distinct())
                        .hasSize(3);
            }
            assertThat(recipients.ofType("card.created")).isEmpty();
            List<Receiver.Request> cards = everything.ofType("card.created");
            assertThat(cards.stream()
                            .map(r -> r.json().get("data").get("recipientId").asString()))
                    .containsExactlyInAnyOrderElementsOf(addedIds);
            assertThat(cards.stream()
                            .map(r -> r.json().get("data").get("walletCardId").asString())
                            .distinct())
                    .hasSize(3);
        }
    }

    @Test
    void theTestEndpointSendsWebhookTestToThatSubscriptionOnly() throws Exception {
        try (Receiver target = Receiver.answering(200);
                Receiver bystander = Receiver.answering(200)) {
            JsonNode webhook = subscribe(target, "card.installed");
            subscribe(bystander, "*");

            Api.Response sent = api.post("/v1/webhooks/" + webhook.get("id").asString() + "/test", null);

            assertThat(sent.status()).isEqualTo(200);
            assertThat(sent.data().get("type").asString()).isEqualTo("webhook.test");
            Receiver.Request got = await().atMost(PATIENCE)
                    .until(() -> target.ofType("webhook.test"), list -> !list.isEmpty())
                    .get(0);
            assertThat(got.header("webhook-id")).isEqualTo(sent.data().get("id").asString());
            assertThat(got.json().get("data").get("webhookId").asString())
                    .isEqualTo(webhook.get("id").asString());
            assertThat(Receiver.verifies(webhook.get("secret").asString(), got)).isTrue();
            assertThat(bystander.requests()).isEmpty();
        }
    }

    @Test
    void aRotatedSecretSignsAlongsideThePreviousOne() throws Exception {
        try (Receiver receiver = Receiver.answering(200)) {
            JsonNode webhook = subscribe(receiver, "campaign.created");
            String id = webhook.get("id").asString();
            String oldSecret = webhook.get("secret").asString();

            Api.Response rotated = api.post("/v1/webhooks/" + id + "/rotate-secret", null);
            String newSecret = rotated.data().get("secret").asString();
            api.post("/v1/webhooks/" + id + "/test", null);

            assertThat(rotated.status()).isEqualTo(200);
            assertThat(newSecret).startsWith("whsec_").isNotEqualTo(oldSecret);
            assertThat(Instant.parse(
                            rotated.data().get("previousSecretExpiresAt").asString()))
                    .isBetween(
                            Instant.now().plus(Duration.ofHours(23)),
                            Instant.now().plus(Duration.ofHours(25)));
            Receiver.Request got = await().atMost(PATIENCE)
                    .until(() -> receiver.ofType("webhook.test"), list -> !list.isEmpty())
                    .get(0);
            assertThat(got.header("webhook-signature").split(" ")).hasSize(2).allMatch(s -> s.startsWith("v1,"));
            assertThat(Receiver.verifies(newSecret, got)).isTrue();
            assertThat(Receiver.verifies(oldSecret, got)).isTrue();
        }
    }

    @Test
    void afterTheGracePeriodOnlyTheNewSecretSigns() throws Exception {
        try (Receiver receiver = Receiver.answering(200)) {
            JsonNode webhook = subscribe(receiver, "campaign.created");
            String id = webhook.get("id").asString();
            String newSecret = api.post("/v1/webhooks/" + id + "/rotate-secret", null)
                    .data()
                    .get("secret")
                    .asString();

            clock.advance(Duration.ofHours(25));
            api.post("/v1/webhooks/" + id + "/test", null);

            Receiver.Request got = await().atMost(PATIENCE)
                    .until(() -> receiver.ofType("webhook.test"), list -> !list.isEmpty())
                    .get(0);
            assertThat(got.header("webhook-signature").split(" ")).hasSize(1);
            assertThat(Receiver.verifies(newSecret, got)).isTrue();
            assertThat(Receiver.verifies(webhook.get("secret").asString(), got)).isFalse();
        }
    }

    @Test
    void goneDisablesTheSubscription() throws Exception {
        try (Receiver receiver = Receiver.answering(410)) {
            String id = subscribe(receiver, "campaign.created").get("id").asString();

            api.post("/v1/webhooks/" + id + "/test", null);

            await().atMost(PATIENCE)
                    .until(() ->
                            !api.get("/v1/webhooks/" + id).data().get("enabled").asBoolean());
            JsonNode webhook = api.get("/v1/webhooks/" + id).data();
            assertThat(webhook.get("disabledReason").asString()).contains("410");
            assertThat(attempts(id))
                    .singleElement()
                    .satisfies(a -> assertThat(a.get("statusCode").asInt()).isEqualTo(410));
            createCampaign();
            assertThat(api.post("/v1/webhooks/" + id + "/test", null).errorCode())
                    .isEqualTo("INVALID_STATE");
            assertThat(receiver.requests()).hasSize(1);
        }
    }

    @Test
    void aSlowReceiverIsCutAtTheTimeoutAndTheEventIsRetried() throws Exception {
        try (Receiver receiver = new Receiver(
                n -> n == 1 ? new Receiver.Reply(200, Duration.ofSeconds(4), Map.of()) : Receiver.Reply.status(200))) {
            String id = subscribe(receiver, "campaign.created").get("id").asString();

            api.post("/v1/webhooks/" + id + "/test", null);

            await().atMost(PATIENCE).until(() -> attempts(id), list -> list.size() == 2);
            List<JsonNode> log = attempts(id); // newest first
            JsonNode cut = log.get(1);
            assertThat(cut.get("attempt").asInt()).isEqualTo(1);
            assertThat(cut.get("succeeded").asBoolean()).isFalse();
            assertThat(cut.get("statusCode").isNull()).isTrue();
            assertThat(cut.get("error").asString()).contains("timed out");
            assertThat(cut.get("durationMs").asLong()).isBetween(900L, 3000L);
            assertThat(log.get(0).get("attempt").asInt()).isEqualTo(2);
            assertThat(log.get(0).get("succeeded").asBoolean()).isTrue();
        }
    }

    @Test
    void aReceiverThatFailsAndRecoversGetsEveryEventWithStableIds() throws Exception {
        try (Receiver receiver = new Receiver(n -> Receiver.Reply.status(n <= 4 ? 500 : 200))) {
            String id = subscribe(receiver, "campaign.created").get("id").asString();
            Set<String> campaigns = Set.of(createCampaign(), createCampaign(), createCampaign());

            await().atMost(PATIENCE).until(() -> delivered(receiver).keySet(), delivered -> delivered.size() == 3);

            Map<String, String> eventIdByCampaign = delivered(receiver);
            assertThat(eventIdByCampaign.keySet()).isEqualTo(campaigns);
            // Every request of one event carried the same webhook-id, the event's id.
            for (Receiver.Request r : receiver.requests()) {
                assertThat(r.header("webhook-id")).isEqualTo(r.json().get("id").asString());
            }
            assertThat(receiver.requests()).hasSizeGreaterThanOrEqualTo(7);
            await().atMost(PATIENCE)
                    .until(() -> attempts(id).size() == receiver.requests().size());
            assertThat(attempts(id).stream().filter(a -> a.get("statusCode").asInt() == 500))
                    .hasSize(4);
            assertThat(api.get("/v1/webhooks/" + id).data().get("enabled").asBoolean())
                    .isTrue();
        }
    }

    /** Campaign id to event id, over the requests that were answered with success. */
    private static Map<String, String> delivered(Receiver receiver) {
        return receiver.requests().stream()
                .filter(r -> r.status() == 200)
                .collect(Collectors.toMap(
                        r -> r.json().get("data").get("campaignId").asString(),
                        r -> r.json().get("id").asString(),
                        (a, b) -> a));
    }

    @Test
    void aLongerRetryAfterIsHonoured() throws Exception {
        try (Receiver receiver = new Receiver(n -> n == 1
                ? new Receiver.Reply(503, Duration.ZERO, Map.of("Retry-After", "2"))
                : Receiver.Reply.status(200))) {
            String id = subscribe(receiver, "campaign.created").get("id").asString();

            api.post("/v1/webhooks/" + id + "/test", null);

            await().atMost(PATIENCE).until(() -> receiver.requests().size() == 2);
            List<Receiver.Request> requests = receiver.requests();
            assertThat(Duration.between(
                            requests.get(0).receivedAt(), requests.get(1).receivedAt()))
                    .isGreaterThanOrEqualTo(Duration.ofMillis(1900));
        }
    }

    @Test
    void aSubscriptionFailingForFiveDaysIsDisabled() throws Exception {
        try (Receiver receiver = Receiver.answering(500)) {
            String id = subscribe(receiver, "campaign.created").get("id").asString();
            api.post("/v1/webhooks/" + id + "/test", null);
            await().atMost(PATIENCE).until(() -> attempts(id), list -> !list.isEmpty());
            assertThat(api.get("/v1/webhooks/" + id).data().get("enabled").asBoolean())
                    .isTrue();

            clock.advance(Duration.ofDays(5).plusMinutes(1));

            await().atMost(PATIENCE)
                    .until(() ->
                            !api.get("/v1/webhooks/" + id).data().get("enabled").asBoolean());
            assertThat(api.get("/v1/webhooks/" + id)
                            .data()
                            .get("disabledReason")
                            .asString())
                    .startsWith("every delivery attempt failed since");
            int attemptsWhenDisabled = attempts(id).size();
            assertThat(attemptsWhenDisabled).isBetween(2, 6);
        }
    }

    /** An event published by a fictitious module, as every domain module publishes its own. */
    record SomethingHappened(OrganizationId organizationId, String marker, Instant at) implements ExternalEvent {
        @Override
        public String type() {
            return "campaign.updated";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of("campaignId", "cmp_none", "marker", marker);
        }
    }

    @Test
    void anEventOfARolledBackChangeIsNeverSent() throws Exception {
        try (Receiver receiver = Receiver.answering(200)) {
            String id = subscribe(receiver, "campaign.updated").get("id").asString();

            try {
                transactions.executeWithoutResult(status -> {
                    events.publishEvent(new SomethingHappened(tenant.organizationId(), "rolled-back", Instant.now()));
                    throw new IllegalStateException("the change fails after publishing");
                });
            } catch (IllegalStateException expected) {
                // the transaction rolled back, with the event in it
            }
            transactions.executeWithoutResult(status ->
                    events.publishEvent(new SomethingHappened(tenant.organizationId(), "committed", Instant.now())));

            await().atMost(PATIENCE).until(() -> !receiver.requests().isEmpty());
            await().during(Duration.ofMillis(500))
                    .atMost(PATIENCE)
                    .until(() -> attempts(id).size() == 1);
            assertThat(receiver.requests())
                    .singleElement()
                    .satisfies(
                            r -> assertThat(r.json().get("data").get("marker").asString())
                                    .isEqualTo("committed"));
        }
    }
}
