package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.ServiceProcess;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.openqa.selenium.virtualauthenticator.HasVirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticatorOptions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * Passkeys in headless Chromium with a virtual authenticator (a platform authenticator with
 * user verification, as a phone's or laptop's screen lock is): the bootstrap owner signs in with
 * the password, adds a passkey, signs out, signs in with the passkey alone and removes it. The service runs
 * on a fixed port at {@code http://localhost}, the origin the relying party allows and a secure
 * context for WebAuthn.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
@TestPropertySource(
        properties = {
            "wallet.console.bootstrap-owner-email=" + ConsolePasskeyBrowserTest.OWNER,
            "wallet.console.bootstrap-owner-password=" + ConsolePasskeyBrowserTest.PASSWORD
        })
class ConsolePasskeyBrowserTest {

    static final String OWNER = "passkey.owner@example.com";
    static final String PASSWORD = "passkey owner password";
    static final int PORT = ServiceProcess.freePort();

    @DynamicPropertySource
    static void publicOrigin(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("wallet.download-base-url", () -> "http://localhost:" + PORT);
    }

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void onAPhoneTheOwnerAddsAPasskeyAndSignsInWithIt() {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            addPasskeyAndSignInWithIt(phone, "Phone", "Campaigns", "Sign in with a passkey");
        }
    }

    @Test
    void onADesktopInGermanTheOwnerAddsAPasskeyAndSignsInWithIt() {
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            addPasskeyAndSignInWithIt(desktop, "Laptop", "Kampagnen", "Mit einem Passkey anmelden");
        }
    }

    private void addPasskeyAndSignInWithIt(Browser browser, String label, String campaigns, String passkeyButton) {
        VirtualAuthenticator authenticator = ((HasVirtualAuthenticator) browser.driver())
                .addVirtualAuthenticator(new VirtualAuthenticatorOptions()
                        .setProtocol(VirtualAuthenticatorOptions.Protocol.CTAP2)
                        .setTransport(VirtualAuthenticatorOptions.Transport.INTERNAL)
                        .setHasResidentKey(true)
                        .setHasUserVerification(true)
                        .setIsUserVerified(true));
        String base = "http://localhost:" + PORT;
        browser.open(base + "/console/sign-in");
        browser.find("#email").sendKeys(OWNER, Keys.TAB, PASSWORD, Keys.ENTER);
        await().until(() -> browser.find("h1").getText().equals(campaigns));

        browser.open(base + "/console/passkeys");
        await().until(() -> browser.find("#passkey-add").isDisplayed());
        assertThat(Axe.seriousViolations(browser)).as("passkeys page").isEmpty();
        browser.screenshot("console-passkeys");
        browser.find("#passkey-label").sendKeys(label, Keys.ENTER);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> browser.findAll(".passkey th").stream()
                        .anyMatch(th -> th.getText().equals(label)));
        assertThat(authenticator.getCredentials()).hasSize(1);
        assertThat(Axe.seriousViolations(browser))
                .as("passkeys page with a passkey")
                .isEmpty();
        browser.screenshot("console-passkey-added");

        browser.find("form[action='/console/sign-out'] button").click();
        await().until(() -> browser.driver().getCurrentUrl().contains("signed-out"));
        await().until(() -> browser.find("#passkey-sign-in").isDisplayed());
        assertThat(browser.find("#passkey-sign-in").getText()).isEqualTo(passkeyButton);
        assertThat(Axe.seriousViolations(browser))
                .as("sign-in page with the passkey button")
                .isEmpty();
        browser.screenshot("console-sign-in-passkey");
        String sessionBefore =
                browser.driver().manage().getCookieNamed(ConsoleSecurity.COOKIE).getValue();

        browser.find("#passkey-sign-in").click();
        // The sign-in page's heading may go stale while the script navigates away.
        await().atMost(Duration.ofSeconds(20))
                .ignoreExceptions()
                .until(() -> browser.find("h1").getText().equals(campaigns));
        assertThat(browser.visibleText()).contains(OWNER);
        String sessionAfter =
                browser.driver().manage().getCookieNamed(ConsoleSecurity.COOKIE).getValue();
        assertThat(sessionAfter).as("the session id changes at sign-in").isNotEqualTo(sessionBefore);

        List<String> details = jdbc.queryForList(
                "SELECT e.detail FROM audit_events e JOIN console_users u ON u.id = e.actor_id"
                        + " WHERE u.email = ? AND e.action = 'user.signedIn'",
                String.class,
                OWNER);
        assertThat(details).contains("{\"method\":\"passkey\"}");

        removePasskey(browser, label);
        assertThat(authenticator.getCredentials())
                .as("the authenticator keeps its key; the service no longer accepts it")
                .hasSize(1);
    }

    /** Opens the confirmation with the keyboard, confirms, and finds the passkey gone and audited. */
    private void removePasskey(Browser browser, String label) {
        browser.open("http://localhost:" + PORT + "/console/passkeys");
        browser.find("details.remove summary").sendKeys(Keys.ENTER);
        await().until(() -> browser.find("details.remove button.danger").isDisplayed());
        assertThat(browser.find("details.remove p").getText()).contains(label);
        assertThat(Axe.seriousViolations(browser))
                .as("passkeys page asking to confirm a removal")
                .isEmpty();
        browser.screenshot("console-passkey-remove");
        browser.find("details.remove button.danger").click();

        await().until(() -> browser.driver().getCurrentUrl().endsWith("/console/passkeys?removed"));
        assertThat(browser.findAll(".passkey")).isEmpty();
        assertThat(browser.find("[role=status]").isDisplayed()).isTrue();
        assertThat(Axe.seriousViolations(browser))
                .as("passkeys page after a removal")
                .isEmpty();
        browser.screenshot("console-passkey-removed");
        assertThat(jdbc.queryForList(
                        "SELECT e.action FROM audit_events e JOIN console_users u ON u.id = e.actor_id"
                                + " WHERE u.email = ? AND e.action = 'passkey.removed'",
                        String.class,
                        OWNER))
                .hasSizeGreaterThanOrEqualTo(1);
    }
}
