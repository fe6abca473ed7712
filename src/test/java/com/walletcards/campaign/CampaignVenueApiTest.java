package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

@DatabaseTest
class CampaignVenueApiTest {

    private static final Map<String, Object> MESSE = Map.of(
            "name",
            "Messe München",
            "address",
            "Messeplatz 1, 81829 München",
            "latitude",
            48.1351,
            "longitude",
            11.582);

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    CampaignManagement campaigns;

    @Autowired
    JdbcTemplate jdbc;

    Api api;
    Flows flows;
    Tenants.Tenant tenant;

    @BeforeEach
    void tenant() {
        tenant = Tenants.create(access);
        api = new Api(port, tenant.key());
        flows = new Flows(api);
    }

    @Test
    void aVenueIsAcceptedOnCreateReturnedAndReadByOtherModules() {
        String c = flows.campaign(Map.of("campaignData", Map.of("location", "Hall A", "venue", MESSE)));

        JsonNode venue =
                api.get("/v1/campaigns/" + c).data().get("campaignData").get("venue");

        assertThat(venue.get("name").asString()).isEqualTo("Messe München");
        assertThat(venue.get("address").asString()).isEqualTo("Messeplatz 1, 81829 München");
        assertThat(venue.get("latitude").asDouble()).isEqualTo(48.1351);
        assertThat(venue.get("longitude").asDouble()).isEqualTo(11.582);
        assertThat(campaigns
                        .find(tenant.organizationId(), new CampaignId(c))
                        .orElseThrow()
                        .venue())
                .contains(new Venue("Messe München", "Messeplatz 1, 81829 München", 48.1351, 11.582));
    }

    @Test
    void withoutAVenueTheLocationTextIsTheVenuesName() {
        String c = flows.campaign(Map.of("campaignData", Map.of("location", "Hall A")));

        assertThat(campaigns
                        .find(tenant.organizationId(), new CampaignId(c))
                        .orElseThrow()
                        .venue())
                .contains(new Venue("Hall A", null, null, null));
        String bare = flows.campaign(Map.of("campaignData", Map.of()));
        assertThat(campaigns
                        .find(tenant.organizationId(), new CampaignId(bare))
                        .orElseThrow()
                        .venue())
                .isEmpty();
    }

    @Test
    void anInvalidVenueIsRefusedFieldByFieldOnCreate() {
        assertThat(createFields(Map.of("latitude", 91, "longitude", 0)))
                .containsExactlyInAnyOrder("campaignData.venue.name", "campaignData.venue.latitude");
        assertThat(createFields(Map.of("name", "x".repeat(201), "longitude", -181)))
                .containsExactlyInAnyOrder("campaignData.venue.name", "campaignData.venue.longitude");
        assertThat(createFields(Map.of("name", "Hall", "latitude", 48.1)))
                .containsExactly("campaignData.venue.longitude");
        assertThat(createFields(Map.of("name", "Hall", "latitude", "48.1", "longitude", 11)))
                .containsExactly("campaignData.venue.latitude");
        assertThat(createFields(Map.of("name", "Hall", "lat", 48.1))).containsExactly("campaignData.venue.lat");
        assertThat(createFields(Map.of("name", "Hall", "address", 7))).containsExactly("campaignData.venue.address");
        Api.Response notAnObject = api.post("/v1/campaigns", campaignBody("Hall A"));
        assertThat(notAnObject.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(fields(notAnObject)).containsExactly("campaignData.venue");
    }

    @Test
    void aPatchMergesTheVenueAndNullRemovesIt() {
        String c = flows.campaign(Map.of("campaignData", Map.of("location", "Hall A", "venue", MESSE)));

        Api.Response moved = api.patch(
                "/v1/campaigns/" + c,
                Map.of("campaignData", Map.of("venue", mapWithNulls("address", null, "name", "Messe Halle B"))));

        assertThat(moved.status()).as(moved.body()).isEqualTo(200);
        JsonNode venue = moved.data().get("campaignData").get("venue");
        assertThat(venue.get("name").asString()).isEqualTo("Messe Halle B");
        assertThat(venue.has("address")).isFalse();
        assertThat(venue.get("latitude").asDouble()).isEqualTo(48.1351);

        Api.Response halfCoordinates = api.patch(
                "/v1/campaigns/" + c, Map.of("campaignData", Map.of("venue", mapWithNulls("longitude", null))));
        assertThat(halfCoordinates.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(fields(halfCoordinates)).containsExactly("campaignData.venue.longitude");

        Api.Response removed = api.patch("/v1/campaigns/" + c, Map.of("campaignData", mapWithNulls("venue", null)));
        assertThat(removed.status()).as(removed.body()).isEqualTo(200);
        assertThat(removed.data().get("campaignData").has("venue")).isFalse();
        assertThat(campaigns
                        .find(tenant.organizationId(), new CampaignId(c))
                        .orElseThrow()
                        .venue())
                .contains(new Venue("Hall A", null, null, null));
    }

    @Test
    void anotherOrganizationsCampaignVenueCannotBeChanged() {
        String c = flows.campaign(Map.of("campaignData", Map.of("venue", MESSE)));
        Api other = api.withKey(Tenants.create(access).key());

        Api.Response patch =
                other.patch("/v1/campaigns/" + c, Map.of("campaignData", Map.of("venue", Map.of("name", "Elsewhere"))));

        assertThat(patch.status()).isEqualTo(404);
        assertThat(patch.errorCode()).isEqualTo("NOT_FOUND");
        assertThat(api.get("/v1/campaigns/" + c)
                        .data()
                        .get("campaignData")
                        .get("venue")
                        .get("name")
                        .asString())
                .isEqualTo("Messe München");
    }

    @Test
    void aVenueChangeReachesInstalledCardsLikeACampaignEdit() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        flows.waitForCard(c, r, "created");
        String card = flows.cardOf(c, r);
        flows.callback("beta", "INSTALL", card);
        long before = objectVersion(card);

        Api.Response patch = api.patch("/v1/campaigns/" + c, Map.of("campaignData", Map.of("venue", MESSE)));

        assertThat(patch.status()).as(patch.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> objectVersion(card) > before);
    }

    private List<String> createFields(Map<String, Object> venue) {
        Api.Response r = api.post("/v1/campaigns", campaignBody(venue));
        assertThat(r.errorCode()).as(r.body()).isEqualTo("VALIDATION_FAILED");
        return fields(r);
    }

    private static Map<String, Object> campaignBody(Object venue) {
        return Map.of("name", "Launch", "campaignType", "event", "campaignData", Map.of("venue", venue));
    }

    private static List<String> fields(Api.Response r) {
        List<String> fields = new ArrayList<>();
        r.json()
                .get("error")
                .get("details")
                .forEach(d -> fields.add(d.get("field").asString()));
        return fields;
    }

    /** Map.of refuses nulls, and a null is how a merge patch removes a key. */
    private static Map<String, Object> mapWithNulls(Object... keysAndValues) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private long objectVersion(String card) {
        return jdbc.queryForObject(
                "SELECT content_version FROM provider_objects WHERE wallet_card_id = ? AND provider = 'beta'",
                Long.class,
                card);
    }
}
