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
import com.walletcards.support.Flows;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A campaign's notifications as an editor meets them in headless Chromium on a phone and a
 * desktop: the composer whose counts and lock-screen preview follow the typing, the confirmation
 * with the cards it reaches, a message sent now and its per-wallet report, one scheduled and then
 * cancelled, and the composer once the campaign's three notifications are used; every page checked
 * by axe-core and kept as screenshots under target/screenshots/.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleNotificationsBrowserTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    String editor;
    String campaign;

    @BeforeEach
    void campaignWithAnActiveCard() {
        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        Organization org = users.organization("Harbour Events");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        Flows flows = new Flows(api);
        campaign = flows.campaign(Map.of("name", "Harbour Festival", "timezone", "Europe/Berlin"));
        String rid = flows.recipient(campaign);
        flows.waitForCard(campaign, rid, "created");
        flows.invite(campaign, rid);
        assertThat(flows.callback("alpha", "SAVE", flows.cardOf(campaign, rid)).status())
                .isEqualTo(200);
        flows.waitForCard(campaign, rid, "active");
        editor = users.withPassword(org, "editor");
    }

    @Test
    void onAPhoneAnEditorSendsSchedulesAndCancelsNotificationsUntilTheQuotaIsUsed() {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            walkThrough(phone, false);
        }
    }

    @Test
    void onADesktopInGermanAnEditorSendsSchedulesAndCancelsNotificationsUntilTheQuotaIsUsed() {
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            walkThrough(desktop, true);
        }
    }

    private static void waitFor(Browser browser, String css) {
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.findAll(css)).isNotEmpty());
    }

    private static void waitForText(Browser browser, String css, String text) {
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.find(css).getText()).contains(text));
    }

    private static void noSeriousViolations(Browser browser, String page) {
        assertThat(Axe.seriousViolations(browser)).as(page).isEmpty();
    }

    private void walkThrough(Browser browser, boolean de) {
        browser.open("http://127.0.0.1:" + port + "/console/campaigns/" + campaign);
        browser.find("#email").sendKeys(editor, Keys.TAB, PASSWORD, Keys.ENTER);
        waitFor(browser, "a.button[href$='/notifications']");
        browser.find("a.button[href$='/notifications']").click();
        waitFor(browser, "#new-notification");
        assertThat(browser.find("#quota").getText()).contains(de ? "Noch 3 von 3" : "3 of 3");
        noSeriousViolations(browser, "empty list");

        // Compose: the counts and the preview follow the typing.
        browser.find("#new-notification").click();
        waitFor(browser, "form[data-live]");
        assertThat(browser.find("#schedule-fields").isDisplayed()).isFalse();
        browser.find("#f-header").sendKeys("Doors open");
        waitForText(browser, "#count-header", de ? "10 von 100 Zeichen" : "10 of 100 characters");
        waitForText(browser, "#pv-header", "Doors open");
        browser.find("#f-body").sendKeys("Gate 3 is open from 18:00. Bring your card: the scanners are at the gate.");
        waitForText(browser, "#count-body", de ? "73 von 500 Zeichen" : "73 of 500 characters");
        waitForText(browser, "#pv-body", "Gate 3 is open");
        noSeriousViolations(browser, "composer");
        browser.screenshot("console-notification-compose");
        browser.document("console-notification-compose-" + (de ? "de" : "en"));

        // Review: how many cards get it; then send.
        browser.find("#review").click();
        waitFor(browser, "#reach");
        assertThat(browser.find("#reach").getText()).contains(de ? "1 aktive Karte erh\u00e4lt" : "1 active card gets");
        noSeriousViolations(browser, "confirmation");
        browser.screenshot("console-notification-confirm");
        browser.find("#confirm").click();
        waitFor(browser, "[role=status]");
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> {
            browser.driver().navigate().refresh();
            assertThat(browser.findAll("article.notification .badge.sent")).hasSize(1);
            assertThat(browser.find("table.wallet-report").getText()).contains("Apple Wallet");
        });
        assertThat(browser.find("article.notification .delivered").getText()).isEqualTo("1");
        assertThat(browser.find("#quota").getText()).contains(de ? "Noch 2 von 3" : "2 of 3");

        // Schedule one for the day after tomorrow, in the campaign's time zone, then cancel it.
        browser.find("#new-notification").click();
        waitFor(browser, "form[data-live]");
        browser.find("#f-header").sendKeys("Tomorrow");
        browser.find("#f-body").sendKeys("See you at 18:00");
        browser.find("#when-later").click();
        assertThat(browser.find("#schedule-fields").isDisplayed()).isTrue();
        String local = LocalDateTime.now(ZoneId.of("Europe/Berlin"))
                .plusDays(2)
                .truncatedTo(ChronoUnit.MINUTES)
                .toString();
        browser.driver().executeScript("arguments[0].value = arguments[1]", browser.find("#f-scheduledFor"), local);
        browser.find("#review").click();
        waitFor(browser, "#reach");
        assertThat(browser.find("#reach").getText()).contains("Europe/Berlin");
        browser.find("#confirm").click();
        waitFor(browser, "article.notification .badge.pending");
        noSeriousViolations(browser, "list with a pending notification");
        browser.screenshot("console-notifications");
        browser.document("console-notifications-" + (de ? "de" : "en"));

        browser.find("a.button.danger[href$='/cancel']").click();
        waitFor(browser, "#confirm-cancel");
        noSeriousViolations(browser, "cancel confirmation");
        browser.screenshot("console-notification-cancel");
        browser.find("#confirm-cancel").click();
        waitFor(browser, "article.notification .badge.cancelled");
        assertThat(browser.find("[role=status]").getText()).contains(de ? "storniert" : "cancelled");
        assertThat(browser.find("#quota").getText()).contains(de ? "Noch 2 von 3" : "2 of 3");

        // Two more through the API use the quota: the console says so and offers no sending.
        for (String header : new String[] {"Second", "Third"}) {
            Api.Response sent =
                    api.post("/v1/campaigns/" + campaign + "/notifications", Map.of("header", header, "body", "Text"));
            assertThat(sent.status()).as(sent.body()).isEqualTo(201);
        }
        browser.driver().navigate().refresh();
        waitForText(browser, "#quota", de ? "Noch 0 von 3" : "0 of 3");
        assertThat(browser.findAll("#new-notification")).isEmpty();
        browser.open("http://127.0.0.1:" + port + "/console/campaigns/" + campaign + "/notifications/new");
        waitFor(browser, "#quota-used");
        assertThat(browser.find("#quota-used").getText()).contains(de ? "alle 3" : "all 3");
        assertThat(browser.find("#review").isEnabled()).isFalse();
        noSeriousViolations(browser, "composer with the quota used");
        browser.screenshot("console-notification-quota");
    }
}
