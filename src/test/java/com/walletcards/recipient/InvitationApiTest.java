package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

@DatabaseTest
class InvitationApiTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcTemplate jdbc;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    private String recipients(String c) {
        return "/v1/campaigns/" + c + "/recipients/";
    }

    @Test
    void invitingAPendingRecipientIssuesItsCardOnTheSpotAndActivatesTheCampaign() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        JsonNode inv = flows.invite(c, r);
        assertThat(inv.get("status").asString()).isEqualTo("invited");
        assertThat(inv.get("emailSent").asBoolean())
                .as("the default invite sends no email")
                .isFalse();
        String url = inv.get("downloadUrl").asString();
        assertThat(url).matches("^http://[^/]+/c/[A-Za-z0-9_-]{32}$").doesNotContain(r);
        JsonNode got = api.get(recipients(c) + r).data();
        assertThat(got.get("walletCardStatus").asString()).isEqualTo("invited");
        assertThat(api.get("/v1/campaigns/" + c).data().get("status").asString())
                .isEqualTo("active");
        assertThat(flows.invite(c, r).get("downloadUrl").asString())
                .as("re-invite keeps the link")
                .isEqualTo(url);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM wallet_cards WHERE recipient_id = ?", Integer.class, r))
                .isEqualTo(1);
    }

    @Test
    void theCardPageShowsTheCardWithoutCredentials() {
        String c = flows.campaign(Map.of(
                "startDate",
                "2031-07-01",
                "timezone",
                "Europe/Berlin",
                "campaignData",
                Map.of("location", "Hall <A>", "start_time", "18:00", "barcodeType", "aztec")));
        String r =
                flows.recipient(c, Map.of("name", "Ada <Lovelace>")).get("id").asString();
        String url = flows.invite(c, r).get("downloadUrl").asString();
        Api.Response page = api.withKey(null).page(url.substring(url.indexOf("/c/")));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body())
                .contains("Launch")
                .contains("Ada &lt;Lovelace&gt;")
                .contains("Hall &lt;A&gt;")
                .contains("Tuesday 1 July 2031")
                .contains("18:00 CEST")
                .contains("data:image/png;base64,")
                .contains("/alpha\" data-provider=\"alpha\">Add to Apple Wallet")
                .contains("/eudiw\">Or open the link on this device")
                .doesNotContain("<Lovelace>");
        assertThat(api.withKey(null)
                        .page(url.substring(url.indexOf("/c/")) + "/beta")
                        .status())
                .isEqualTo(200);
        assertThat(api.withKey(null).page("/c/not-a-real-code").status()).isEqualTo(404);
    }

    @Test
    void aRevokedCardIsVoidEverywhereAndStaysSo() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        String url = flows.invite(c, r).get("downloadUrl").asString();
        String card = flows.cardOf(c, r);
        // The holder saves a card whose objects the providers hold: wait for their creation.
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(jdbc.queryForList(
                                "SELECT voided FROM local_wallet_objects WHERE wallet_card_id = ?",
                                Boolean.class,
                                card))
                        .hasSize(3));
        flows.callback("alpha", "SAVE", card);
        JsonNode revoked = api.post(recipients(c) + r + "/revoke", Map.of()).data();
        assertThat(revoked.get("status").asString()).isEqualTo("revoked");
        // The providers void their objects in background work after the revocation committed.
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(jdbc.queryForList(
                                "SELECT voided FROM local_wallet_objects WHERE wallet_card_id = ?",
                                Boolean.class,
                                card))
                        .hasSize(3)
                        .containsOnly(true));
        assertThat(flows.callback("beta", "INSTALL", card).data().get("applied").asBoolean())
                .isFalse();
        assertThat(api.get(recipients(c) + r).data().get("walletCardStatus").asString())
                .isEqualTo("revoked");
        assertThat(api.post(recipients(c) + r + "/invite", Map.of()).errorCode())
                .isEqualTo("INVALID_STATE");
        assertThat(api.withKey(null).page(url.substring(url.indexOf("/c/"))).body())
                .contains("VOID");
    }

    @Test
    void signedCallbacksDriveTheCardAndRecipientStatus() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        flows.invite(c, r);
        String card = flows.cardOf(c, r);
        String eventId = UUID.randomUUID().toString();
        Instant t = Instant.now();
        Api.Response saved = flows.callback("alpha", "SAVE", card, eventId, t);
        assertThat(saved.data().get("applied").asBoolean()).isTrue();
        JsonNode got = api.get(recipients(c) + r).data();
        assertThat(got.get("walletCardStatus").asString()).isEqualTo("active");
        assertThat(got.get("status").asString()).isEqualTo("active");
        assertThat(flows.callback("alpha", "SAVE", card, eventId, t)
                        .data()
                        .get("applied")
                        .asBoolean())
                .as("the same event id applies once")
                .isFalse();
        assertThat(flows.callback("alpha", "DELETE", card, UUID.randomUUID().toString(), t.minusSeconds(60))
                        .data()
                        .get("applied")
                        .asBoolean())
                .as("an event older than the last applied one is ignored")
                .isFalse();
        flows.callback("alpha", "UNINSTALL", card, UUID.randomUUID().toString(), t.plusSeconds(1));
        assertThat(api.get(recipients(c) + r).data().get("status").asString()).isEqualTo("removed");
        assertThat(flows.callback("alpha", "SAVE", "card_unknown").status()).isEqualTo(404);
    }

    @Test
    void aRecipientInvitedAgainAfterItsCardWasRemovedShowsItsCardAsTheCardHoldsIt() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        flows.invite(c, r);
        String card = flows.cardOf(c, r);
        Instant t = Instant.now();
        flows.callback("alpha", "SAVE", card, UUID.randomUUID().toString(), t);
        flows.callback("alpha", "DELETE", card, UUID.randomUUID().toString(), t.plusSeconds(1));

        flows.invite(c, r);

        JsonNode invitedAgain = api.get(recipients(c) + r).data();
        assertThat(invitedAgain.get("status").asString()).isEqualTo("invited");
        assertThat(invitedAgain.get("walletCardStatus").asString())
                .as("no wallet holds the card until one adds it again")
                .isEqualTo("removed");
        flows.callback("alpha", "SAVE", card, UUID.randomUUID().toString(), t.plusSeconds(2));
        JsonNode addedAgain = api.get(recipients(c) + r).data();
        assertThat(addedAgain.get("status").asString()).isEqualTo("active");
        assertThat(addedAgain.get("walletCardStatus").asString()).isEqualTo("active");
    }

    @Test
    void unsignedOrBadlySignedCallbacksChangeNothing() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        flows.invite(c, r);
        String card = flows.cardOf(c, r);
        String body = "{\"eventId\":\"e1\",\"event\":\"SAVE\",\"walletCardId\":\"" + card + "\"}";
        Api anonymous = api.withKey(null);
        assertThat(anonymous
                        .raw("POST", "/v1/callbacks/alpha", body, "application/json")
                        .status())
                .isEqualTo(401);
        long stale = Instant.now().minusSeconds(3600).getEpochSecond();
        assertThat(anonymous
                        .rawWithHeaders(
                                "POST",
                                "/v1/callbacks/alpha",
                                body,
                                "application/json",
                                Map.of("X-Wallet-Signature", Flows.sign(DatabaseTest.CALLBACK_SECRET, stale, body)))
                        .status())
                .isEqualTo(401);
        long now = Instant.now().getEpochSecond();
        assertThat(anonymous
                        .rawWithHeaders(
                                "POST",
                                "/v1/callbacks/alpha",
                                body,
                                "application/json",
                                Map.of("X-Wallet-Signature", Flows.sign("wrong", now, body)))
                        .status())
                .isEqualTo(401);
        assertThat(api.get(recipients(c) + r).data().get("walletCardStatus").asString())
                .isEqualTo("invited");
        assertThat(anonymous
                        .raw("POST", "/v1/callbacks/gamma", body, "application/json")
                        .status())
                .isEqualTo(404);
    }

    @Test
    void theStatusEndpointShowsEveryProviderObject() {
        String c = flows.campaign(Map.of("providerTypes", List.of("alpha", "beta")));
        String r = flows.recipient(c);
        flows.waitForCard(c, r, "created");
        JsonNode s = api.get(recipients(c) + r + "/status").data();
        assertThat(s.get("recipientId").asString()).isEqualTo(r);
        assertThat(s.get("providers")
                        .valueStream()
                        .map(p -> p.get("provider").asString())
                        .toList())
                .containsExactly("alpha", "beta");
        assertThat(s.get("providers").get(0).get("downloadUrl").asString()).endsWith("/alpha");
        String own = flows.recipient(c, Map.of("providerTypes", List.of("eudiw")))
                .get("id")
                .asString();
        flows.waitForCard(c, own, "created");
        assertThat(api.get(recipients(c) + own + "/status")
                        .data()
                        .get("providers")
                        .get(0)
                        .get("provider")
                        .asString())
                .isEqualTo("eudiw");
    }

    @Test
    void anInviteWithEmailWritesItToTheOutboxWithThePlaceholdersFilled() throws Exception {
        String c = flows.campaign();
        String email = Flows.email();
        String r = flows.recipient(c, Map.of("email", email, "name", "Alan"))
                .get("id")
                .asString();
        api.post(
                recipients(c) + r + "/invite",
                Map.of(
                        "sendEmail",
                        true,
                        "email",
                        Map.of(
                                "subject",
                                "Hi {{name}}",
                                "body",
                                "See you at {{eventName}} in {{venue}}",
                                "buttonText",
                                "Get it")));
        String mail = outboxMailTo(email);
        assertThat(mail)
                .contains("Subject: Hi Alan")
                .contains("See you at Launch in Hall A")
                .contains("Get it");
    }

    @Test
    void theVenuePlaceholderNamesTheStructuredVenueWhenTheCampaignHasOne() throws Exception {
        String c = flows.campaign(
                Map.of("campaignData", Map.of("location", "Hall A", "venue", Map.of("name", "Olympiahalle"))));
        String email = Flows.email();
        String r = flows.recipient(c, Map.of("email", email)).get("id").asString();
        api.post(
                recipients(c) + r + "/invite",
                Map.of("sendEmail", true, "email", Map.of("subject", "Hi", "body", "See you in {{venue}}")));

        assertThat(outboxMailTo(email)).contains("See you in Olympiahalle");
    }

    private static String outboxMailTo(String email) throws java.io.IOException {
        java.nio.file.Path outbox = java.nio.file.Path.of("target/test-data/outbox");
        try (var files = java.nio.file.Files.list(outbox)) {
            return files.map(p -> {
                        try {
                            return java.nio.file.Files.readString(p);
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .filter(m -> m.contains(email))
                    .findFirst()
                    .orElseThrow();
        }
    }
}
