package com.walletcards.console;

import static com.walletcards.console.ConsoleClient.location;
import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.ServiceProcess;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Single sign-on over HTTP against a real OpenID Connect provider on localhost, on H2 and
 * PostgreSQL: who is let in (a console user whose verified email the ID token carries) and who is
 * not (an unknown email, an unverified one), and what the session and the audit log then hold.
 */
@DatabaseTest
class ConsoleSingleSignOnTest {

    static final int PORT = ServiceProcess.freePort();

    @DynamicPropertySource
    static void provider(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("wallet.download-base-url", () -> "http://localhost:" + PORT);
        registry.add("wallet.console.oidc-issuer-uri", OidcProviderForTests::issuer);
        registry.add("wallet.console.oidc-client-id", () -> OidcProviderForTests.CLIENT_ID);
        registry.add("wallet.console.oidc-client-secret", () -> OidcProviderForTests.CLIENT_SECRET);
        registry.add("wallet.console.oidc-provider-name", () -> OidcProviderForTests.PROVIDER_NAME);
    }

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    ConsoleUsersForTests users;
    Organization org;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(PORT, access);
        org = users.organization("SSO Org");
    }

    @Test
    void theSignInPageOffersTheProviderByName() {
        String page =
                new ConsoleClient("localhost", PORT).get("/console/sign-in").body();

        assertThat(page).contains("href=\"/console/oauth2/authorization/oidc\"", "Sign in with Example ID");
    }

    @Test
    void theAuthorizationRequestCarriesPkceAndANonce() {
        HttpResponse<String> start = new ConsoleClient("localhost", PORT).get(ConsoleSingleSignOn.START);

        assertThat(start.statusCode()).isEqualTo(302);
        assertThat(location(start))
                .startsWith(OidcProviderForTests.issuer())
                .contains("response_type=code", "code_challenge=", "code_challenge_method=S256", "nonce=")
                .contains("client_id=" + OidcProviderForTests.CLIENT_ID)
                .contains("redirect_uri=http://localhost:" + PORT + "/console/oauth2/code/oidc");
    }

    @Test
    void aUserWhoseVerifiedEmailTheProviderNamesSignsInWithANewSessionAsTheirRoleAndOrganization() {
        String email = ConsoleUsersForTests.email("sso-editor");
        users.add(org, email, "editor");
        ConsoleClient browser = new ConsoleClient("localhost", PORT);
        browser.get("/console/sign-in");
        String before = browser.session();

        HttpResponse<String> back = OidcProviderForTests.signIn(
                browser, "subject-1", OidcProviderForTests.claims(email.toUpperCase(Locale.ROOT), true));

        assertThat(back.statusCode()).isEqualTo(302);
        assertThat(location(back)).endsWith("/console/campaigns");
        assertThat(browser.session()).as("a new session id").isNotNull().isNotEqualTo(before);
        HttpResponse<String> campaigns = browser.get("/console/campaigns");
        assertThat(campaigns.statusCode()).isEqualTo(200);
        assertThat(campaigns.body()).contains(email, "Editor");
        assertThat(jdbc.sql("SELECT detail FROM audit_events WHERE organization_id = ? AND actor_name = ?"
                                + " AND action = 'user.signedIn'")
                        .params(org.id().value(), email)
                        .query(String.class)
                        .list())
                .containsExactly("{\"method\":\"oidc\"}");

        browser.post("/console/sign-out", Map.of("_csrf", browser.csrf("/console/campaigns")));
        assertThat(browser.get("/console/campaigns").statusCode()).isEqualTo(302);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM audit_events WHERE organization_id = ? AND actor_name = ?"
                                + " AND action = 'user.signedOut'")
                        .params(org.id().value(), email)
                        .query(Long.class)
                        .single())
                .isEqualTo(1);
    }

    @Test
    void anEmailWithoutAnAccountIsRefusedWithThePasswordFormsAnswerAndNoUserIsCreated() {
        String stranger = ConsoleUsersForTests.email("sso-stranger");
        long usersBefore = countUsers();
        ConsoleClient browser = new ConsoleClient("localhost", PORT);

        HttpResponse<String> back =
                OidcProviderForTests.signIn(browser, "subject-2", OidcProviderForTests.claims(stranger, true));

        assertThat(back.statusCode()).isEqualTo(302);
        assertThat(location(back)).endsWith("/console/sign-in?error");
        assertThat(browser.get("/console/sign-in?error").body()).contains("The email or password is not right");
        assertThat(browser.get("/console/campaigns").statusCode())
                .as("not signed in")
                .isEqualTo(302);
        assertThat(countUsers()).isEqualTo(usersBefore);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM console_users WHERE email = ?")
                        .param(stranger)
                        .query(Long.class)
                        .single())
                .isZero();
    }

    @Test
    void anEmailTheProviderHasNotVerifiedIsRefused() {
        String email = ConsoleUsersForTests.email("sso-unverified");
        users.add(org, email, "owner");

        for (String claims :
                new String[] {OidcProviderForTests.claims(email, false), "{\"email\":\"" + email + "\"}", "{}"}) {
            ConsoleClient browser = new ConsoleClient("localhost", PORT);
            HttpResponse<String> back = OidcProviderForTests.signIn(browser, "subject-3", claims);

            assertThat(location(back)).as(claims).endsWith("/console/sign-in?error");
            assertThat(browser.get("/console/campaigns").statusCode())
                    .as(claims)
                    .isEqualTo(302);
        }
        assertThat(jdbc.sql("SELECT COUNT(*) FROM audit_events WHERE organization_id = ? AND actor_name = ?"
                                + " AND action = 'user.signedIn'")
                        .params(org.id().value(), email)
                        .query(Long.class)
                        .single())
                .isZero();
    }

    @Test
    void aReturnWithoutAStartedSignInIsRefused() {
        ConsoleClient browser = new ConsoleClient("localhost", PORT);

        HttpResponse<String> forged = browser.get(ConsoleSingleSignOn.CALLBACK + "?code=made-up&state=made-up");

        assertThat(forged.statusCode()).isEqualTo(302);
        assertThat(location(forged)).endsWith("/console/sign-in?error");
    }

    @Test
    void anotherRegistrationThanTheConfiguredProviderIsNotFound() {
        assertThat(new ConsoleClient("localhost", PORT)
                        .get("/console/oauth2/authorization/github")
                        .statusCode())
                .isEqualTo(404);
    }

    private long countUsers() {
        return jdbc.sql("SELECT COUNT(*) FROM console_users").query(Long.class).single();
    }
}
