package com.walletcards.provider.openid4vci;

import com.walletcards.support.Flows;
import java.util.List;
import java.util.Map;
import org.springframework.test.context.DynamicPropertyRegistry;

/** The service started as an OpenID4VCI issuer for a test. */
final class TestIssuer {

    private TestIssuer() {}

    /**
     * The issuer id is the service's public origin, so the service must know its port before it
     * starts: the test picks a free one and passes it with the origin wallets will see.
     */
    static void register(DynamicPropertyRegistry registry, int port, String issuer) {
        registry.add("server.port", () -> port);
        registry.add("wallet.download-base-url", () -> issuer);
        registry.add("wallet.providers.settings.eudiw.mode", () -> "openid4vci");
    }

    /**
     * A campaign for the EU wallet with one recipient (a seat in its data) whose card exists, invited:
     * the card page's EU wallet action, which shows the credential offer.
     */
    static String offerPage(Flows flows) {
        String campaign = flows.campaign(Map.of("providerTypes", List.of("eudiw")));
        String recipient = flows.recipient(campaign, Map.of("recipientData", Map.of("seat", "12A")))
                .get("id")
                .asString();
        flows.waitForCard(campaign, recipient, "created");
        return flows.invite(campaign, recipient).get("downloadUrl").asString() + "/eudiw";
    }
}
