package com.walletcards.provider.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Api;
import com.walletcards.support.Tenants;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Update delivery against the fake Google Wallet API: a version is delivered to a saved object
 * when Google accepted its update, and failed when Google refused it for good.
 */
@TestPropertySource(
        properties = {
            "wallet.propagation.debounce=PT0.2S",
            "wallet.propagation.retry-delay=PT0.2S",
            "wallet.propagation.max-attempts=2",
            "wallet.download-base-url=https://cards.example.com",
            "wallet.providers.settings.beta.google.request-timeout=PT30S"
        })
class GoogleUpdateDeliveryTest extends GoogleWalletSpringTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    record Card(String recipientId, String id, String objectId, String link) {}

    @Test
    void anAcceptedObjectUpdateIsDeliveredAndARefusedOneFailed() {
        GOOGLE.reset();
        Api api = new Api(port, Tenants.create(access).key());
        String campaign = campaign(api);
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        Card card = card(api, campaign);
        api.withKey(null).page(card.link());
        save(api, classId, card);
        // Saved and recorded as created at Google: a push from here on is this test's own.
        await().atMost(PATIENCE)
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM provider_objects WHERE wallet_card_id = ?"
                                        + " AND provider = 'beta' AND created_at_provider = TRUE AND installed = TRUE")
                                .param(card.id())
                                .query(Long.class)
                                .single()
                        == 1);

        rename(api, campaign, card, "Grace Hopper");
        await().atMost(PATIENCE)
                .untilAsserted(() -> assertThat(beta(api, campaign, 1)).isEqualTo("1/1/0/0/0"));

        GOOGLE.failNextAbout(card.objectId(), 1, 400);
        rename(api, campaign, card, "Ada Lovelace");
        await().atMost(PATIENCE)
                .untilAsserted(() -> assertThat(beta(api, campaign, 2)).isEqualTo("1/0/0/1/0"));
        assertThat(GOOGLE.resource("eventTicketObject", card.objectId())
                        .path("ticketHolderName")
                        .asString())
                .isEqualTo("Grace Hopper");
    }

    private static void rename(Api api, String campaign, Card card, String name) {
        Api.Response patched =
                api.patch("/v1/campaigns/" + campaign + "/recipients/" + card.recipientId(), Map.of("name", name));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
    }

    /** The beta counts of one version, {@code target/delivered/pending/failed/stale}. */
    private static String beta(Api api, String campaign, long version) {
        JsonNode updates =
                api.get("/v1/campaigns/" + campaign + "/updates").data().get("updates");
        return updates.valueStream()
                .filter(u -> u.get("version").asLong() == version)
                .findFirst()
                .map(u -> {
                    JsonNode c = u.get("byProvider").get("beta");
                    assertThat(u.get("changed").valueStream().map(JsonNode::asString))
                            .containsExactly("name");
                    return c.get("target").asLong() + "/" + c.get("delivered").asLong() + "/"
                            + c.get("pending").asLong() + "/" + c.get("failed").asLong() + "/"
                            + c.get("stale").asLong();
                })
                .orElse("none");
    }

    private static String campaign(Api api) {
        Api.Response r = api.post(
                "/v1/campaigns",
                Map.of(
                        "name", "Summer Summit",
                        "campaignType", "event",
                        "providerTypes", List.of("beta"),
                        "startDate", "2031-07-01",
                        "timezone", "Europe/Berlin",
                        "campaignData", Map.of("location", "Hall A", "start_time", "18:00")));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private Card card(Api api, String campaign) {
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients",
                Map.of("email", UUID.randomUUID() + "@example.com", "name", "Ada Lovelace"));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        String recipient = added.data().get("id").asString();
        Api.Response invited = api.post(
                "/v1/campaigns/" + campaign + "/recipients/" + recipient + "/invite", Map.of("sendEmail", false));
        assertThat(invited.status()).as(invited.body()).isEqualTo(200);
        String cardId = api.get("/v1/campaigns/" + campaign + "/recipients/" + recipient)
                .data()
                .get("walletCardId")
                .asString();
        String objectId = jdbc.sql(
                        "SELECT object_ref FROM provider_objects WHERE wallet_card_id = ? AND provider = 'beta'")
                .param(cardId)
                .query(String.class)
                .single();
        String url = invited.data().get("downloadUrl").asString();
        return new Card(recipient, cardId, objectId, URI.create(url).getPath() + "/beta");
    }

    private static void save(Api api, String classId, Card card) {
        Api.Response r = api.withKey(null)
                .raw(
                        "POST",
                        "/wallet/beta/callbacks",
                        SENDER.callback(
                                classId,
                                card.objectId(),
                                "save",
                                UUID.randomUUID().toString(),
                                Instant.now().plusSeconds(60)),
                        "application/json");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }
}
