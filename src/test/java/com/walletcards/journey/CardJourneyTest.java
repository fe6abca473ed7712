package com.walletcards.journey;

import static org.assertj.core.api.Assertions.assertThat;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetup;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.net.URI;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Whole journeys over HTTP: recipients added, invited with an email the mail server accepts and
 * one it cannot take, card pages opened, each wallet's hand-over in local mode, installs and
 * removals by signed callbacks, a revocation and a deletion; then the statistics and the journeys,
 * exactly.
 */
@DatabaseTest
@TestPropertySource(properties = {"wallet.email.smtp-host=127.0.0.1", "wallet.email.smtp-port=3126"})
class CardJourneyTest {

    private static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1";
    private static final String ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120.0 Mobile";

    @RegisterExtension
    static GreenMailExtension smtp = new GreenMailExtension(new ServerSetup(3126, "127.0.0.1", "smtp"))
            .withConfiguration(GreenMailConfiguration.aConfig().withDisabledAuthentication());

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JourneyCounts counts;

    @Autowired
    JourneyFactFolding folding;

    @Autowired
    JdbcClient jdbc;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    @Test
    void aCampaignsStatisticsAndJourneysFollowEveryStepOfItsCards() {
        String c = flows.campaign(Map.of("timezone", "Europe/Berlin"));
        String ada = flows.recipient(c);
        String bob = flows.recipient(c);
        String eve = flows.recipient(c);
        List.of(ada, bob, eve).forEach(r -> flows.waitForCard(c, r, "created"));

        String adaPage = path(invite(c, ada, true, true));
        smtp.stop();
        invite(c, bob, true, false);
        invite(c, eve, false, false);

        assertThat(open(adaPage, IPHONE)).isEqualTo(200);
        assertThat(open(adaPage, ANDROID)).isEqualTo(200);
        for (String provider : List.of("alpha", "beta", "eudiw")) {
            assertThat(open(adaPage + "/" + provider, IPHONE))
                    .as("the %s demonstration wallet's page", provider)
                    .isEqualTo(200);
        }
        String adaCard = flows.cardOf(c, ada);
        assertThat(flows.callback("alpha", "SAVE", adaCard).status()).isEqualTo(200);
        assertThat(flows.callback("beta", "SAVE", adaCard).status()).isEqualTo(200);
        assertThat(flows.callback("beta", "DELETE", adaCard).status()).isEqualTo(200);

        assertThat(api.post(recipients(c) + bob + "/revoke", Map.of()).status()).isEqualTo(200);
        assertThat(flows.callback("alpha", "SAVE", flows.cardOf(c, eve)).status())
                .isEqualTo(200);
        assertThat(api.delete(recipients(c) + eve).status()).isEqualTo(200);

        Folded.campaign(folding, jdbc, c);
        LocalDate today = LocalDate.now(ZoneId.of("Europe/Berlin"));
        JsonNode stats = api.get("/v1/campaigns/" + c + "/stats?from=" + today + "&to=" + today)
                .data();
        assertThat(stats.get("funnel").toString())
                .isEqualTo("{\"added\":2,\"cardCreated\":2,\"invited\":2,\"opened\":1,\"installed\":1,"
                        + "\"removed\":1,\"revoked\":1}");
        assertThat(stats.get("byProvider").toString())
                .isEqualTo("{\"alpha\":{\"handedOver\":1,\"installed\":1,\"removed\":0,\"devices\":0},"
                        + "\"beta\":{\"handedOver\":1,\"installed\":0,\"removed\":1},"
                        + "\"eudiw\":{\"handedOver\":1,\"installed\":0,\"removed\":0}}");
        assertThat(stats.get("daily").toString())
                .as("the days keep what happened, the deleted recipient's invitation and install too")
                .isEqualTo("[{\"date\":\"" + today + "\",\"invited\":3,\"opened\":2,\"installed\":3,\"removed\":1}]");

        counts.fold();
        assertThat(api.get("/v1/campaigns/" + c + "/stats?from=" + today + "&to=" + today)
                        .data())
                .as("the same figures once the appended counter rows are folded")
                .isEqualTo(stats);

        assertThat(journey(c, ada))
                .containsExactly(
                        "invited null {}",
                        "email_sent null {}",
                        "opened null {\"device\":\"ios\",\"count\":1}",
                        "opened null {\"device\":\"android\",\"count\":2}",
                        "handed_over alpha {\"device\":\"ios\"}",
                        "handed_over beta {\"device\":\"ios\"}",
                        "handed_over eudiw {\"device\":\"ios\"}",
                        "installed alpha {}",
                        "installed beta {}",
                        "removed beta {}");
        assertThat(journey(c, bob)).containsExactly("invited null {}", "email_failed null {}", "revoked null {}");
    }

    @Test
    void aHoldersStepFoldedAfterALaterStepOfTheOrganizationKeepsItsPlaceInTheJourney() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        String page = path(invite(c, r, false, false));
        assertThat(open(page, IPHONE)).isEqualTo(200);
        // Revoked at once, while the opening still waits in the appended facts for its fold.
        assertThat(api.post(recipients(c) + r + "/revoke", Map.of()).status()).isEqualTo(200);
        Folded.campaign(folding, jdbc, c);

        assertThat(journey(c, r))
                .containsExactly("invited null {}", "opened null {\"device\":\"ios\",\"count\":1}", "revoked null {}");
    }

    @Test
    void aRecipientsJourneyIsPagedOldestFirst() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        String page = path(invite(c, r, false, false));
        for (int i = 0; i < 3; i++) {
            open(page, IPHONE);
        }
        Folded.campaign(folding, jdbc, c);
        JsonNode second =
                api.get(recipients(c) + r + "/journey?limit=2&offset=2").data();
        assertThat(second.get("events")).hasSize(2);
        assertThat(second.get("events").get(0).get("detail").get("count").asInt())
                .isEqualTo(2);
        assertThat(second.get("pagination").toString())
                .isEqualTo("{\"total\":4,\"limit\":2,\"offset\":2,\"hasMore\":false}");
    }

    private String recipients(String c) {
        return "/v1/campaigns/" + c + "/recipients/";
    }

    private String invite(String c, String r, boolean email, boolean accepted) {
        Api.Response invited = api.post(recipients(c) + r + "/invite", Map.of("sendEmail", email));
        assertThat(invited.status()).as(invited.body()).isEqualTo(200);
        assertThat(invited.data().get("emailSent").asBoolean()).isEqualTo(accepted);
        return invited.data().get("downloadUrl").asString();
    }

    private static String path(String url) {
        return URI.create(url).getPath();
    }

    private int open(String path, String userAgent) {
        return api.withKey(null)
                .rawWithHeaders("GET", path, null, "text/html", Map.of("User-Agent", userAgent, "Accept", "text/html"))
                .status();
    }

    private List<String> journey(String c, String r) {
        Api.Response answer = api.get(recipients(c) + r + "/journey?limit=100");
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        List<String> events = new ArrayList<>();
        for (JsonNode e : answer.data().get("events")) {
            assertThat(e.get("at").asString()).isNotBlank();
            events.add(e.get("type").asString() + " "
                    + (e.get("provider").isNull() ? "null" : e.get("provider").asString()) + " " + e.get("detail"));
        }
        return events;
    }
}
