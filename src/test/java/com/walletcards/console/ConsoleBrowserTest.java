package com.walletcards.console;

import static com.walletcards.console.ConsoleUsersForTests.PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The console as a campaign manager meets it, in headless Chromium on a phone and a desktop:
 * signing in with the keyboard alone, the campaign list, both checked by axe-core and kept as
 * screenshots under target/screenshots/.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleBrowserTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    String owner;

    @BeforeEach
    void organizationWithCampaigns() {
        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        Organization org = users.organization("Munich Philharmonic");
        Flows flows = new Flows(
                new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret()));
        String concert = flows.campaign(Map.of("name", "Summer Night Concert"));
        flows.recipient(concert);
        flows.recipient(concert);
        flows.campaign(Map.of("name", "Season Ticket 2031/32", "campaignType", "access"));
        flows.campaign(Map.of("name", "Ten percent off at the bar", "campaignType", "coupon"));
        owner = users.withPassword(org, "owner");
    }

    @Test
    void onAPhoneAManagerSignsInWithTheKeyboardAndSeesTheCampaigns() {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            signInAndCheck(phone, "Sign in", "Campaigns", "en");
        }
    }

    @Test
    void onADesktopInGermanAManagerSignsInAndSeesTheCampaigns() {
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            signInAndCheck(desktop, "Anmelden", "Kampagnen", "de");
        }
    }

    private void signInAndCheck(Browser browser, String signIn, String campaigns, String language) {
        browser.open("http://127.0.0.1:" + port + "/console/campaigns");
        assertThat(browser.find("h1").getText()).isEqualTo(signIn);
        assertThat(Axe.seriousViolations(browser)).as("sign-in page").isEmpty();
        browser.screenshot("console-sign-in");

        browser.find("#email").sendKeys(owner, Keys.TAB, "not the password", Keys.ENTER);
        assertThat(browser.find("[role=alert]").getText()).isNotBlank();
        browser.screenshot("console-sign-in-failed");

        browser.find("#email").sendKeys(owner, Keys.TAB, PASSWORD, Keys.ENTER);
        browser.awaitSignedIn();
        assertThat(browser.find("h1").getText()).isEqualTo(campaigns);
        assertThat(browser.visibleText())
                .contains("Summer Night Concert", "Season Ticket 2031/32", "Ten percent off at the bar");
        assertThat(browser.find("html").getAttribute("lang")).isEqualTo(language);
        assertThat(Axe.seriousViolations(browser)).as("campaign list").isEmpty();
        browser.screenshot("console-campaigns");
    }
}
