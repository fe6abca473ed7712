package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.ServiceProcess;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Single sign-on in headless Chromium against a real OpenID Connect provider on localhost: the
 * sign-in page's button, the provider's own login page, and back in the console as the user the
 * verified email names; an email without an account comes back to the sign-in page with the
 * password form's answer.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleSingleSignOnBrowserTest {

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
        org = users.organization("SSO Browser Org");
    }

    @Test
    void onAPhoneAViewerSignsInThroughTheProviderAndSeesTheCampaigns() {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            signInThroughTheProvider(phone, "viewer", "Sign in with Example ID", "Campaigns");
        }
    }

    @Test
    void onADesktopInGermanAnOwnerSignsInThroughTheProviderAndSeesTheCampaigns() {
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            signInThroughTheProvider(desktop, "owner", "Mit Example ID anmelden", "Kampagnen");
        }
    }

    @Test
    void anEmailWithoutAnAccountComesBackToTheSignInPageAndNoUserIsCreated() {
        String stranger = ConsoleUsersForTests.email("sso-browser-stranger");
        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            desktop.open("http://localhost:" + PORT + "/console/sign-in");
            desktop.find("#single-sign-on").click();
            await().until(() -> desktop.driver().getCurrentUrl().startsWith(OidcProviderForTests.issuer()));
            desktop.find("input[name=username]").sendKeys("stranger");
            desktop.find("textarea[name=claims]").sendKeys(OidcProviderForTests.claims(stranger, true));
            desktop.find("input[type=submit]").click();

            await().until(() -> desktop.driver().getCurrentUrl().endsWith("/console/sign-in?error"));
            assertThat(desktop.find("[role=alert]").getText())
                    .isEqualTo("The email or password is not right. Please try again.");
            assertThat(Axe.seriousViolations(desktop))
                    .as("sign-in page after a refused single sign-on")
                    .isEmpty();
            desktop.screenshot("console-sign-in-sso-refused");
        }
        assertThat(jdbc.sql("SELECT COUNT(*) FROM console_users WHERE email = ?")
                        .param(stranger)
                        .query(Long.class)
                        .single())
                .isZero();
    }

    private void signInThroughTheProvider(Browser browser, String role, String button, String campaigns) {
        String email = ConsoleUsersForTests.email("sso-" + role);
        users.add(org, email, role);
        browser.open("http://localhost:" + PORT + "/console/sign-in");
        assertThat(browser.find("#single-sign-on").getText()).isEqualTo(button);
        assertThat(Axe.seriousViolations(browser))
                .as("sign-in page with single sign-on")
                .isEmpty();
        browser.screenshot("console-sign-in-sso");
        String sessionBefore =
                browser.driver().manage().getCookieNamed(ConsoleSecurity.COOKIE).getValue();

        browser.find("#single-sign-on").click();
        await().until(() -> browser.driver().getCurrentUrl().startsWith(OidcProviderForTests.issuer()));
        browser.find("input[name=username]").sendKeys("person-" + role);
        browser.find("textarea[name=claims]").sendKeys(OidcProviderForTests.claims(email, true));
        browser.find("input[type=submit]").click();

        await().ignoreExceptions().until(() -> browser.find("h1").getText().equals(campaigns));
        assertThat(browser.driver().getCurrentUrl()).isEqualTo("http://localhost:" + PORT + "/console/campaigns");
        assertThat(browser.visibleText()).contains(email);
        String sessionAfter =
                browser.driver().manage().getCookieNamed(ConsoleSecurity.COOKIE).getValue();
        assertThat(sessionAfter).as("the session id changes at sign-in").isNotEqualTo(sessionBefore);
        assertThat(jdbc.sql("SELECT detail FROM audit_events WHERE organization_id = ? AND actor_name = ?"
                                + " AND action = 'user.signedIn'")
                        .params(org.id().value(), email)
                        .query(String.class)
                        .list())
                .containsExactly("{\"method\":\"oidc\"}");
    }
}
