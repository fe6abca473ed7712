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
                .containsExactly("campaigns:read", "campaigns:write", "webhooks:read", "webhooks:write");
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
}
