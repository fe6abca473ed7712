package com.walletcards.console;

import static com.walletcards.console.ConsoleUsersForTests.PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.WebhookReceiver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * The webhook pages in headless Chromium against a receiver on 127.0.0.1 (private targets allowed,
 * as in local development): an owner creates a webhook and copies its secret, sends a test event
 * that the receiver gets, finds it in the delivery log, sends it again and rotates the secret,
 * on a phone and on a desktop in German (axe-core checked, kept as screenshots).
 */
@DatabaseTest
@ContextConfiguration(initializers = ConsoleWebhookDatabase.class)
@TestPropertySource(properties = {"wallet.webhooks.allow-private-targets=true", "wallet.webhooks.poll-interval=200ms"})
@ExtendWith(BrowserAvailability.class)
class ConsoleWebhooksBrowserTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;
    WebhookReceiver receiver;

    @BeforeEach
    void organizationAndReceiver() throws Exception {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Hooked Concerts");
        receiver = new WebhookReceiver();
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    @Test
    void onADesktopAnOwnerCreatesTestsResendsAndRotates() {
        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            walkThrough(desktop, false);
        }
    }

    @Test
    void onAPhoneInGermanAnOwnerCreatesTestsResendsAndRotates() {
        try (Browser phone = new Browser(Browser.Device.iphone("de-DE"))) {
            walkThrough(phone, true);
        }
    }

    private void walkThrough(Browser browser, boolean de) {
        String base = "http://127.0.0.1:" + port;
        browser.open(base + "/console/campaigns");
        browser.find("#email").sendKeys(users.withPassword(org, "owner"), Keys.TAB, PASSWORD, Keys.ENTER);
        heading(browser, de ? "Kampagnen" : "Campaigns");
        assertThat(browser.findAll("a[href='/console/webhooks']")).hasSize(1);
        browser.open(base + "/console/webhooks");
        heading(browser, "Webhooks");
        assertThat(Axe.seriousViolations(browser)).as("empty list").isEmpty();

        browser.find("a.button.primary[href='/console/webhooks/new']").click();
        heading(browser, de ? "Neuer Webhook" : "New webhook");
        browser.find("#url").sendKeys("ftp://files.example.com/hooks");
        browser.find("button.primary[type=submit]").click();
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.findAll("#e-url")).hasSize(1));
        assertThat(browser.findAll("#e-events")).hasSize(1);
        assertThat(Axe.seriousViolations(browser)).as("refused form").isEmpty();
        browser.screenshot("console-webhook-form-refused");

        browser.find("#url").clear();
        browser.find("#url").sendKeys(receiver.url());
        browser.find("input[name=events][value='card.installed']").click();
        browser.find("input[name=events][value='card.removed']").click();
        browser.find("#description").sendKeys("CRM sync");
        browser.find("button.primary[type=submit]").click();
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(
                        () -> assertThat(browser.find("#secret").getText()).startsWith("whsec_"));
        String secret = browser.find("#secret").getText();
        assertThat(browser.visibleText())
                .contains(de ? "nur dieses eine Mal" : "shown only this once", "card.installed, card.removed");
        assertThat(Axe.seriousViolations(browser)).as("created, secret shown").isEmpty();
        browser.screenshot("console-webhook-created");
        if (de) {
            browser.document("console-webhook-secret-de");
        }

        browser.find("form[action$='/test'] button").click();
        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.requests.get() == 1);
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().untilAsserted(() -> {
            browser.driver().navigate().refresh();
            assertThat(browser.findAll("li.delivery")).hasSize(1);
            assertThat(browser.find("li.delivery").getText())
                    .contains("webhook.test", de ? "Zugestellt" : "Delivered", "200", "ok");
        });
        assertThat(browser.visibleText()).doesNotContain(secret);
        assertThat(Axe.seriousViolations(browser)).as("delivery log").isEmpty();
        browser.screenshot("console-webhook-log");
        if (!de) {
            browser.document("console-webhook");
        }

        browser.find("li.delivery form[action$='/resend'] button").click();
        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.requests.get() == 2);
        assertThat(receiver.ids).hasSize(1);
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().untilAsserted(() -> {
            browser.driver().navigate().refresh();
            assertThat(browser.findAll("li.delivery .delivery-head .badge.succeeded"))
                    .hasSize(2);
        });

        browser.find("a.button[href$='/rotate']").click();
        heading(browser, de ? "Signaturgeheimnis erneuern?" : "Rotate the signing secret?");
        assertThat(Axe.seriousViolations(browser)).as("rotate confirmation").isEmpty();
        browser.screenshot("console-webhook-rotate");
        browser.find("form button.primary[type=submit]").click();
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.find("#secret").getText())
                        .startsWith("whsec_")
                        .isNotEqualTo(secret));
        String rotated = browser.find("#secret").getText();
        assertThat(Axe.seriousViolations(browser)).as("rotated, secret shown").isEmpty();
        browser.screenshot("console-webhook-rotated");

        browser.open(browser.driver().getCurrentUrl().replaceFirst("/rotate$", ""));
        heading(browser, receiver.url());
        assertThat(browser.findAll("#secret")).isEmpty();
        assertThat(browser.visibleText()).doesNotContain(rotated).doesNotContain(secret);
        browser.open(base + "/console/webhooks");
        assertThat(browser.visibleText()).contains(receiver.url(), "CRM sync");
        assertThat(Axe.seriousViolations(browser)).as("list").isEmpty();
        browser.screenshot("console-webhooks");
    }

    /** Waits for the page a click leads to: right after it the old one may still show. */
    private static void heading(Browser browser, String text) {
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.find("h1").getText()).isEqualTo(text));
    }
}
