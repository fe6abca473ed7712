package com.walletcards.journey;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * An operator who turned the recording of holder activity off: card pages and hand-overs answer as
 * usual and leave no trace in the journey or the statistics, while the organization's own steps
 * and the wallets' reports are still counted.
 */
@DatabaseTest
@TestPropertySource(properties = "wallet.journey.record-holder-activity=false")
class HolderActivityOffTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JourneyFactFolding folding;

    @Autowired
    JdbcClient jdbc;

    @Test
    void withHolderActivityOffAPageViewAndAHandOverAnswerButRecordNothing() {
        Api api = new Api(port, Tenants.create(access).key());
        Flows flows = new Flows(api);
        String c = flows.campaign();
        String r = flows.recipient(c);
        flows.waitForCard(c, r, "created");
        String page =
                URI.create(flows.invite(c, r).get("downloadUrl").asString()).getPath();

        Api holder = api.withKey(null);
        Map<String, String> iphone = Map.of(
                "User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1",
                "Accept", "text/html");
        assertThat(holder.rawWithHeaders("GET", page, null, "text/html", iphone).status())
                .isEqualTo(200);
        assertThat(holder.rawWithHeaders("GET", page + "/alpha", null, "text/html", iphone)
                        .status())
                .isEqualTo(200);
        assertThat(flows.callback("alpha", "SAVE", flows.cardOf(c, r)).status()).isEqualTo(200);

        Folded.campaign(folding, jdbc, c);
        JsonNode stats = api.get("/v1/campaigns/" + c + "/stats").data();
        assertThat(stats.get("funnel").toString())
                .isEqualTo("{\"added\":1,\"cardCreated\":1,\"invited\":1,\"opened\":0,\"installed\":1,"
                        + "\"removed\":0,\"revoked\":0}");
        assertThat(stats.get("byProvider").get("alpha").get("handedOver").asInt())
                .isZero();
        List<String> types = new ArrayList<>();
        api.get("/v1/campaigns/" + c + "/recipients/" + r + "/journey?limit=100")
                .data()
                .get("events")
                .forEach(e -> types.add(e.get("type").asString()));
        assertThat(types).containsExactly("invited", "installed");
    }
}
