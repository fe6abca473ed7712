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
 * The audit page in headless Chromium: an owner reads and filters the log with the keyboard on a
 * phone and a desktop (checked by axe-core, kept as screenshots); an editor is refused.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleAuditBrowserTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;
    String campaign;

    @BeforeEach
    void organizationWithWrites() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Munich Philharmonic");
        Flows flows = new Flows(new Api(
                port, access.issueKey(org.id(), "box office", Scope.all()).secret()));
        campaign = flows.campaign(Map.of("name", "Summer Night Concert"));
        flows.recipient(campaign);
        flows.recipient(campaign);
        flows.campaign(Map.of("name", "Season Ticket 2031/32", "campaignType", "access"));
    }

    @Test
    void onAPhoneAnOwnerReadsTheLogAndFiltersItByTarget() {
        String owner = users.withPassword(org, "owner");
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            signIn(phone, owner);
            phone.open("http://127.0.0.1:" + port + "/console/audit");
            assertThat(phone.find("h1").getText()).isEqualTo("Audit log");
            assertThat(phone.visibleText()).contains("campaign.created", "recipient.created", "box office", "API key");
            assertThat(Axe.seriousViolations(phone)).as("audit page").isEmpty();
            phone.screenshot("console-audit");

            phone.typeAndSubmit("#target", campaign, Keys.ENTER);
            assertThat(phone.find("#target").getAttribute("value")).isEqualTo(campaign);
            assertThat(phone.visibleText())
                    .contains("1 event", "campaign.created")
                    .doesNotContain("recipient.created");
            assertThat(Axe.seriousViolations(phone)).as("filtered audit page").isEmpty();
            phone.screenshot("console-audit-filtered");
        }
    }

    @Test
    void onADesktopInGermanAnOwnerReadsTheLog() {
        String owner = users.withPassword(org, "owner");
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            signIn(desktop, owner);
            desktop.open("http://127.0.0.1:" + port + "/console/audit");
            assertThat(desktop.find("h1").getText()).isEqualTo("Protokoll");
            assertThat(desktop.find("html").getAttribute("lang")).isEqualTo("de");
            assertThat(desktop.visibleText()).contains("campaign.created", "API-Schl\u00fcssel", "Konsolen-Benutzer");
            assertThat(Axe.seriousViolations(desktop)).as("audit page").isEmpty();
            desktop.screenshot("console-audit");
        }
    }

    @Test
    void anEditorFindsNoLinkAndIsRefused() {
        String editor = users.withPassword(org, "editor");
        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            signIn(desktop, editor);
            assertThat(desktop.findAll("a[href='/console/audit']")).isEmpty();
            desktop.open("http://127.0.0.1:" + port + "/console/audit");
            assertThat(desktop.find("h1").getText()).isEqualTo("Not allowed");
            assertThat(desktop.visibleText()).doesNotContain("campaign.created");
            assertThat(Axe.seriousViolations(desktop)).as("refusal page").isEmpty();
            desktop.screenshot("console-audit-refused");
        }
    }

    private void signIn(Browser browser, String email) {
        browser.open("http://127.0.0.1:" + port + "/console/campaigns");
        browser.find("#email").sendKeys(email, Keys.TAB, PASSWORD, Keys.ENTER);
        browser.awaitSignedIn();
        assertThat(browser.find("h1").getText()).isNotBlank();
    }
}
