package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;

/**
 * A real OpenID Connect provider on localhost for the single sign-on tests: NAV's
 * mock-oauth2-server with its login page, where a person (or a test) types a subject and the
 * claims the ID token should carry. One for the whole test run; the JVM's end stops it.
 */
final class OidcProviderForTests {

    static final String CLIENT_ID = "wallet-console";
    static final String CLIENT_SECRET = "wallet-console-secret";
    static final String PROVIDER_NAME = "Example ID";

    private static final MockOAuth2Server SERVER = start();

    private OidcProviderForTests() {}

    private static MockOAuth2Server start() {
        MockOAuth2Server server = new MockOAuth2Server(OAuth2Config.Companion.fromJson("{\"interactiveLogin\":true}"));
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdown));
        return server;
    }

    static String issuer() {
        return SERVER.issuerUrl("console").toString();
    }

    /** The claims of a person whose provider verified (or not) their email. */
    static String claims(String email, boolean verified) {
        return "{\"email\":\"" + email + "\",\"email_verified\":" + verified + "}";
    }

    /**
     * The whole flow over HTTP, as a browser walks it: the console's SSO link, the provider's
     * login form filled in, and back to the console; answers the console's last response.
     */
    static HttpResponse<String> signIn(ConsoleClient console, String subject, String claims) {
        HttpResponse<String> start = console.get(ConsoleSingleSignOn.START);
        assertThat(start.statusCode()).as(start.body()).isEqualTo(302);
        String authorize = ConsoleClient.location(start);
        assertThat(authorize).startsWith(issuer());
        String form = "username=" + URLEncoder.encode(subject, StandardCharsets.UTF_8) + "&claims="
                + URLEncoder.encode(claims, StandardCharsets.UTF_8);
        HttpResponse<String> login = send(HttpRequest.newBuilder(URI.create(authorize))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build());
        assertThat(login.statusCode()).as(login.body()).isEqualTo(302);
        URI back = URI.create(ConsoleClient.location(login));
        return console.get(back.getRawPath() + "?" + back.getRawQuery());
    }

    private static HttpResponse<String> send(HttpRequest request) {
        try {
            return HttpClient.newBuilder()
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .build()
                    .send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
