package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The webhook pages over HTTP, on H2 and PostgreSQL, with the service's default target policy
 * (private addresses refused): owners only, the API's rules and refusals, the secret once, the
 * writes audited with the user as actor, another organization's webhooks not there.
 */
@DatabaseTest
class ConsoleWebhooksTest {

    private static final String TARGET = "https://hooks.example.com/wallet";

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;
    Api api;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Hooked Org");
        api = new Api(
                port, access.issueKey(org.id(), "integrations", Scope.all()).secret());
    }

    @Test
    void anOwnerCreatesAWebhookAndSeesItsSecretOnlyInTheAnswer() {
        ConsoleClient owner = users.signedIn(users.withPassword(org, "owner"));
        String token = owner.csrf("/console/webhooks/new");

        HttpResponse<String> created = owner.post(
                "/console/webhooks",
                Map.of("url", TARGET, "events", "card.installed", "description", "CRM sync", "_csrf", token));

        assertThat(created.statusCode()).isEqualTo(200);
        assertThat(created.headers().firstValue("Cache-Control"))
                .hasValueSatisfying(v -> assertThat(v).contains("no-store"));
        assertThat(created.body()).contains("whsec_", "shown only this once", TARGET);
        JsonNode listed = api.get("/v1/webhooks").data().get("webhooks").get(0);
        assertThat(listed.get("events").get(0).asString()).isEqualTo("card.installed");
        assertThat(listed.get("description").asString()).isEqualTo("CRM sync");
        String id = listed.get("id").asString();
        assertThat(owner.get("/console/webhooks/" + id).body()).contains(TARGET).doesNotContain("whsec_");
        assertThat(owner.get("/console/webhooks/" + id + "?before=%27%20or%201=1")
                        .statusCode())
                .isEqualTo(200);
        assertThat(owner.get("/console/webhooks").body()).contains(TARGET, "1 webhook");
        JsonNode audited =
                api.get("/v1/audit-events?target=" + id).data().get("events").get(0);
        assertThat(audited.get("action").asString()).isEqualTo("webhook.created");
        assertThat(audited.get("actor").get("type").asString()).isEqualTo("user");
    }

    @Test
    void aPrivateAddressAndNoEventTypeAreRefusedNextToTheirFields() {
        ConsoleClient owner = users.signedIn(users.withPassword(org, "owner"));
        String token = owner.csrf("/console/webhooks/new");

        HttpResponse<String> refused =
                owner.post("/console/webhooks", Map.of("url", "http://169.254.169.254/latest", "_csrf", token));

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body())
                .contains("id=\"e-url\"", "WALLET_WEBHOOKS_ALLOW_PRIVATE_TARGETS", "id=\"e-events\"")
                .contains("must name at least one event type", "value=\"http://169.254.169.254/latest\"")
                .doesNotContain("whsec_");
        assertThat(api.get("/v1/webhooks").data().get("webhooks").size()).isZero();
    }

    @Test
    void anOwnerEditsPausesResumesRotatesAndDeletesAWebhook() {
        String id = webhookOf(api);
        ConsoleClient owner = users.signedIn(users.withPassword(org, "owner"));
        String token = owner.csrf("/console/webhooks/" + id);

        HttpResponse<String> saved = owner.post(
                "/console/webhooks/" + id + "/edit",
                Map.of("url", TARGET + "/v2", "events", "*", "description", "", "_csrf", token));
        assertThat(saved.statusCode()).isEqualTo(302);
        JsonNode edited = api.get("/v1/webhooks/" + id).data();
        assertThat(edited.get("url").asString()).isEqualTo(TARGET + "/v2");
        assertThat(edited.get("events").get(0).asString()).isEqualTo("*");
        assertThat(edited.get("description").isNull()).isTrue();

        owner.post("/console/webhooks/" + id + "/disable", Map.of("_csrf", token));
        assertThat(api.get("/v1/webhooks/" + id).data().get("enabled").asBoolean())
                .isFalse();
        HttpResponse<String> test = owner.post("/console/webhooks/" + id + "/test", Map.of("_csrf", token));
        assertThat(test.statusCode()).isEqualTo(409);
        assertThat(test.body()).contains("enable it before sending a test event");
        owner.post("/console/webhooks/" + id + "/enable", Map.of("_csrf", token));
        assertThat(api.get("/v1/webhooks/" + id).data().get("enabled").asBoolean())
                .isTrue();

        assertThat(owner.get("/console/webhooks/" + id + "/rotate").body()).contains("24 hours");
        HttpResponse<String> rotated = owner.post("/console/webhooks/" + id + "/rotate", Map.of("_csrf", token));
        assertThat(rotated.statusCode()).isEqualTo(200);
        assertThat(rotated.body()).contains("whsec_", "The previous secret keeps signing");

        HttpResponse<String> deleted = owner.post("/console/webhooks/" + id + "/delete", Map.of("_csrf", token));
        assertThat(ConsoleClient.location(deleted)).endsWith("/console/webhooks?done=deleted");
        assertThat(api.get("/v1/webhooks/" + id).status()).isEqualTo(404);
        List<String> actions = new java.util.ArrayList<>();
        api.get("/v1/audit-events?target=" + id)
                .data()
                .get("events")
                .forEach(e -> actions.add(e.get("action").asString()));
        assertThat(actions)
                .contains("webhook.updated", "webhook.secret_rotated", "webhook.deleted")
                .doesNotContain("webhook.tested");
    }

    @Test
    void editorsAndViewersAreRefusedWith403AndSeeNoLink() {
        String id = webhookOf(api);
        for (String role : List.of("editor", "viewer")) {
            ConsoleClient browser = users.signedIn(users.withPassword(org, role));
            String token = browser.csrf("/console/passkeys");

            assertThat(browser.get("/console/webhooks").statusCode()).as(role).isEqualTo(403);
            assertThat(browser.get("/console/webhooks/" + id).statusCode())
                    .as(role)
                    .isEqualTo(403);
            assertThat(browser.get("/console/webhooks/new").statusCode())
                    .as(role)
                    .isEqualTo(403);
            HttpResponse<String> create = browser.post(
                    "/console/webhooks", Map.of("url", TARGET, "events", "card.installed", "_csrf", token));
            assertThat(create.statusCode()).as(role).isEqualTo(403);
            assertThat(create.body()).as(role).contains("Not allowed").doesNotContain("whsec_");
            assertThat(browser.post("/console/webhooks/" + id + "/rotate", Map.of("_csrf", token))
                            .statusCode())
                    .as(role)
                    .isEqualTo(403);
            assertThat(browser.post("/console/webhooks/" + id + "/delete", Map.of("_csrf", token))
                            .statusCode())
                    .as(role)
                    .isEqualTo(403);
            assertThat(browser.post("/console/webhooks/" + id + "/deliveries/dlv_0/resend", Map.of("_csrf", token))
                            .statusCode())
                    .as(role)
                    .isEqualTo(403);
            assertThat(browser.get("/console/campaigns").body()).as(role).doesNotContain("/console/webhooks");
        }
        assertThat(api.get("/v1/webhooks").data().get("webhooks").size()).isEqualTo(1);
    }

    @Test
    void anotherOrganizationsWebhookIsNotFound() {
        Organization other = users.organization("Other Hooks");
        String theirs = webhookOf(
                new Api(port, access.issueKey(other.id(), "other", Scope.all()).secret()));
        ConsoleClient owner = users.signedIn(users.withPassword(org, "owner"));
        String token = owner.csrf("/console/webhooks/new");

        assertThat(owner.get("/console/webhooks/" + theirs).statusCode()).isEqualTo(404);
        assertThat(owner.get("/console/webhooks/" + theirs + "/edit").statusCode())
                .isEqualTo(404);
        assertThat(owner.post("/console/webhooks/" + theirs + "/rotate", Map.of("_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(owner.post("/console/webhooks/" + theirs + "/test", Map.of("_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(owner.post("/console/webhooks/" + theirs + "/delete", Map.of("_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(owner.post("/console/webhooks/" + theirs + "/deliveries/dlv_0/resend", Map.of("_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(owner.get("/console/webhooks").body()).doesNotContain(theirs);
        assertThat(owner.get("/console/webhooks/nonsense").statusCode()).isEqualTo(404);
    }

    private static String webhookOf(Api api) {
        return api.post("/v1/webhooks", Map.of("url", TARGET, "events", List.of("card.installed")))
                .data()
                .get("id")
                .asString();
    }
}
