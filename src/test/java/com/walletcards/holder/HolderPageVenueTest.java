package com.walletcards.holder;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The venue on the holder page as the server writes it; the browser test shows how it looks. */
@DatabaseTest
class HolderPageVenueTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    @Test
    void aVenueWithCoordinatesLinksToItsPinAndThePageStillLoadsNothingFromElsewhere() {
        Api.Response page = holderPage(Map.of(
                "location",
                "Hall A",
                "venue",
                Map.of(
                        "name",
                        "Messe <München>",
                        "address",
                        "Messeplatz 1",
                        "latitude",
                        48.1351,
                        "longitude",
                        11.582)));

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body())
                .contains("Messe &lt;München&gt;")
                .contains("Messeplatz 1")
                .contains("href=\"https://www.openstreetmap.org/?mlat=48.1351&amp;mlon=11.582#map=17/48.1351/11.582\"")
                .doesNotContain("Hall A");
        assertThat(page.header("Content-Security-Policy"))
                .isEqualTo("default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none';"
                        + " form-action 'none'; frame-ancestors 'none'");
        assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");
    }

    @Test
    void anAddressWithoutCoordinatesLinksToAMapSearch() {
        Api.Response page =
                holderPage(Map.of("venue", Map.of("name", "Olympiahalle", "address", "Spiridon-Louis-Ring 21")));

        assertThat(page.body())
                .contains("Olympiahalle")
                .contains("href=\"https://www.openstreetmap.org/search?query=Spiridon-Louis-Ring+21\"");
    }

    @Test
    void theLocationTextAloneIsTheVenueWithoutAMapLink() {
        Api.Response page = holderPage(Map.of("location", "Hall A"));

        assertThat(page.body()).contains("Hall A").doesNotContain("openstreetmap");
    }

    private Api.Response holderPage(Map<String, Object> campaignData) {
        String campaign = flows.campaign(Map.of("campaignData", campaignData));
        String recipient = flows.recipient(campaign);
        String link = flows.invite(campaign, recipient).get("downloadUrl").asString();
        return api.withKey(null).page(link.substring(link.indexOf("/c/")));
    }
}
