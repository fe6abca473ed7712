package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.Tenants;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@WebhookIntegrationTest
class WebhookApiTest {

    private static final String URL = "http://127.0.0.1:9/hook";

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
    }

    private JsonNode create(Map<String, Object> overrides) {
        Map<String, Object> body = new HashMap<>(Map.of("url", URL, "events", List.of("campaign.created")));
        body.putAll(overrides);
        Api.Response r = api.post("/v1/webhooks", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data();
    }

    private static List<String> fields(Api.Response r) {
        return r.json()
                .get("error")
                .get("details")
                .valueStream()
                .map(d -> d.get("field").asString())
                .toList();
    }

    @Test
    void creationShowsTheSecretOnceAndReadsNeverShowIt() {
        JsonNode created = create(Map.of("description", "Orders system"));
        String id = created.get("id").asString();

        JsonNode read = api.get("/v1/webhooks/" + id).data();
        JsonNode listed = api.get("/v1/webhooks").data().get("webhooks").get(0);

        assertThat(created.get("secret").asString()).matches("whsec_[A-Za-z0-9+/]{32}");
        assertThat(id).startsWith("whk_");
        assertThat(created.get("enabled").asBoolean()).isTrue();
        assertThat(created.get("disabledReason").isNull()).isTrue();
        assertThat(read.has("secret")).isFalse();
        assertThat(listed.has("secret")).isFalse();
        assertThat(read.get("url").asString()).isEqualTo(URL);
        assertThat(read.get("events").valueStream().map(JsonNode::asString)).containsExactly("campaign.created");
        assertThat(read.get("description").asString()).isEqualTo("Orders system");
        assertThat(read.get("createdAt").asString()).endsWith("Z");
        assertThat(read.get("updatedAt").asString()).endsWith("Z");
    }

    @Test
    void theListIsNewestFirstAndPaged() {
        String first = create(Map.of()).get("id").asString();
        String second = create(Map.of()).get("id").asString();
        String third = create(Map.of()).get("id").asString();

        Api.Response page = api.get("/v1/webhooks?limit=2");
        Api.Response rest = api.get("/v1/webhooks?limit=2&offset=2");

        assertThat(page.data()
                        .get("webhooks")
                        .valueStream()
                        .map(w -> w.get("id").asString()))
                .containsExactly(third, second);
        assertThat(page.data().get("pagination").get("total").asLong()).isEqualTo(3);
        assertThat(page.data().get("pagination").get("hasMore").asBoolean()).isTrue();
        assertThat(rest.data()
                        .get("webhooks")
                        .valueStream()
                        .map(w -> w.get("id").asString()))
                .containsExactly(first);
        assertThat(api.get("/v1/webhooks?limit=0").errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(api.get("/v1/webhooks?offset=x").errorCode()).isEqualTo("VALIDATION_FAILED");
    }

    @Test
    void invalidSubscriptionsAreRefusedNamingTheField() {
        Api.Response ftp = api.post("/v1/webhooks", Map.of("url", "ftp://example.com/x", "events", List.of("*")));
        Api.Response unknownEvent =
                api.post("/v1/webhooks", Map.of("url", URL, "events", List.of("campaign.created", "no.such.event")));
        Api.Response noEvents = api.post("/v1/webhooks", Map.of("url", URL, "events", List.of()));
        Api.Response unknownField =
                api.post("/v1/webhooks", Map.of("url", URL, "events", List.of("*"), "secret", "mine"));
        Api.Response longDescription =
                api.post("/v1/webhooks", Map.of("url", URL, "events", List.of("*"), "description", "d".repeat(501)));
        Api.Response missingUrl = api.post("/v1/webhooks", Map.of("events", List.of("*")));
        Api.Response wrongType = api.post("/v1/webhooks", Map.of("url", URL, "events", "*"));

        assertThat(ftp.status()).isEqualTo(400);
        assertThat(ftp.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(fields(ftp)).containsExactly("url");
        assertThat(fields(unknownEvent)).containsExactly("events[1]");
        assertThat(fields(noEvents)).containsExactly("events");
        assertThat(fields(unknownField)).containsExactly("secret");
        assertThat(fields(longDescription)).containsExactly("description");
        assertThat(fields(missingUrl)).containsExactly("url");
        assertThat(wrongType.errorCode()).isEqualTo("INVALID_JSON");
    }

    @Test
    void patchChangesFieldsAndReEnablingClearsTheReason() {
        String id = create(Map.of("description", "old")).get("id").asString();

        JsonNode disabled =
                api.patch("/v1/webhooks/" + id, Map.of("enabled", false)).data();
        Map<String, Object> changes = new HashMap<>();
        changes.put("url", "https://hooks.example.com/new");
        changes.put("events", List.of("card.installed", "card.removed"));
        changes.put("description", null);
        changes.put("enabled", true);
        Api.Response patched = api.patch("/v1/webhooks/" + id, changes);

        assertThat(disabled.get("enabled").asBoolean()).isFalse();
        assertThat(disabled.get("disabledReason").asString()).isNotBlank();
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        JsonNode read = api.get("/v1/webhooks/" + id).data();
        assertThat(read.get("url").asString()).isEqualTo("https://hooks.example.com/new");
        assertThat(read.get("events").valueStream().map(JsonNode::asString))
                .containsExactly("card.installed", "card.removed");
        assertThat(read.get("description").isNull()).isTrue();
        assertThat(read.get("enabled").asBoolean()).isTrue();
        assertThat(read.get("disabledReason").isNull()).isTrue();
        assertThat(read.has("secret")).isFalse();
    }

    @Test
    void invalidPatchesAreRefused() {
        String id = create(Map.of()).get("id").asString();

        assertThat(fields(api.patch("/v1/webhooks/" + id, Map.of("url", "gopher://x"))))
                .containsExactly("url");
        assertThat(fields(api.patch("/v1/webhooks/" + id, Map.of("events", List.of("nope")))))
                .containsExactly("events[0]");
        assertThat(fields(api.patch("/v1/webhooks/" + id, Map.of("secret", "x"))))
                .containsExactly("secret");
        assertThat(api.patch("/v1/webhooks/" + id, Map.of("enabled", "yes")).errorCode())
                .isEqualTo("INVALID_JSON");
        Map<String, Object> nullUrl = new HashMap<>();
        nullUrl.put("url", null);
        assertThat(fields(api.patch("/v1/webhooks/" + id, nullUrl))).containsExactly("url");
    }

    @Test
    void deleteAnswersDeletedAndTheWebhookIsGoneAfterwards() {
        String id = create(Map.of()).get("id").asString();

        Api.Response deleted = api.delete("/v1/webhooks/" + id);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.data().get("id").asString()).isEqualTo(id);
        assertThat(deleted.data().get("deleted").asBoolean()).isTrue();
        assertThat(api.get("/v1/webhooks/" + id).errorCode()).isEqualTo("NOT_FOUND");
        assertThat(api.delete("/v1/webhooks/" + id).status()).isEqualTo(404);
        assertThat(api.get("/v1/webhooks").data().get("webhooks").size()).isZero();
    }

    @Test
    void anotherOrganizationsWebhookIsNotFoundForEveryMethod() {
        String id = create(Map.of()).get("id").asString();
        Api other = api.withKey(Tenants.create(access).key());

        assertThat(other.get("/v1/webhooks/" + id).errorCode()).isEqualTo("NOT_FOUND");
        assertThat(other.patch("/v1/webhooks/" + id, Map.of("enabled", false)).status())
                .isEqualTo(404);
        assertThat(other.delete("/v1/webhooks/" + id).status()).isEqualTo(404);
        assertThat(other.post("/v1/webhooks/" + id + "/rotate-secret", null).status())
                .isEqualTo(404);
        assertThat(other.post("/v1/webhooks/" + id + "/test", null).status()).isEqualTo(404);
        assertThat(other.get("/v1/webhooks/" + id + "/deliveries").status()).isEqualTo(404);
        assertThat(other.get("/v1/webhooks").data().get("webhooks").size()).isZero();
        assertThat(api.get("/v1/webhooks/" + id).data().get("enabled").asBoolean())
                .isTrue();
    }

    @Test
    void webhookEndpointsNeedTheWebhookScopes() {
        String id = create(Map.of()).get("id").asString();
        Api campaignsOnly = api.withKey(Tenants.create(access, Set.of(Scope.CAMPAIGNS_READ, Scope.CAMPAIGNS_WRITE))
                .key());
        Api readOnly =
                api.withKey(Tenants.create(access, Set.of(Scope.WEBHOOKS_READ)).key());
        Api writeOnly =
                api.withKey(Tenants.create(access, Set.of(Scope.WEBHOOKS_WRITE)).key());

        assertThat(campaignsOnly.get("/v1/webhooks").errorCode()).isEqualTo("INSUFFICIENT_SCOPE");
        assertThat(readOnly.get("/v1/webhooks").status()).isEqualTo(200);
        assertThat(readOnly.post("/v1/webhooks", Map.of("url", URL, "events", List.of("*")))
                        .status())
                .isEqualTo(403);
        assertThat(writeOnly.get("/v1/webhooks").status()).isEqualTo(403);
        assertThat(writeOnly
                        .post("/v1/webhooks", Map.of("url", URL, "events", List.of("*")))
                        .status())
                .isEqualTo(201);
        assertThat(api.withKey(null).get("/v1/webhooks/" + id).status()).isEqualTo(401);
    }
}
