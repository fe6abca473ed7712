package com.walletcards.console;

import static com.walletcards.console.ConsoleUsersForTests.PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The API keys page in headless Chromium on a phone and a desktop (checked by axe-core, kept as
 * screenshots): an owner creates a key with chosen scopes, sees its secret once, the key works with
 * the API, and right after the owner revokes it the API refuses it.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleKeysBrowserTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Munich Philharmonic");
        access.issueKey(org.id(), "website", Scope.all());
        new Api(
                        port,
                        access.issueKey(org.id(), "ticket shop", java.util.Set.of(Scope.CAMPAIGNS_READ))
                                .secret())
                .get("/v1/campaigns");
    }

    @Test
    void onAPhoneAnOwnerCreatesAKeyUsesItAndRevokesIt() {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            walkThrough(phone, false);
        }
    }

    @Test
    void onADesktopInGermanAnOwnerCreatesAKeyUsesItAndRevokesIt() {
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            walkThrough(desktop, true);
        }
    }

    @Test
    void anEditorFindsNoLinkAndIsRefused() {
        String editor = users.withPassword(org, "editor");
        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            signIn(desktop, editor);
            assertThat(desktop.findAll("a[href='/console/keys']")).isEmpty();
            desktop.open("http://127.0.0.1:" + port + "/console/keys");
            assertThat(desktop.find("h1").getText()).isEqualTo("Not allowed");
            assertThat(desktop.visibleText()).doesNotContain("ticket shop");
        }
    }

    private void walkThrough(Browser browser, boolean german) {
        signIn(browser, users.withPassword(org, "owner"));
        browser.find("a[href='/console/keys']").click();
        heading(browser, german ? "API-Schl\u00fcssel" : "API keys");
        assertThat(browser.visibleText()).contains("ticket shop", "website", "campaigns:read", "UTC");
        assertThat(Axe.seriousViolations(browser)).as("keys page").isEmpty();
        browser.screenshot("console-keys");

        browser.find("#key-name").sendKeys("box office");
        browser.find("input[value='campaigns:read']").click();
        browser.find("input[value='campaigns:write']").click();
        browser.find(".key-form button[type=submit]").click();
        heading(browser, german ? "Schl\u00fcssel erstellt" : "Key created");
        String secret = browser.find("#secret").getDomProperty("value");
        assertThat(secret).isNotBlank();
        assertThat(browser.visibleText())
                .contains(german ? "nur dieses eine Mal" : "shown only this once", "campaigns:write");
        assertThat(Axe.seriousViolations(browser)).as("created key").isEmpty();
        browser.screenshot("console-key-created");

        Api withKey = new Api(port, secret);
        assertThat(withKey.get("/v1/campaigns").status()).isEqualTo(200);
        assertThat(withKey.post("/v1/campaigns", Map.of()).status()).isNotIn(401, 403);

        browser.find("a.button.primary[href='/console/keys']").click();
        heading(browser, german ? "API-Schl\u00fcssel" : "API keys");
        assertThat(browser.driver().getPageSource()).doesNotContain(secret);
        assertThat(browser.visibleText()).contains("box office", secret.substring(0, 10));
        browser.screenshot("console-keys-with-new-key");

        // The newest key comes first.
        browser.find("a.button.danger[href$='/revoke']").click();
        heading(browser, german ? "Schl\u00fcssel box office widerrufen?" : "Revoke the key box office?");
        assertThat(Axe.seriousViolations(browser)).as("revoke confirmation").isEmpty();
        browser.screenshot("console-key-revoke");
        browser.find("form button[type=submit].danger").click();

        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() ->
                        assertThat(browser.find("[role=status]").getText()).contains("box office"));
        assertThat(withKey.get("/v1/campaigns").status()).isEqualTo(401);
        assertThat(browser.visibleText()).contains(german ? "Widerrufene Schl\u00fcssel" : "Revoked keys");
        assertThat(Axe.seriousViolations(browser))
                .as("keys page after revoking")
                .isEmpty();
        browser.screenshot("console-keys-revoked");
    }

    /** Waits for the page a click leads to: right after the click the old one may still show. */
    private static void heading(Browser browser, String expected) {
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.find("h1").getText()).isEqualTo(expected));
    }

    private void signIn(Browser browser, String email) {
        browser.open("http://127.0.0.1:" + port + "/console/campaigns");
        browser.find("#email").sendKeys(email, Keys.TAB, PASSWORD, Keys.ENTER);
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.findAll("#email")).isEmpty());
    }
}
