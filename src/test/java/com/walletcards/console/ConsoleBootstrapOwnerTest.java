package com.walletcards.console;

import static com.walletcards.console.ConsoleClient.location;
import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.DatabaseTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/** With WALLET_BOOTSTRAP_OWNER_EMAIL and _PASSWORD, that owner of the bootstrap organization signs in. */
@DatabaseTest
@TestPropertySource(
        properties = {
            "wallet.console.bootstrap-owner-email=Bootstrap.Owner@Example.com",
            "wallet.console.bootstrap-owner-password=" + ConsoleBootstrapOwnerTest.PASSWORD
        })
class ConsoleBootstrapOwnerTest {

    static final String PASSWORD = "bootstrap owner password";

    @LocalServerPort
    int port;

    @Test
    void theConfiguredOwnerSignsInWithThePasswordAndSeesTheCampaignList() {
        ConsoleClient browser = new ConsoleClient(port);

        HttpResponse<String> signedIn = browser.signIn("bootstrap.owner@example.com", PASSWORD);

        assertThat(location(signedIn)).endsWith("/console/campaigns");
        HttpResponse<String> list = browser.get("/console/campaigns");
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body()).contains("<h1>Campaigns</h1>", "bootstrap.owner@example.com", "Users");
    }
}
