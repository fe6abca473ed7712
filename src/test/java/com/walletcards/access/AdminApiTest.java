package com.walletcards.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@DatabaseTest
class AdminApiTest {

    @LocalServerPort
    int port;

    private Api admin() {
        return new Api(port, "test-admin-token");
    }

    @Test
    void anOrganizationGetsKeysWhoseSecretIsShownOnlyOnce() {
        JsonNode org =
                admin().post("/admin/v1/organizations", Map.of("name", "Acme")).data();
        String orgId = org.get("id").asString();
        Api.Response created = admin().post(
                        "/admin/v1/organizations/" + orgId + "/api-keys",
                        Map.of("name", "reader", "scopes", List.of("campaigns:read")));
        assertThat(created.status()).isEqualTo(201);
        String key = created.data().get("key").asString();
        assertThat(key).startsWith("wk_").hasSizeGreaterThanOrEqualTo(35);
        assertThat(created.data()
                        .get("scopes")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .containsExactly("campaigns:read");
        JsonNode listed = admin().get("/admin/v1/organizations/" + orgId + "/api-keys")
                .data()
                .get("apiKeys");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).has("key")).isFalse();
        assertThat(listed.toString()).doesNotContain(key);
        Api withKey = new Api(port, key);
        assertThat(withKey.get("/v1/campaigns").status()).isEqualTo(200);
        String keyId = created.data().get("id").asString();
        assertThat(admin().delete("/admin/v1/organizations/" + orgId + "/api-keys/" + keyId)
                        .status())
                .isEqualTo(200);
        assertThat(withKey.get("/v1/campaigns").status()).isEqualTo(401);
    }

    @Test
    void keysWithoutScopesListedGetEveryScope() {
        String orgId = admin().post("/admin/v1/organizations", Map.of("name", "Beta"))
                .data()
                .get("id")
                .asString();
        JsonNode key = admin().post("/admin/v1/organizations/" + orgId + "/api-keys", Map.of())
                .data();
        assertThat(key.get("scopes").valueStream().map(JsonNode::asString).toList())
                .containsExactly("audit:read", "campaigns:read", "campaigns:write", "webhooks:read", "webhooks:write");
    }

    @Test
    void theAdminApiRefusesWrongTokensAndUnknownScopes() {
        assertThat(new Api(port, "wrong")
                        .post("/admin/v1/organizations", Map.of("name", "x"))
                        .status())
                .isEqualTo(401);
        assertThat(new Api(port, null).get("/admin/v1/organizations/x/api-keys").errorCode())
                .isEqualTo("UNAUTHORIZED");
        String orgId = admin().post("/admin/v1/organizations", Map.of("name", "Gamma"))
                .data()
                .get("id")
                .asString();
        Api.Response bad =
                admin().post("/admin/v1/organizations/" + orgId + "/api-keys", Map.of("scopes", List.of("root")));
        assertThat(bad.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(admin().post("/admin/v1/organizations/org_missing/api-keys", Map.of())
                        .status())
                .isEqualTo(404);
    }

    @Test
    void anApiKeyIsNotAnAdminToken() {
        String orgId = admin().post("/admin/v1/organizations", Map.of("name", "Delta"))
                .data()
                .get("id")
                .asString();
        String key = admin().post("/admin/v1/organizations/" + orgId + "/api-keys", Map.of())
                .data()
                .get("key")
                .asString();
        assertThat(new Api(port, key)
                        .post("/admin/v1/organizations", Map.of("name", "x"))
                        .status())
                .isEqualTo(401);
    }

    @Test
    void anOrganizationGetsAContactAndALanguageAndLosesTheContactWithNull() {
        String orgId = admin().post("/admin/v1/organizations", Map.of("name", "Epsilon"))
                .data()
                .get("id")
                .asString();
        JsonNode created = admin().get("/admin/v1/organizations/" + orgId).data();
        assertThat(created.get("contact").isNull()).isTrue();
        assertThat(created.get("defaultLocale").asString()).isEqualTo("en");

        Api.Response changed = admin().patch(
                        "/admin/v1/organizations/" + orgId,
                        Map.of(
                                "contact",
                                Map.of(
                                        "email", "tickets@epsilon.example",
                                        "phone", "+4930123456",
                                        "url", "https://epsilon.example/help"),
                                "defaultLocale",
                                "de"));
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.data().get("name").asString()).isEqualTo("Epsilon");
        assertThat(changed.data().get("contact").get("email").asString()).isEqualTo("tickets@epsilon.example");
        assertThat(changed.data().get("contact").get("phone").asString()).isEqualTo("+4930123456");
        assertThat(changed.data().get("contact").get("url").asString()).isEqualTo("https://epsilon.example/help");
        assertThat(changed.data().get("defaultLocale").asString()).isEqualTo("de");

        JsonNode renamed = admin().patch("/admin/v1/organizations/" + orgId, Map.of("name", "Epsilon Events"))
                .data();
        assertThat(renamed.get("name").asString()).isEqualTo("Epsilon Events");
        assertThat(renamed.get("contact").get("email").asString()).isEqualTo("tickets@epsilon.example");
        assertThat(renamed.get("defaultLocale").asString()).isEqualTo("de");

        Map<String, Object> removeContact = new java.util.HashMap<>();
        removeContact.put("contact", null);
        admin().patch("/admin/v1/organizations/" + orgId, removeContact);
        JsonNode stored = admin().get("/admin/v1/organizations/" + orgId).data();
        assertThat(stored.get("contact").isNull()).isTrue();
        assertThat(stored.get("name").asString()).isEqualTo("Epsilon Events");
    }

    @Test
    void aBadContactOrLanguageIsRefusedFieldByField() {
        String orgId = admin().post("/admin/v1/organizations", Map.of("name", "Zeta"))
                .data()
                .get("id")
                .asString();
        Api.Response bad = admin().patch(
                        "/admin/v1/organizations/" + orgId,
                        Map.of(
                                "contact",
                                Map.of("email", "not-an-address", "phone", "030 123", "url", "ftp://zeta.example"),
                                "defaultLocale",
                                "fr"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(bad.json()
                        .get("error")
                        .get("details")
                        .valueStream()
                        .map(d -> d.get("field").asString())
                        .toList())
                .containsExactlyInAnyOrder("contact.email", "contact.phone", "contact.url", "defaultLocale");
        Api.Response noEmail = admin().patch(
                        "/admin/v1/organizations/" + orgId, Map.of("contact", Map.of("url", "https://zeta.example")));
        assertThat(noEmail.json()
                        .get("error")
                        .get("details")
                        .get(0)
                        .get("field")
                        .asString())
                .isEqualTo("contact.email");
        Api.Response relative = admin().patch(
                        "/admin/v1/organizations/" + orgId,
                        Map.of("contact", Map.of("email", "a@zeta.example", "url", "/help")));
        assertThat(relative.json()
                        .get("error")
                        .get("details")
                        .get(0)
                        .get("field")
                        .asString())
                .isEqualTo("contact.url");
        assertThat(admin().patch(
                                "/admin/v1/organizations/" + orgId,
                                Map.of("contact", Map.of("email", "a@zeta.example", "fax", "1")))
                        .json()
                        .get("error")
                        .get("details")
                        .get(0)
                        .get("field")
                        .asString())
                .isEqualTo("contact.fax");
        assertThat(admin().patch("/admin/v1/organizations/" + orgId, Map.of("colour", "red"))
                        .errorCode())
                .isEqualTo("VALIDATION_FAILED");
        assertThat(admin().get("/admin/v1/organizations/" + orgId)
                        .data()
                        .get("contact")
                        .isNull())
                .isTrue();
        assertThat(admin().patch("/admin/v1/organizations/org_missing", Map.of("name", "x"))
                        .status())
                .isEqualTo(404);
        assertThat(new Api(port, "wrong")
                        .patch("/admin/v1/organizations/" + orgId, Map.of("name", "x"))
                        .status())
                .isEqualTo(401);
    }
}
