package com.walletcards.holder;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.OrganizationChanges;
import com.walletcards.access.OrganizationContact;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** How the card pages show the way to the organizer, and in which language they speak. */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class HolderContactTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;
    Organization org;

    @BeforeEach
    void organizationWithAContact() {
        org = access.createOrganization("Münchner Philharmonie");
        access.updateOrganization(
                org.id(),
                new OrganizationChanges(
                        null,
                        true,
                        new OrganizationContact("tickets@phil.example", "+4989123456", "https://phil.example/hilfe"),
                        null));
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
    }

    private String page(String campaign, String recipient) {
        String link = flows.invite(campaign, recipient).get("downloadUrl").asString();
        return "http://127.0.0.1:" + port + link.substring(link.indexOf("/c/"));
    }

    private Api.Response open(String page, String acceptLanguage) {
        return api.withKey(null)
                .rawWithHeaders(
                        "GET",
                        page,
                        null,
                        "text/html",
                        Map.of("Accept", "text/html", "Accept-Language", acceptLanguage));
    }

    @Test
    void theVoidPageShowsHowToReachTheOrganizerOnPhoneAndDesktopInEnglishAndGerman() {
        String campaign = flows.campaign(Map.of("name", "Summer Night Concert"));
        String recipient = flows.recipient(campaign);
        String page = page(campaign, recipient);
        api.post("/v1/campaigns/" + campaign + "/recipients/" + recipient + "/revoke", Map.of());
        assertThat(open(page, "en").status()).isEqualTo(410);
        for (String language : List.of("en", "de")) {
            for (Browser.Device device : List.of(Browser.Device.iphone(language), Browser.Device.desktop(language))) {
                try (Browser browser = new Browser(device)) {
                    browser.open(page);
                    browser.screenshot("void-contact");
                    browser.document("void-" + language);
                    String heading = language.equals("de")
                            ? "Fragen? Münchner Philharmonie hilft Ihnen gern:"
                            : "Questions? Münchner Philharmonie is there to help:";
                    assertThat(browser.find(".contact h2").getText()).isEqualTo(heading);
                    assertThat(browser.visibleText())
                            .contains(language.equals("de") ? "Telefon" : "Phone")
                            .contains("+4989123456")
                            .contains("https://phil.example/hilfe");
                    assertThat(browser.find(".contact a[href^='mailto:']").getAttribute("href"))
                            .isEqualTo("mailto:tickets@phil.example");
                    assertThat(browser.find(".contact a[href^='tel:']").getAttribute("href"))
                            .isEqualTo("tel:+4989123456");
                    assertThat(((Number) browser.driver().executeScript("return document.documentElement.scrollWidth"))
                                    .intValue())
                            .as("no horizontal scrolling")
                            .isLessThanOrEqualTo(device.width());
                }
            }
        }
    }

    @Test
    void theCardPageShowsTheContactAndSpeaksTheRecipientsLanguageBeforeTheBrowsers() {
        String campaign = flows.campaign(Map.of("name", "Summer Night Concert"));
        String german =
                flows.recipient(campaign, Map.of("locale", "de")).get("id").asString();
        String plain = flows.recipient(campaign);

        Api.Response germanPage = open(page(campaign, german), "en-US,en;q=0.9");
        assertThat(germanPage.status()).isEqualTo(200);
        assertThat(germanPage.body())
                .contains("<html lang=\"de\">")
                .contains("Fragen? Münchner Philharmonie hilft Ihnen gern:")
                .contains("href=\"mailto:tickets@phil.example\"");

        String plainPage = page(campaign, plain);
        assertThat(open(plainPage, "de-DE").body()).contains("<html lang=\"de\">");
        assertThat(open(plainPage, "en").body())
                .contains("<html lang=\"en\">")
                .contains("Questions? Münchner Philharmonie is there to help:");
        assertThat(open(plainPage, "fr-FR").body())
                .as("a browser naming neither language gets the organization's")
                .contains("<html lang=\"en\">");
        access.updateOrganization(org.id(), new OrganizationChanges(null, false, null, Locale.GERMAN));
        assertThat(open(plainPage, "fr-FR").body()).contains("<html lang=\"de\">");
        assertThat(open(plainPage, "en").body()).contains("<html lang=\"en\">");
    }

    @Test
    void withoutAContactThePagesShowNone() {
        access.updateOrganization(org.id(), new OrganizationChanges(null, true, null, null));
        String campaign = flows.campaign();
        String page = page(campaign, flows.recipient(campaign));
        assertThat(open(page, "en").body())
                .doesNotContain("class=\"panel contact\"")
                .doesNotContain("mailto:");
    }
}
