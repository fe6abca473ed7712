package com.walletcards.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.IssuedKey;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.platform.RetentionJob;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Pngs;
import java.awt.Color;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;

/** The audit log of the API's writes, read through {@code GET /v1/audit-events}, on H2 and PostgreSQL. */
@DatabaseTest
class AuditApiTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    RetentionJob retention;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping routes;

    Organization org;
    String keyId;
    Api api;
    Flows flows;

    @BeforeEach
    void organization() {
        org = access.createOrganization("Audit " + UUID.randomUUID());
        IssuedKey key = access.issueKey(org.id(), "deploy bot", Scope.all());
        keyId = key.key().id();
        api = new Api(port, key.secret());
        flows = new Flows(api);
    }

    @Test
    void writesOfSeveralKindsAreRecordedWithTheKeyAsActorNewestFirst() {
        String campaign = flows.campaign();
        assertThat(api.patch(
                                "/v1/campaigns/" + campaign,
                                Map.of("name", "Renamed", "campaignData", Map.of("location", "Hall B")))
                        .status())
                .isEqualTo(200);
        String recipient = flows.recipient(campaign);
        Api.Response logo = api.bytes(
                "PUT", "/v1/campaigns/" + campaign + "/images/logo", Pngs.filled(160, 50, Color.ORANGE), "image/png");
        assertThat(logo.status()).as(logo.body()).isEqualTo(200);
        assertThat(api.post(
                                "/v1/campaigns/" + campaign + "/recipients/bulk",
                                Map.of(
                                        "recipients",
                                        List.of(Map.of("email", Flows.email()), Map.of("email", Flows.email()))))
                        .status())
                .isEqualTo(201);

        JsonNode events = events("");

        assertThat(actions(events))
                .containsExactly(
                        "recipients.added",
                        "image.uploaded",
                        "recipient.created",
                        "campaign.updated",
                        "campaign.created");
        for (JsonNode event : events) {
            assertThat(event.get("actor").get("type").asString()).isEqualTo("apiKey");
            assertThat(event.get("actor").get("id").asString()).isEqualTo(keyId);
            assertThat(event.get("actor").get("name").asString()).isEqualTo("deploy bot");
            assertThat(event.get("id").asString()).startsWith("aud_");
            assertThat(event.get("at").asString()).endsWith("Z");
        }
        assertThat(target(events.get(0))).isEqualTo("campaign " + campaign);
        assertThat(events.get(0).get("detail").get("created").asInt()).isEqualTo(2);
        assertThat(target(events.get(1))).isEqualTo("campaign " + campaign);
        assertThat(events.get(1).get("detail").get("kind").asString()).isEqualTo("logo");
        assertThat(target(events.get(2))).isEqualTo("recipient " + recipient);
        assertThat(events.get(2).get("detail").get("campaignId").asString()).isEqualTo(campaign);
        assertThat(target(events.get(3))).isEqualTo("campaign " + campaign);
        assertThat(events.get(3).get("detail").get("fields").valueStream().map(JsonNode::asString))
                .containsExactly("campaignData", "name");
        assertThat(target(events.get(4))).isEqualTo("campaign " + campaign);
        assertThat(events.toString()).doesNotContain("@example.com", "Ada");
    }

    @Test
    void theOperatorsAdminWritesAreRecordedInTheOrganizationTheyConcern() {
        IssuedKey other = access.issueKey(org.id(), null, Set.of(Scope.CAMPAIGNS_READ));
        Api admin = new Api(port, "test-admin-token");

        assertThat(admin.delete("/admin/v1/organizations/" + org.id().value() + "/api-keys/"
                                + other.key().id())
                        .status())
                .isEqualTo(200);

        JsonNode event = events("").get(0);
        assertThat(event.get("action").asString()).isEqualTo("api_key.revoked");
        assertThat(event.get("actor").get("type").asString()).isEqualTo("apiKey");
        assertThat(event.get("actor").get("id").asString()).isEqualTo("admin");
        assertThat(target(event)).isEqualTo("api_key " + other.key().id());
    }

    @Test
    void everyWriteRouteOfTheApiAndTheAdminApiHasItsAction() {
        List<String> unlisted = routes.getHandlerMethods().keySet().stream()
                .flatMap(info -> info.getMethodsCondition().getMethods().stream()
                        .flatMap(method -> info.getPatternValues().stream().map(p -> method.name() + " " + p)))
                .filter(route -> route.matches("(POST|PUT|PATCH|DELETE) /(admin/)?v1/.*"))
                .filter(route -> !route.startsWith("POST /v1/callbacks/"))
                .filter(route -> !ApiWriteActions.listed(
                        route.substring(0, route.indexOf(' ')), route.substring(route.indexOf(' ') + 1)))
                .toList();

        assertThat(unlisted)
                .as("write routes without an audit action in ApiWriteActions")
                .isEmpty();
    }

    @Test
    void refusedWritesAreNotRecorded() {
        String campaign = flows.campaign();

        assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "")).status())
                .isEqualTo(400);
        assertThat(api.patch("/v1/campaigns/cmp_unknown", Map.of("name", "X")).status())
                .isEqualTo(404);
        assertThat(api.post("/v1/campaigns", Map.of("name", "No type")).status())
                .isEqualTo(400);
        Api readOnly = api.withKey(access.issueKey(org.id(), "reader", Set.of(Scope.CAMPAIGNS_READ))
                .secret());
        assertThat(readOnly.post("/v1/campaigns", Map.of("name", "X", "campaignType", "event"))
                        .status())
                .isEqualTo(403);

        assertThat(actions(events(""))).containsExactly("campaign.created");
    }

    @Test
    void anIdempotentReplayIsRecordedOnce() {
        String body = "{\"name\":\"Once\",\"campaignType\":\"event\",\"campaignData\":{\"location\":\"Hall A\"}}";
        Map<String, String> headers = Map.of("Idempotency-Key", "audit-" + UUID.randomUUID());

        Api.Response first = api.rawWithHeaders("POST", "/v1/campaigns", body, "application/json", headers);
        Api.Response replay = api.rawWithHeaders("POST", "/v1/campaigns", body, "application/json", headers);

        assertThat(first.status()).isEqualTo(201);
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        JsonNode events = events("");
        assertThat(actions(events)).containsExactly("campaign.created");
        assertThat(target(events.get(0)))
                .isEqualTo("campaign " + first.data().get("id").asString());
    }

    @Test
    void readingTheLogNeedsTheAuditReadScopeWhichKeysWithAllScopesHold() {
        assertThat(Scope.all()).contains(Scope.AUDIT_READ);
        Api campaignsOnly =
                api.withKey(access.issueKey(org.id(), "campaigns", Set.of(Scope.CAMPAIGNS_READ, Scope.CAMPAIGNS_WRITE))
                        .secret());

        Api.Response refused = campaignsOnly.get("/v1/audit-events");

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.errorCode()).isEqualTo("INSUFFICIENT_SCOPE");
        assertThat(api.get("/v1/audit-events").status()).isEqualTo(200);
    }

    @Test
    void anotherOrganizationsEventsAreNeverVisibleNeitherListedNorFiltered() {
        String campaign = flows.campaign();
        Organization otherOrg = access.createOrganization("Other " + UUID.randomUUID());
        Api other = new Api(
                port, access.issueKey(otherOrg.id(), "other", Scope.all()).secret());
        new Flows(other).campaign();

        JsonNode theirs = other.get("/v1/audit-events").data();
        JsonNode filtered = other.get("/v1/audit-events?target=" + campaign + "&actor=" + keyId)
                .data();
        JsonNode byTarget = other.get("/v1/audit-events?target=" + campaign).data();

        assertThat(actions(theirs.get("events"))).containsExactly("campaign.created");
        assertThat(theirs.toString()).doesNotContain(campaign, keyId);
        assertThat(filtered.get("events")).isEmpty();
        assertThat(byTarget.get("pagination").get("total").asLong()).isZero();
    }

    @Test
    void theLogIsFilteredByActorAndTargetAndPaged() {
        String first = flows.campaign();
        String second = flows.campaign();
        IssuedKey otherKey = access.issueKey(org.id(), "second key", Scope.all());
        Api secondKey = api.withKey(otherKey.secret());
        assertThat(secondKey.post("/v1/campaigns/" + first + "/archive", null).status())
                .isEqualTo(200);
        flows.recipient(second);

        assertThat(actions(events("?actor=" + otherKey.key().id()))).containsExactly("campaign.archived");
        assertThat(actions(events("?target=" + first))).containsExactly("campaign.archived", "campaign.created");
        assertThat(actions(events("?actor=" + keyId + "&target=" + first))).containsExactly("campaign.created");
        JsonNode page = api.get("/v1/audit-events?limit=2&offset=1").data();
        assertThat(actions(page.get("events"))).containsExactly("campaign.archived", "campaign.created");
        assertThat(page.get("pagination").get("total").asLong()).isEqualTo(4);
        assertThat(page.get("pagination").get("hasMore").asBoolean()).isTrue();
        assertThat(page.get("pagination").get("limit").asInt()).isEqualTo(2);
        assertThat(page.get("pagination").get("offset").asInt()).isEqualTo(1);
    }

    @Test
    void badParametersAreA400NamingTheParameter() {
        for (String query :
                List.of("limit=abc", "limit=0", "limit=101", "offset=-1", "actor=", "target=" + "x".repeat(61))) {
            Api.Response r = api.get("/v1/audit-events?" + query);
            assertThat(r.status()).as(query).isEqualTo(400);
            assertThat(r.errorCode()).as(query).isEqualTo("VALIDATION_FAILED");
            assertThat(r.json().toString()).as(query).contains(query.substring(0, query.indexOf('=')));
        }
    }

    @Test
    void eventsOlderThanTheRetentionPeriodAreDeleted() {
        String campaign = flows.campaign();
        flows.recipient(campaign);
        OffsetDateTime old = Instant.now().minus(Duration.ofDays(401)).atOffset(ZoneOffset.UTC);
        jdbc.sql("UPDATE audit_events SET at = ? WHERE organization_id = ? AND action = 'campaign.created'")
                .params(old, org.id().value())
                .update();

        assertThat(retention.runOnce().get("audit events")).isGreaterThanOrEqualTo(1);

        assertThat(actions(events(""))).containsExactly("recipient.created");
    }

    private JsonNode events(String query) {
        Api.Response r = api.get("/v1/audit-events" + query);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.data().get("events");
    }

    private static List<String> actions(JsonNode events) {
        return events.valueStream().map(e -> e.get("action").asString()).toList();
    }

    private static String target(JsonNode event) {
        return event.get("target").get("type").asString() + " "
                + event.get("target").get("id").asString();
    }
}
