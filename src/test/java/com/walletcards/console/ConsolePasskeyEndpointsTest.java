package com.walletcards.console;

import static com.walletcards.console.ConsoleUsersForTests.PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.DatabaseTest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The passkey endpoints over HTTP, as the console's script calls them, on H2 and PostgreSQL. */
@DatabaseTest
class ConsolePasskeyEndpointsTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Test
    void askingForSignInOptionsWithoutTheCsrfTokenIsForbidden() {
        ConsoleClient client = new ConsoleClient(port);
        client.get("/console/sign-in");

        assertThat(client.post(ConsolePasskeys.SIGN_IN_OPTIONS, Map.of()).statusCode())
                .isEqualTo(403);
    }

    @Test
    void theSignInPageGetsAChallengeForThePublicOriginsHost() {
        ConsoleClient client = new ConsoleClient(port);
        String token = client.csrf("/console/sign-in");

        HttpResponse<String> options = client.post(ConsolePasskeys.SIGN_IN_OPTIONS, Map.of("_csrf", token));

        assertThat(options.statusCode()).as(options.body()).isEqualTo(200);
        assertThat(options.body()).contains("\"challenge\":", "\"rpId\":\"localhost\"");
    }

    @Test
    void onlyASignedInUserMayAddAPasskey() {
        ConsoleClient stranger = new ConsoleClient(port);
        String token = stranger.csrf("/console/sign-in");
        HttpResponse<String> refused = stranger.post(ConsolePasskeys.REGISTER_OPTIONS, Map.of("_csrf", token));
        assertThat(refused.statusCode()).isEqualTo(302);
        assertThat(ConsoleClient.location(refused)).endsWith("/console/sign-in");

        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        String email = users.withPassword(users.organization("Passkey Org"), "editor");
        ConsoleClient editor = new ConsoleClient(port);
        assertThat(editor.signIn(email, PASSWORD).statusCode()).isEqualTo(302);
        HttpResponse<String> options =
                editor.post(ConsolePasskeys.REGISTER_OPTIONS, Map.of("_csrf", editor.csrf("/console/passkeys")));

        assertThat(options.statusCode()).as(options.body()).isEqualTo(200);
        assertThat(options.body()).contains("\"challenge\":", "\"displayName\":");
    }
}
