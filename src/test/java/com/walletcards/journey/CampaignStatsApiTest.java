package com.walletcards.journey;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.platform.RetentionJob;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** The statistics and journey endpoints' refusals, their organization boundary, and journey retention. */
@DatabaseTest
class CampaignStatsApiTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    RetentionJob retention;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    JourneyFactFolding folding;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    @Test
    void badDatesAReversedRangeAndARangeOverAYearAreRefused() {
        String c = flows.campaign();
        for (String query : new String[] {
            "from=2026-13-01",
            "to=yesterday",
            "from=2026-02-30",
            "from=2026-03-02&to=2026-03-01",
            "from=2025-01-01&to=2026-01-02"
        }) {
            Api.Response r = api.get("/v1/campaigns/" + c + "/stats?" + query);
            assertThat(r.status()).as(query).isEqualTo(400);
            assertThat(r.errorCode()).as(query).isEqualTo("VALIDATION_FAILED");
        }
        assertThat(api.get("/v1/campaigns/" + c + "/stats?from=2025-01-01&to=2026-01-01")
                        .status())
                .as("366 days")
                .isEqualTo(200);
        Api.Response badLimit =
                api.get("/v1/campaigns/" + c + "/recipients/" + flows.recipient(c) + "/journey?limit=0");
        assertThat(badLimit.status()).isEqualTo(400);
        assertThat(badLimit.errorCode()).isEqualTo("VALIDATION_FAILED");
    }

    @Test
    void withoutARangeTheDailyFiguresAreTheLast30DaysUpToTodayInTheCampaignsZone() {
        String c = flows.campaign(Map.of("timezone", "Pacific/Kiritimati"));
        JsonNode stats = api.get("/v1/campaigns/" + c + "/stats").data();
        LocalDate today = LocalDate.now(java.time.ZoneId.of("Pacific/Kiritimati"));
        assertThat(stats.get("daily")).hasSize(30);
        assertThat(stats.get("daily").get(29).get("date").asString()).isEqualTo(today.toString());
        assertThat(stats.get("daily").get(0).get("date").asString())
                .isEqualTo(today.minusDays(29).toString());
        assertThat(stats.get("funnel").get("added").asLong()).isZero();
    }

    @Test
    void bulkAddsCardRunsAndBulkInvitationsAreCountedLikeSingleOnes() {
        String c = flows.campaign();
        Api.Response added = api.post(
                "/v1/campaigns/" + c + "/recipients/bulk",
                Map.of(
                        "recipients",
                        java.util.List.of(
                                Map.of("email", Flows.email()),
                                Map.of("email", Flows.email()),
                                Map.of("email", Flows.email())),
                        "sendEmail",
                        false));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        org.awaitility.Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .until(() -> api.get("/v1/campaigns/" + c + "/stats")
                                .data()
                                .get("funnel")
                                .get("cardCreated")
                                .asLong()
                        == 3);
        JsonNode invited = api.post("/v1/campaigns/" + c + "/recipients/bulk-invite", Map.of("sendEmail", false))
                .data();
        assertThat(invited.get("invited").asInt()).isEqualTo(3);

        JsonNode stats = api.get("/v1/campaigns/" + c + "/stats").data();
        assertThat(stats.get("funnel").toString())
                .isEqualTo("{\"added\":3,\"cardCreated\":3,\"invited\":3,\"opened\":0,\"installed\":0,"
                        + "\"removed\":0,\"revoked\":0}");
        assertThat(stats.get("daily").get(29).get("invited").asLong()).isEqualTo(3);
    }

    @Test
    void anotherOrganizationsCampaignAndRecipientAreNotFound() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        Api other = new Api(port, Tenants.create(access).key());
        Api.Response stats = other.get("/v1/campaigns/" + c + "/stats");
        assertThat(stats.status()).isEqualTo(404);
        assertThat(stats.json().get("success").asBoolean()).isFalse();
        assertThat(other.get("/v1/campaigns/" + c + "/recipients/" + r + "/journey")
                        .status())
                .isEqualTo(404);
        String otherCampaign = new Flows(other).campaign();
        assertThat(other.get("/v1/campaigns/" + otherCampaign + "/recipients/" + r + "/journey")
                        .status())
                .as("a recipient of another organization, under one's own campaign")
                .isEqualTo(404);
        assertThat(api.get("/v1/campaigns/" + c + "/stats").status()).isEqualTo(200);
    }

    @Test
    void journeyEventsOlderThanTheRetentionPeriodGoWhileTheCountersKeepTheirTotals() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        String url = api.post("/v1/campaigns/" + c + "/recipients/" + r + "/invite", Map.of())
                .data()
                .get("downloadUrl")
                .asString();
        assertThat(api.withKey(null).page(URI.create(url).getPath()).status()).isEqualTo(200);
        Folded.campaign(folding, jdbc, c);
        OffsetDateTime old = Instant.now().minus(Duration.ofDays(401)).atOffset(ZoneOffset.UTC);
        jdbc.sql("UPDATE journey_events SET occurred_at = ? WHERE recipient_id = ? AND event_type = 'invited'")
                .params(old, r)
                .update();

        assertThat(retention.runOnce().get("journey events")).isGreaterThanOrEqualTo(1);

        JsonNode journey =
                api.get("/v1/campaigns/" + c + "/recipients/" + r + "/journey").data();
        assertThat(journey.get("events")).hasSize(1);
        assertThat(journey.get("events").get(0).get("type").asString()).isEqualTo("opened");
        JsonNode funnel = api.get("/v1/campaigns/" + c + "/stats").data().get("funnel");
        assertThat(funnel.get("invited").asLong()).isEqualTo(1);
        assertThat(funnel.get("opened").asLong()).isEqualTo(1);
    }
}
