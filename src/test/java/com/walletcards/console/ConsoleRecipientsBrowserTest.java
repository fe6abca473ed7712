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
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A campaign's recipients as an editor meets them in headless Chromium on a phone and a desktop:
 * the table with its search and its next and previous pages, a recipient with a journey, and a
 * revocation through its confirmation; every page checked by axe-core and kept as screenshots
 * under target/screenshots/.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleRecipientsBrowserTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;
    String editor;
    String campaign;
    String traveller;

    @BeforeEach
    void campaignWithRecipients() {
        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        Organization org = users.organization("Alpine Festival");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
        campaign = flows.campaign(Map.of("name", "Summer Night Concert", "timezone", "Europe/Berlin"));
        ConsoleRecipientsTest.addMany(api, campaign, 55);
        traveller = flows.recipient(
                        campaign,
                        Map.of(
                                "email", "ada.lovelace@example.org",
                                "externalId", "VIP-1",
                                "recipientData", Map.of("seat", "B2", "gate", "North")))
                .get("id")
                .asString();
        flows.waitForCard(campaign, traveller, "created");
        flows.invite(campaign, traveller);
        assertThat(flows.callback("alpha", "SAVE", flows.cardOf(campaign, traveller))
                        .status())
                .isEqualTo(200);
        editor = users.withPassword(org, "editor");
    }

    @Test
    void onAPhoneAnEditorFindsARecipientAndRevokesItsCard() {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            walkThrough(phone, "en");
        }
    }

    @Test
    void onADesktopInGermanAnEditorFindsARecipientAndRevokesItsCard() {
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            walkThrough(desktop, "de");
        }
    }

    /** Waits for the page a link or a search leads to: right after the click the old one may still show. */
    private static void rows(Browser browser, int expected) {
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() ->
                        assertThat(browser.findAll("table.recipients tbody tr")).hasSize(expected));
    }

    private void walkThrough(Browser browser, String language) {
        boolean de = language.equals("de");
        browser.open("http://127.0.0.1:" + port + "/console/campaigns/" + campaign);
        browser.find("#email").sendKeys(editor, Keys.TAB, PASSWORD, Keys.ENTER);
        browser.find("a.button.primary[href$='/recipients']").click();

        rows(browser, 50);
        assertThat(browser.visibleText()).contains(de ? "56 Empf\u00e4nger" : "56 recipients", "Apple Wallet");
        assertThat(Axe.seriousViolations(browser)).as("recipients table").isEmpty();
        browser.screenshot("console-recipients");

        browser.find("a[rel=next]").click();
        rows(browser, 6);
        browser.find("a[rel=prev]").click();
        rows(browser, 50);

        browser.typeAndSubmit("#q", "ADA.LOVE", Keys.ENTER);
        rows(browser, 1);
        browser.find("table.recipients tbody th a").click();

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            browser.driver().navigate().refresh();
            assertThat(browser.visibleText()).contains(de ? "Dem Wallet hinzugef\u00fcgt" : "Added to the wallet");
        });
        assertThat(browser.visibleText()).contains("VIP-1", "North", "Europe/Berlin");
        assertThat(Axe.seriousViolations(browser)).as("recipient page").isEmpty();
        browser.screenshot("console-recipient");

        browser.find("a.button.danger[href$='/revoke']").click();
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.findAll("form button[type=submit].danger"))
                        .hasSize(1));
        assertThat(browser.visibleText()).contains("Apple Wallet", "Google Wallet");
        assertThat(Axe.seriousViolations(browser)).as("revoke confirmation").isEmpty();
        browser.screenshot("console-recipient-revoke");
        browser.find("form button[type=submit].danger").click();

        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.find("[role=status]").getText())
                        .isEqualTo(de ? "Die Karte wurde widerrufen." : "The card was revoked."));
        assertThat(api.get("/v1/campaigns/" + campaign + "/recipients/" + traveller)
                        .data()
                        .get("status")
                        .asString())
                .isEqualTo("revoked");
    }
}
