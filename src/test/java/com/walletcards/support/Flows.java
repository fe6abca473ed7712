package com.walletcards.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.JsonNode;

/** The steps most end-to-end tests share: a campaign, a recipient, an invite, a wallet callback. */
public final class Flows {

    private final Api api;

    public Flows(Api api) {
        this.api = api;
    }

    public String campaign(Map<String, Object> overrides) {
        Map<String, Object> body = new HashMap<>(
                Map.of("name", "Launch", "campaignType", "event", "campaignData", Map.of("location", "Hall A")));
        body.putAll(overrides);
        Api.Response r = api.post("/v1/campaigns", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    public String campaign() {
        return campaign(Map.of());
    }

    public static String email() {
        return "p." + UUID.randomUUID().toString().substring(0, 12) + "@example.com";
    }

    public JsonNode recipient(String campaignId, Map<String, Object> overrides) {
        Map<String, Object> body = new HashMap<>(Map.of("email", email(), "name", "Ada Lovelace"));
        body.putAll(overrides);
        Api.Response r = api.post("/v1/campaigns/" + campaignId + "/recipients", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data();
    }

    public String recipient(String campaignId) {
        return recipient(campaignId, Map.of()).get("id").asString();
    }

    public JsonNode waitForCard(String campaignId, String recipientId, String status) {
        JsonNode[] found = new JsonNode[1];
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JsonNode r = api.get("/v1/campaigns/" + campaignId + "/recipients/" + recipientId)
                    .data();
            assertThat(
                            r.get("walletCardStatus").isNull()
                                    ? null
                                    : r.get("walletCardStatus").asString())
                    .isEqualTo(status);
            found[0] = r;
        });
        return found[0];
    }

    public JsonNode invite(String campaignId, String recipientId) {
        Api.Response r = api.post("/v1/campaigns/" + campaignId + "/recipients/" + recipientId + "/invite", Map.of());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.data();
    }

    public String cardOf(String campaignId, String recipientId) {
        return api.get("/v1/campaigns/" + campaignId + "/recipients/" + recipientId)
                .data()
                .get("walletCardId")
                .asString();
    }

    /** Sends a signed provider callback as a wallet would. */
    public Api.Response callback(String provider, String event, String cardId, String eventId, Instant occurredAt) {
        String body = "{\"eventId\":\"" + eventId + "\",\"event\":\"" + event + "\",\"walletCardId\":\"" + cardId
                + "\",\"occurredAt\":\"" + occurredAt + "\"}";
        long t = Instant.now().getEpochSecond();
        return api.withKey(null)
                .rawWithHeaders(
                        "POST",
                        "/v1/callbacks/" + provider,
                        body,
                        "application/json",
                        Map.of("X-Wallet-Signature", sign(DatabaseTest.CALLBACK_SECRET, t, body)));
    }

    public Api.Response callback(String provider, String event, String cardId) {
        return callback(provider, event, cardId, UUID.randomUUID().toString(), Instant.now());
    }

    public static String sign(String secret, long t, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "t=" + t + ",v1="
                    + HexFormat.of().formatHex(mac.doFinal((t + "." + body).getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
