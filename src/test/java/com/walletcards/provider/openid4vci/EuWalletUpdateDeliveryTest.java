package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The EU wallet has no push: a content version waits for the holder's wallet, and is delivered
 * when the wallet is re-issued the credential with it.
 */
@DatabaseTest
@ContextConfiguration(initializers = EuWalletUpdateDeliveryTest.OwnDatabase.class)
class EuWalletUpdateDeliveryTest {

    static final class OwnDatabase extends SeparateDatabase {}

    static final int PORT = ServiceProcess.freePort();
    static final String ISSUER = "http://localhost:" + PORT;
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        TestIssuer.register(registry, PORT, ISSUER);
    }

    @Autowired
    AccessManagement access;

    @Test
    void aVersionWaitsForTheWalletUntilItsCredentialIsReissuedWithIt() {
        Api api = new Api(PORT, Tenants.create(access).key());
        Flows flows = new Flows(api);
        String campaign = flows.campaign(Map.of("providerTypes", List.of("eudiw")));
        String recipient = flows.recipient(campaign, Map.of("recipientData", Map.of("seat", "12A")))
                .get("id")
                .asString();
        flows.waitForCard(campaign, recipient, "created");
        String page = flows.invite(campaign, recipient).get("downloadUrl").asString() + "/eudiw";
        TestWallet wallet = new TestWallet(null);
        TestWallet.Session session =
                wallet.redeem(TestWallet.offerLinkOf(api.page(page).body()));
        issue(wallet, session);
        flows.waitForCard(campaign, recipient, "active");

        Api.Response patched = api.patch(
                "/v1/campaigns/" + campaign + "/recipients/" + recipient,
                Map.of("recipientData", Map.of("seat", "14C")));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        await().atMost(PATIENCE)
                .untilAsserted(() -> assertThat(eudiw(api, campaign)).isEqualTo("1/0/1/0/0"));

        issue(wallet, wallet.refreshed(session));
        await().atMost(PATIENCE)
                .untilAsserted(() -> assertThat(eudiw(api, campaign)).isEqualTo("1/1/0/0/0"));
    }

    private static void issue(TestWallet wallet, TestWallet.Session session) {
        TestWallet.Answer issued =
                wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session)));
        assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    }

    /** The eudiw counts of the campaign's only version, {@code target/delivered/pending/failed/stale}. */
    private static String eudiw(Api api, String campaign) {
        JsonNode updates =
                api.get("/v1/campaigns/" + campaign + "/updates").data().get("updates");
        if (updates.size() != 1) {
            return "versions: " + updates.size();
        }
        assertThat(updates.get(0).get("changed").valueStream().map(JsonNode::asString))
                .containsExactly("recipientData");
        JsonNode c = updates.get(0).get("byProvider").get("eudiw");
        return c.get("target").asLong() + "/" + c.get("delivered").asLong() + "/"
                + c.get("pending").asLong() + "/" + c.get("failed").asLong() + "/"
                + c.get("stale").asLong();
    }
}
