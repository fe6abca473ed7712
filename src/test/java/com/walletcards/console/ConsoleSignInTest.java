package com.walletcards.console;

import static com.walletcards.console.ConsoleClient.location;
import static com.walletcards.console.ConsoleUsersForTests.PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.support.DatabaseTest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Signing in to the console, over HTTP as a browser does it, on H2 and PostgreSQL. */
@DatabaseTest
class ConsoleSignInTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    ConsoleUsersForTests users;
    Organization org;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Console Org");
    }

    @Test
    void aUserAddedThroughTheAdminApiSetsAPasswordOnceAndSignsInWithIt() {
        String email = ConsoleUsersForTests.email("editor");
        String link = users.add(org, email, "editor");
        ConsoleClient browser = new ConsoleClient(port);
        String token = browser.csrf(link);

        HttpResponse<String> tooShort =
                browser.post(link, Map.of("password", "short", "repeated", "short", "_csrf", token));
        assertThat(tooShort.statusCode()).isEqualTo(400);
        HttpResponse<String> set =
                browser.post(link, Map.of("password", PASSWORD, "repeated", PASSWORD, "_csrf", token));
        assertThat(set.statusCode()).isEqualTo(302);
        assertThat(location(set)).endsWith("/console/sign-in?password-set");

        assertThat(browser.get(link).statusCode()).as("a spent link").isEqualTo(410);
        HttpResponse<String> again = browser.post(
                link, Map.of("password", "another long password", "repeated", "another long password", "_csrf", token));
        assertThat(again.statusCode()).isEqualTo(410);

        HttpResponse<String> signedIn = new ConsoleClient(port).signIn(email, PASSWORD);
        assertThat(signedIn.statusCode()).isEqualTo(302);
        assertThat(location(signedIn)).endsWith("/console/campaigns");
    }

    @Test
    void aWrongPasswordAndAnUnknownEmailGetTheSameAnswer() {
        String email = users.withPassword(org, "viewer");

        HttpResponse<String> wrong = new ConsoleClient(port).signIn(email, "not the password at all");
        HttpResponse<String> unknown =
                new ConsoleClient(port).signIn(ConsoleUsersForTests.email("nobody"), "not the password at all");

        assertThat(wrong.statusCode()).isEqualTo(302).isEqualTo(unknown.statusCode());
        assertThat(location(wrong)).endsWith("/console/sign-in?error").isEqualTo(location(unknown));
        assertThat(wrong.body()).isEqualTo(unknown.body());
    }

    @Test
    void oneAddressTryingManyAccountsMeetsItsAllowanceWhileAnotherAddressDoesNot() {
        // The tests' own settings lift the per-address allowance; this throttle has the default's shape
        // with an allowance of three a minute.
        ConsoleProperties three = new ConsoleProperties(
                "owner@example.com",
                null,
                Path.of("data"),
                "http://localhost",
                Duration.ofDays(7),
                5,
                Duration.ofMinutes(15),
                3,
                null,
                null,
                null,
                null);
        SignInThrottle throttle = new SignInThrottle(jdbc, three, Clock.systemUTC());

        for (int i = 0; i < 3; i++) {
            assertThat(throttle.waitBefore("guess" + i + "@example.org", "203.0.113.7"))
                    .isEmpty();
        }

        assertThat(throttle.waitBefore("guess3@example.org", "203.0.113.7"))
                .hasValueSatisfying(wait -> assertThat(wait).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(1)));
        assertThat(throttle.waitBeforePasskey("203.0.113.7"))
                .as("a passkey attempt uses the same allowance")
                .isPresent();
        assertThat(throttle.waitBefore("guess3@example.org", "198.51.100.2")).isEmpty();
    }

    @Test
    void fiveFailuresForOneAccountWithinTheWindowSlowFurtherAttemptsWith429() {
        String email = users.withPassword(org, "editor");
        for (int i = 0; i < 5; i++) {
            assertThat(location(new ConsoleClient(port).signIn(email, "wrong password " + i)))
                    .endsWith("?error");
        }

        HttpResponse<String> throttled = new ConsoleClient(port).signIn(email, PASSWORD);

        assertThat(throttled.statusCode()).isEqualTo(429);
        assertThat(throttled.headers().firstValue("Retry-After"))
                .hasValueSatisfying(
                        seconds -> assertThat(Long.parseLong(seconds)).isBetween(1L, 900L));
        assertThat(throttled.body()).contains("Too many attempts");
        String unknown = ConsoleUsersForTests.email("nobody");
        for (int i = 0; i < 5; i++) {
            new ConsoleClient(port).signIn(unknown, "wrong password " + i);
        }
        assertThat(new ConsoleClient(port).signIn(unknown, PASSWORD).statusCode())
                .as("an email without an account is slowed down alike")
                .isEqualTo(429);
    }

    @Test
    void aSignInWithoutTheCsrfTokenIsRefused() {
        String email = users.withPassword(org, "owner");
        ConsoleClient browser = new ConsoleClient(port);
        browser.get("/console/sign-in");

        HttpResponse<String> refused = browser.post("/console/sign-in", Map.of("email", email, "password", PASSWORD));

        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(browser.get("/console/campaigns").statusCode()).isEqualTo(302);
    }

    @Test
    void signingInGivesANewSessionIdInACookieScriptsCannotRead() {
        String email = users.withPassword(org, "owner");
        ConsoleClient browser = new ConsoleClient(port);
        browser.get("/console/sign-in");
        String before = browser.session();

        browser.signIn(email, PASSWORD);

        assertThat(before).isNotNull();
        assertThat(browser.session()).isNotNull().isNotEqualTo(before);
        String cookie = browser.setCookieLines.get(ConsoleSecurity.COOKIE);
        assertThat(cookie).contains("HttpOnly").contains("SameSite=Lax").contains("Path=/console");
        assertThat(cookie).as("not Secure behind a plain-http origin").doesNotContain("Secure");
        assertThat(browser.get("/console/campaigns").statusCode()).isEqualTo(200);
    }

    @Test
    void signingOutEndsTheSession() {
        String email = users.withPassword(org, "viewer");
        ConsoleClient browser = new ConsoleClient(port);
        browser.signIn(email, PASSWORD);
        String session = browser.session();
        String token = browser.csrf("/console/campaigns");

        HttpResponse<String> out = browser.post("/console/sign-out", Map.of("_csrf", token));

        assertThat(location(out)).endsWith("/console/sign-in?signed-out");
        ConsoleClient stolen = new ConsoleClient(port);
        stolen.cookies.put(ConsoleSecurity.COOKIE, session);
        assertThat(stolen.get("/console/campaigns").statusCode())
                .as("the old session is gone")
                .isEqualTo(302);
    }

    @Test
    void signInsFailedSignInsAndSignOutsAreInTheAuditLog() {
        String email = users.withPassword(org, "editor");
        new ConsoleClient(port).signIn(email, "wrong password");
        ConsoleClient browser = new ConsoleClient(port);
        browser.signIn(email, PASSWORD);
        browser.post("/console/sign-out", Map.of("_csrf", browser.csrf("/console/campaigns")));

        assertThat(jdbc.sql(
                                "SELECT action FROM audit_events WHERE organization_id = ? AND actor_name = ? ORDER BY at, id")
                        .params(org.id().value(), email)
                        .query(String.class)
                        .list())
                .containsExactly("user.signInFailed", "user.signedIn", "user.signedOut");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM audit_events WHERE organization_id = ? AND action = 'user.added'")
                        .param(org.id().value())
                        .query(Long.class)
                        .single())
                .isEqualTo(1);
    }

    @Test
    void withoutSingleSignOnTheSignInPageHasNoSuchButtonAndItsAddressesAreNotFound() {
        ConsoleClient client = new ConsoleClient(port);

        assertThat(client.get("/console/sign-in").body()).doesNotContain("oauth2", "single sign-on");
        assertThat(client.get("/console/oauth2/authorization/oidc").statusCode())
                .isEqualTo(404);
        assertThat(client.get("/console/oauth2/code/oidc?code=made-up&state=made-up")
                        .statusCode())
                .isEqualTo(404);
    }

    @Test
    void theApiAndTheCardPagesKeepTheirOwnSecurityAndGetNoSession() {
        ConsoleClient client = new ConsoleClient(port);

        HttpResponse<String> api = client.get("/v1/campaigns");

        assertThat(api.statusCode()).isEqualTo(401);
        assertThat(api.body()).contains("\"success\":false");
        assertThat(client.get("/").statusCode()).isEqualTo(200);
        assertThat(client.cookies).isEmpty();
        assertThat(client.get("/console/campaigns").statusCode()).isEqualTo(302);
    }
}
