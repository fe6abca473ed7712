package com.walletcards.provider.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Api;
import com.walletcards.support.Pngs;
import com.walletcards.support.Tenants;
import java.awt.Color;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * What the running service sends to Google Wallet for each campaign type, through its whole life
 * (the save link's inserts, a campaign change, a recipient change, a notification), against the
 * fake that refuses whatever Google's published resource definitions do not define; and what of
 * it a holder sees.
 */
@TestPropertySource(
        properties = {
            "wallet.propagation.debounce=PT0.2S",
            "wallet.propagation.retry-delay=PT0.2S",
            "wallet.propagation.max-attempts=4",
            "wallet.download-base-url=https://cards.example.com",
            "wallet.providers.settings.beta.google.request-timeout=PT30S"
        })
class GoogleWalletContentTest extends GoogleWalletSpringTest {

    private static final Map<String, String> VERTICALS = Map.of(
            "event", "eventTicket", "coupon", "offer", "loyalty", "loyalty", "access", "generic", "generic", "generic");

    Api api;
    Api holder;

    @BeforeEach
    void tenant() {
        GOOGLE.reset();
        api = new Api(port, Tenants.create(access).key());
        holder = api.withKey(null);
    }

    @Test
    void everyCampaignTypeReachesGoogleOnlyWithFieldsGoogleDefinesAndShowsNoInternalSetting() {
        for (String type : List.of("event", "coupon", "loyalty", "access", "generic")) {
            String vertical = VERTICALS.get(type);
            String campaign = campaign(type);
            String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
            String icon = upload(campaign, "icon", Pngs.filled(87, 87, Color.RED));
            String logo = upload(campaign, "logo", Pngs.filled(480, 150, Color.BLUE));
            String[] card = card(campaign);
            String objectId = card[1];
            assertThat(holder.page(card[2]).status()).as(type).isEqualTo(302);
            save(classId, objectId);

            // A campaign change, a recipient change and a notification: every body the service sends.
            assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("campaignData", Map.of("dress_code", "Black tie")))
                            .status())
                    .isEqualTo(200);
            assertThat(api.patch(
                                    "/v1/campaigns/" + campaign + "/recipients/" + card[0],
                                    Map.of("recipientData", Map.of("seat", "14C", "memberSince", 2020)))
                            .status())
                    .isEqualTo(200);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertThat(modules(GOOGLE.resource(vertical + "Class", classId)))
                        .contains("Black tie");
                assertThat(modules(GOOGLE.resource(vertical + "Object", objectId)))
                        .contains("2020");
            });
            Api.Response notified = api.post(
                    "/v1/campaigns/" + campaign + "/notifications", Map.of("header", "Gate B", "body", "Doors moved"));
            assertThat(notified.status()).as(notified.body()).isEqualTo(201);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> !GOOGLE.calls("POST", "/addMessage").isEmpty()
                            && GOOGLE.calls("POST", "/addMessage").stream()
                                    .anyMatch(r -> List.of(classId, objectId).contains(r.resource())));

            assertThat(GOOGLE.requests())
                    .as("requests about the %s campaign Google would refuse", type)
                    .filteredOn(r -> List.of(classId, objectId).contains(r.resource()))
                    .filteredOn(r -> r.status() == 400)
                    .isEmpty();
            JsonNode googleClass = GOOGLE.resource(vertical + "Class", classId);
            JsonNode object = GOOGLE.resource(vertical + "Object", objectId);
            String shown = String.join("\n", modules(googleClass)) + "\n" + String.join("\n", modules(object));
            assertThat(shown.toLowerCase(Locale.ROOT))
                    .as(type)
                    .doesNotContain("barcode", "strategy", "auto", "timezone", "europe/berlin", "pdf417", "_");
            assertThat(shown).contains("Dress code", "Black tie", "Member since");
            if (vertical.equals("generic")) {
                assertThat(uri(object, "logo")).isEqualTo(icon);
                assertThat(uri(object, "wideLogo")).isEqualTo(logo);
            } else {
                String circle = Map.of("eventTicket", "logo", "offer", "titleImage", "loyalty", "programLogo")
                        .get(vertical);
                String wide = Map.of("eventTicket", "wideLogo", "offer", "wideTitleImage", "loyalty", "wideProgramLogo")
                        .get(vertical);
                assertThat(uri(googleClass, circle)).as(type).isEqualTo(icon);
                assertThat(uri(googleClass, wide)).as(type).isEqualTo(logo);
            }
            if (type.equals("event")) {
                assertThat(googleClass
                                .path("venue")
                                .path("name")
                                .path("defaultValue")
                                .path("value")
                                .asString())
                        .isEqualTo("Hall A");
                assertThat(googleClass.path("venue").has("address")).isFalse();
                assertThat(googleClass.path("dateTime").path("doorsOpen").asString())
                        .isEqualTo("2031-07-01T17:30:00+02:00");
                assertThat(googleClass.path("dateTime").path("start").asString())
                        .isEqualTo("2031-07-01T18:00:00+02:00");
            }
        }
    }

    // ---- helpers

    private String campaign(String type) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("location", "Hall A");
        data.put("doors_open_time", "17:30");
        data.put("start_time", "18:00");
        data.put("end_time", "23:00");
        data.put("barcodeType", "pdf417");
        data.put("design", Map.of("backgroundColor", "#0a1b2c", "description", "The yearly summit"));
        data.put("dress_code", "Smart casual");
        Api.Response r = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Summer Summit",
                        "campaignType",
                        type,
                        "providerTypes",
                        List.of("beta"),
                        "startDate",
                        "2031-07-01",
                        "timezone",
                        "Europe/Berlin",
                        "campaignData",
                        data));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private String upload(String campaign, String kind, byte[] png) {
        Api.Response r = api.bytes("PUT", "/v1/campaigns/" + campaign + "/images/" + kind, png, "image/png");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.data().get("url").asString();
    }

    /** Recipient id, Google object id and save link path of a new invited recipient. */
    private String[] card(String campaign) {
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients",
                Map.of(
                        "email",
                        UUID.randomUUID() + "@example.com",
                        "name",
                        "Ada Lovelace",
                        "recipientData",
                        Map.of("seat", "12A", "memberSince", 2019)));
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
        String link = URI.create(invited.data().get("downloadUrl").asString()).getPath() + "/beta";
        return new String[] {recipient, objectId, link};
    }

    /** Google's signed callback that the holder saved the pass: a notification then reaches it. */
    private void save(String classId, String objectId) {
        Api.Response r = holder.raw(
                "POST",
                "/wallet/beta/callbacks",
                SENDER.callback(
                        classId,
                        objectId,
                        "save",
                        UUID.randomUUID().toString(),
                        Instant.now().plusSeconds(60)),
                "application/json");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    private static List<String> modules(JsonNode resource) {
        List<String> shown = new ArrayList<>();
        if (resource != null) {
            resource.path("textModulesData").forEach(module -> {
                shown.add(module.path("header").asString());
                shown.add(module.path("body").asString());
            });
        }
        return shown;
    }

    private static String uri(JsonNode resource, String field) {
        return resource.path(field).path("sourceUri").path("uri").asString();
    }
}
