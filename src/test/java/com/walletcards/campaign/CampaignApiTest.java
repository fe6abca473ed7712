package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

@DatabaseTest
class CampaignApiTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
    }

    private String create(Map<String, Object> overrides) {
        Map<String, Object> body =
                new HashMap<>(Map.of("name", "Launch", "campaignType", "event", "campaignData", Map.of()));
        body.putAll(overrides);
        Api.Response r = api.post("/v1/campaigns", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    @Test
    void createdCampaignIsReadBackWithDefaultsAndDerivedSchedule() {
        String id = create(Map.of(
                "startDate", "2031-07-01", "timezone", "Europe/Berlin", "campaignData", Map.of("start_time", "18:00")));
        Api.Response r = api.get("/v1/campaigns/" + id);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("success").asBoolean()).isTrue();
        assertThat(r.data().get("status").asString()).isEqualTo("draft");
        assertThat(r.data().get("campaignData").get("barcodeType").asString()).isEqualTo("qr");
        assertThat(r.data().get("eventStartsAt").asString()).isEqualTo("2031-07-01T16:00:00Z");
        assertThat(r.header("X-Request-Id")).startsWith("req_");
    }

    @Test
    void anotherOrganizationsCampaignIsNotFoundForEveryMethod() {
        String id = create(Map.of());
        Api other = api.withKey(Tenants.create(access).key());
        assertThat(other.get("/v1/campaigns/" + id).status()).isEqualTo(404);
        assertThat(other.patch("/v1/campaigns/" + id, Map.of("name", "stolen")).errorCode())
                .isEqualTo("NOT_FOUND");
        assertThat(other.post("/v1/campaigns/" + id + "/archive", null).status())
                .isEqualTo(404);
        assertThat(other.delete("/v1/campaigns/" + id).status()).isEqualTo(404);
        assertThat(api.get("/v1/campaigns/" + id).data().get("name").asString()).isEqualTo("Launch");
    }

    @Test
    void aKeyWithoutTheScopeIsRefusedBeforeItsMalformedBodyIsRead() {
        String id = api.post(
                        "/v1/campaigns", Map.of("name", "Scoped", "campaignType", "event", "campaignData", Map.of()))
                .data()
                .get("id")
                .asString();
        Api readOnly =
                api.withKey(Tenants.create(access, Set.of(Scope.CAMPAIGNS_READ)).key());

        Api.Response patch = readOnly.raw("PATCH", "/v1/campaigns/" + id, "{not json", "application/json");
        Api.Response post = readOnly.raw("POST", "/v1/campaigns", "[", "application/json");

        assertThat(patch.status()).isEqualTo(403);
        assertThat(patch.errorCode()).isEqualTo("INSUFFICIENT_SCOPE");
        assertThat(post.errorCode()).isEqualTo("INSUFFICIENT_SCOPE");
    }

    @Test
    void keysWithoutTheScopeAreRefusedWith403() {
        Api readOnly =
                api.withKey(Tenants.create(access, Set.of(Scope.CAMPAIGNS_READ)).key());
        assertThat(readOnly.get("/v1/campaigns").status()).isEqualTo(200);
        Api.Response r =
                readOnly.post("/v1/campaigns", Map.of("name", "x", "campaignType", "event", "campaignData", Map.of()));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.errorCode()).isEqualTo("INSUFFICIENT_SCOPE");
    }

    @Test
    void missingOrUnknownKeysAre401WithABearerChallenge() {
        Api.Response none = api.withKey(null).get("/v1/campaigns");
        assertThat(none.status()).isEqualTo(401);
        assertThat(none.header("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(api.withKey("wk_unknown").get("/v1/campaigns").errorCode()).isEqualTo("UNAUTHORIZED");
    }

    @Test
    void aRevokedKeyStopsWorkingAtOnce() {
        Tenants.Tenant t = Tenants.create(access);
        Api a = api.withKey(t.key());
        assertThat(a.get("/v1/campaigns").status()).isEqualTo(200);
        String keyId = access.keys(t.organizationId()).get(0).id();
        access.revokeKey(t.organizationId(), keyId);
        assertThat(a.get("/v1/campaigns").status()).isEqualTo(401);
    }

    @Test
    void listIsNewestFirstAndHidesArchivedCampaigns() {
        String first = create(Map.of());
        String second = create(Map.of());
        String archived = create(Map.of());
        assertThat(api.post("/v1/campaigns/" + archived + "/archive", null)
                        .data()
                        .get("status")
                        .asString())
                .isEqualTo("archived");
        Api.Response list = api.get("/v1/campaigns?limit=10");
        List<String> ids = list.data()
                .get("campaigns")
                .valueStream()
                .map(n -> n.get("id").asString())
                .toList();
        assertThat(ids).containsExactly(second, first);
        assertThat(list.data().get("pagination").get("total").asLong()).isEqualTo(2);
        List<String> archivedIds = api.get("/v1/campaigns?status=archived")
                .data()
                .get("campaigns")
                .valueStream()
                .map(n -> n.get("id").asString())
                .toList();
        assertThat(archivedIds).containsExactly(archived);
    }

    @Test
    void invalidFieldsAreNamedInTheDetails() {
        Api.Response r = api.post(
                "/v1/campaigns",
                Map.of("name", "x", "campaignType", "party", "campaignData", Map.of("barcodeType", "ean13")));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.errorCode()).isEqualTo("VALIDATION_FAILED");
        List<String> fields = r.json()
                .get("error")
                .get("details")
                .valueStream()
                .map(d -> d.get("field").asString())
                .toList();
        assertThat(fields).contains("campaignType", "campaignData.barcodeType");
    }

    @Test
    void unknownTopLevelFieldsAreRefused() {
        Api.Response r = api.post(
                "/v1/campaigns",
                Map.of("name", "x", "campaignType", "event", "campaignData", Map.of(), "nmae", "typo"));
        assertThat(r.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(r.json().get("error").get("details").get(0).get("field").asString())
                .isEqualTo("nmae");
    }

    @Test
    void frameworkErrorsUseTheEnvelope() {
        assertThat(api.raw("POST", "/v1/campaigns", "{oops", "application/json").errorCode())
                .isEqualTo("INVALID_JSON");
        assertThat(api.raw("POST", "/v1/campaigns", "{}", "text/plain").errorCode())
                .isEqualTo("UNSUPPORTED_MEDIA_TYPE");
        assertThat(api.raw("PUT", "/v1/campaigns", "{}", "application/json").errorCode())
                .isEqualTo("METHOD_NOT_ALLOWED");
        assertThat(api.get("/v1/nothing-here").errorCode()).isEqualTo("NOT_FOUND");
        assertThat(api.raw("POST", "/v1/campaigns", "{\"name\":\"" + "x".repeat(3_000_000) + "\"}", "application/json")
                        .errorCode())
                .isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(api.raw(
                                "POST",
                                "/v1/campaigns",
                                "{\"name\": 42, \"campaignType\": \"event\", \"campaignData\": {}}",
                                "application/json")
                        .errorCode())
                .isEqualTo("INVALID_JSON");
    }

    @Test
    void aNulCharacterIsRefusedAndNothingIsStored() {
        long before =
                api.get("/v1/campaigns").data().get("pagination").get("total").asLong();
        Api.Response r = api.raw(
                "POST",
                "/v1/campaigns",
                "{\"name\": \"a\\u0000b\", \"campaignType\": \"event\", \"campaignData\": {}}",
                "application/json");
        assertThat(r.status()).isEqualTo(400);
        assertThat(api.get("/v1/campaigns")
                        .data()
                        .get("pagination")
                        .get("total")
                        .asLong())
                .isEqualTo(before);
    }

    @Test
    void anActiveCampaignWhoseEventEndedCompletesWithoutARequest() {
        String yesterday = LocalDate.now(ZoneOffset.UTC).minusDays(2).toString();
        String id = create(Map.of("startDate", yesterday));
        api.patch("/v1/campaigns/" + id, Map.of("status", "active"));
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(api.get("/v1/campaigns/" + id)
                                .data()
                                .get("status")
                                .asString())
                        .isEqualTo("completed"));
    }
}
