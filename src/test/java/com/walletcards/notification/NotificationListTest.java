package com.walletcards.notification;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** {@code GET /v1/campaigns/{id}/notifications}: every notification of a campaign, newest first. */
@DatabaseTest
class NotificationListTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    String campaignId;
    String base;

    @BeforeEach
    void campaign() {
        api = new Api(port, Tenants.create(access).key());
        campaignId = new Flows(api).campaign();
        base = "/v1/campaigns/" + campaignId + "/notifications";
    }

    @Test
    void listsBothKindsNewestFirstWithTheirPagination() {
        String cancelled = schedule("first");
        assertThat(api.delete(base + "/" + cancelled).status()).isEqualTo(200);
        String immediate = send("second");
        String scheduled = schedule("third");
        String latest = send("fourth");

        JsonNode all = api.get(base).data();
        assertThat(ids(all)).containsExactly(latest, scheduled, immediate, cancelled);
        assertThat(all.get("pagination").get("total").asLong()).isEqualTo(4);
        assertThat(all.get("pagination").get("hasMore").asBoolean()).isFalse();
        assertThat(all.get("notifications").get(1).get("kind").asString()).isEqualTo("scheduled");

        JsonNode firstPage = api.get(base + "?limit=2").data();
        assertThat(ids(firstPage)).containsExactly(latest, scheduled);
        assertThat(firstPage.get("pagination").get("hasMore").asBoolean()).isTrue();
        assertThat(ids(api.get(base + "?limit=2&offset=2").data())).containsExactly(immediate, cancelled);
        assertThat(ids(api.get(base + "?offset=4").data())).isEmpty();
    }

    @Test
    void kindAndStatusNarrowTheList() {
        String cancelled = schedule("first");
        api.delete(base + "/" + cancelled);
        String immediate = send("second");
        String pending = schedule("third");

        assertThat(ids(api.get(base + "?kind=immediate").data())).containsExactly(immediate);
        assertThat(ids(api.get(base + "?kind=scheduled").data())).containsExactly(pending, cancelled);
        assertThat(ids(api.get(base + "?status=cancelled").data())).containsExactly(cancelled);
        JsonNode both = api.get(base + "?kind=scheduled&status=pending").data();
        assertThat(ids(both)).containsExactly(pending);
        assertThat(both.get("pagination").get("total").asLong()).isEqualTo(1);
        assertThat(ids(api.get(base + "?kind=immediate&status=pending").data())).isEmpty();
    }

    @Test
    void badFiltersAndPagesAreRefusedNamingTheParameter() {
        assertThat(refusedFields(api.get(base + "?kind=later"))).containsExactly("kind");
        assertThat(refusedFields(api.get(base + "?status=done"))).containsExactly("status");
        assertThat(refusedFields(api.get(base + "?limit=101&offset=-1"))).containsExactly("limit", "offset");
        assertThat(refusedFields(api.get(base + "?limit=abc"))).containsExactly("limit");
    }

    @Test
    void anotherOrganizationsCampaignIsNotFound() {
        send("mine");
        Api other = api.withKey(Tenants.create(access).key());
        Api.Response r = other.get(base);
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.errorCode()).isEqualTo("NOT_FOUND");
        assertThat(api.get("/v1/campaigns/cmp_unknown/notifications").status()).isEqualTo(404);
    }

    @Test
    void listingNeedsTheCampaignsReadScope() {
        Api writeOnly = api.withKey(
                Tenants.create(access, Set.of(Scope.CAMPAIGNS_WRITE)).key());
        assertThat(writeOnly.get(base).errorCode()).isEqualTo("INSUFFICIENT_SCOPE");
    }

    private String send(String header) {
        Api.Response r = api.post(base, Map.of("header", header, "body", "Gate 3"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private String schedule(String header) {
        String tomorrow = OffsetDateTime.now(ZoneOffset.UTC)
                .plusDays(1)
                .truncatedTo(ChronoUnit.SECONDS)
                .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        Api.Response r =
                api.post(base + "/schedule", Map.of("header", header, "body", "See you", "scheduledFor", tomorrow));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private static List<String> ids(JsonNode list) {
        List<String> ids = new ArrayList<>();
        list.get("notifications").forEach(n -> ids.add(n.get("id").asString()));
        return ids;
    }

    private static List<String> refusedFields(Api.Response r) {
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.errorCode()).isEqualTo("VALIDATION_FAILED");
        List<String> fields = new ArrayList<>();
        r.json()
                .get("error")
                .get("details")
                .forEach(d -> fields.add(d.get("field").asString()));
        return fields;
    }
}
