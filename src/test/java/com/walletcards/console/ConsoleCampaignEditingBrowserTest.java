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
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * An editor creates an event campaign with every field in headless Chromium, meets a validation
 * error next to its field, changes the campaign once its cards are installed (through the change
 * summary) and archives it; every page checked by axe-core and kept as screenshots under
 * target/screenshots/, on a desktop in English and a phone in German.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleCampaignEditingBrowserTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;
    String editor;

    @BeforeEach
    void organization() {
        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        Organization org = users.organization("Munich Philharmonic");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
        editor = users.withPassword(org, "editor");
    }

    @Test
    void onADesktopAnEditorCreatesChangesAndArchivesAnEventCampaign() {
        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            createChangeAndArchive(desktop, new Words("Campaigns", "Check the change before it is sent", "Archive"));
        }
    }

    @Test
    void onAPhoneInGermanAnEditorCreatesChangesAndArchivesAnEventCampaign() {
        try (Browser phone = new Browser(Browser.Device.iphone("de-DE"))) {
            createChangeAndArchive(
                    phone, new Words("Kampagnen", "\u00c4nderung pr\u00fcfen, bevor sie gesendet wird", "archivieren"));
        }
    }

    private record Words(String campaigns, String summary, String archive) {}

    private void createChangeAndArchive(Browser browser, Words words) {
        String base = "http://127.0.0.1:" + port;
        browser.open(base + "/console/campaigns");
        browser.find("#email").sendKeys(editor, Keys.TAB, PASSWORD, Keys.ENTER);
        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(browser.find("h1").getText()).isEqualTo(words.campaigns()));

        browser.find("a.button.primary[href='/console/campaigns/new']").click();
        type(browser, "name", "Summer Night Concert");
        type(browser, "timezone", "Europe/Berlin");
        set(browser, "startDate", "2031-07-01");
        set(browser, "endDate", "2031-07-02");
        set(browser, "campaignData.doors_open_time", "17:30");
        set(browser, "campaignData.start_time", "18:00");
        set(browser, "campaignData.end_time", "23:00");
        type(browser, "campaignData.location", "Hall A");
        type(browser, "campaignData.venue.name", "Isarphilharmonie");
        type(browser, "campaignData.venue.address", "Hans-Preissinger-Str. 8, 81379 M\u00fcnchen");
        type(browser, "campaignData.venue.latitude", "48.1146");
        type(browser, "campaignData.venue.longitude", "11.5486");
        browser.find("input[name=providerTypes][value=eudiw]").click();
        browser.find("select[name='campaignData.barcodeType'] option[value=aztec]")
                .click();
        type(browser, "campaignData.design.backgroundColor", "dark blue");
        type(browser, "campaignData.design.foregroundColor", "#FFFFFF");
        type(browser, "campaignData.design.labelColor", "#F2A900");
        type(browser, "campaignData.design.logoText", "Philharmonie");
        type(browser, "campaignData.design.description", "Summer Night Concert ticket");
        browser.find("#mk-0").sendKeys("crmId");
        browser.find("#mv-0").sendKeys("c-17");
        browser.find("#campaign-form button.primary").click();

        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(browser.find("#e-f-campaignData-design-backgroundColor")
                                .getText())
                        .isEqualTo("must be a colour #RRGGBB"));
        assertThat(browser.find("[name=name]").getAttribute("value")).isEqualTo("Summer Night Concert");
        assertThat(browser.find("#mv-0").getAttribute("value")).isEqualTo("c-17");
        assertThat(Axe.seriousViolations(browser)).as("form with an error").isEmpty();
        browser.screenshot("console-campaign-form-invalid");

        WebElement colour = browser.find("[name='campaignData.design.backgroundColor']");
        colour.clear();
        colour.sendKeys("#1D3A6E");
        browser.find("#campaign-form button.primary").click();
        assertThat(status(browser)).isNotBlank();
        String url = browser.driver().getCurrentUrl();
        String id = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));

        JsonNode created = api.get("/v1/campaigns/" + id).data();
        assertThat(created.get("name").asString()).isEqualTo("Summer Night Concert");
        assertThat(created.get("campaignType").asString()).isEqualTo("event");
        assertThat(created.get("startDate").asString()).isEqualTo("2031-07-01");
        assertThat(created.get("endDate").asString()).isEqualTo("2031-07-02");
        assertThat(created.get("providerTypes").toString()).isEqualTo("[\"alpha\",\"beta\"]");
        assertThat(created.get("metadata").toString()).isEqualTo("{\"crmId\":\"c-17\"}");
        JsonNode data = created.get("campaignData");
        assertThat(data.get("timezone").asString()).isEqualTo("Europe/Berlin");
        assertThat(data.get("doors_open_time").asString()).isEqualTo("17:30");
        assertThat(data.get("start_time").asString()).isEqualTo("18:00");
        assertThat(data.get("end_time").asString()).isEqualTo("23:00");
        assertThat(data.get("location").asString()).isEqualTo("Hall A");
        assertThat(data.get("barcodeType").asString()).isEqualTo("aztec");
        assertThat(data.get("barcodeValueStrategy").asString()).isEqualTo("auto");
        assertThat(data.at("/venue/name").asString()).isEqualTo("Isarphilharmonie");
        assertThat(data.at("/venue/address").asString()).isEqualTo("Hans-Preissinger-Str. 8, 81379 M\u00fcnchen");
        assertThat(data.at("/venue/latitude").asDouble()).isEqualTo(48.1146);
        assertThat(data.at("/venue/longitude").asDouble()).isEqualTo(11.5486);
        assertThat(data.at("/design/backgroundColor").asString()).isEqualTo("#1D3A6E");
        assertThat(data.at("/design/foregroundColor").asString()).isEqualTo("#FFFFFF");
        assertThat(data.at("/design/labelColor").asString()).isEqualTo("#F2A900");
        assertThat(data.at("/design/logoText").asString()).isEqualTo("Philharmonie");
        assertThat(data.at("/design/description").asString()).isEqualTo("Summer Night Concert ticket");

        installCards(id);
        browser.open(base + "/console/campaigns/" + id + "/edit");
        assertThat(browser.findAll("form#campaign-form")).hasSize(1);
        assertThat(browser.findAll("aside#previews.previews")).hasSize(1);
        assertThat(Axe.seriousViolations(browser)).as("edit form").isEmpty();
        browser.screenshot("console-campaign-form");

        set(browser, "campaignData.start_time", "19:30");
        browser.find("#campaign-form button.primary").click();
        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(browser.find("h1").getText()).isEqualTo(words.summary()));
        assertThat(browser.visibleText()).contains("18:00", "19:30");
        assertThat(api.get("/v1/campaigns/" + id)
                        .data()
                        .at("/campaignData/start_time")
                        .asString())
                .isEqualTo("18:00");
        assertThat(Axe.seriousViolations(browser)).as("change summary").isEmpty();
        browser.screenshot("console-campaign-changes");
        browser.find("form.confirm button.primary").click();
        assertThat(status(browser)).isNotBlank();
        assertThat(api.get("/v1/campaigns/" + id)
                        .data()
                        .at("/campaignData/start_time")
                        .asString())
                .isEqualTo("19:30");

        browser.find("a[href$='/archive']").click();
        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(browser.find("h1").getText()).contains(words.archive()));
        assertThat(Axe.seriousViolations(browser)).as("archive confirmation").isEmpty();
        browser.screenshot("console-campaign-archive");
        browser.find("form.confirm button[type=submit]").click();
        assertThat(status(browser)).isNotBlank();
        assertThat(api.get("/v1/campaigns/" + id).data().get("status").asString())
                .isEqualTo("archived");
        browser.screenshot("console-campaign-archived");
    }

    /** One Apple Wallet and one Google Wallet card installed, as their signed callbacks report it. */
    private void installCards(String id) {
        List<String> cards = List.of(flows.recipient(id), flows.recipient(id)).stream()
                .map(r -> {
                    flows.waitForCard(id, r, "created");
                    return flows.cardOf(id, r);
                })
                .toList();
        assertThat(flows.callback("alpha", "SAVE", cards.get(0)).status()).isEqualTo(200);
        assertThat(flows.callback("beta", "SAVE", cards.get(1)).status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(api.get("/v1/campaigns/" + id + "/stats")
                                .data()
                                .at("/funnel/installed")
                                .asLong())
                        .isEqualTo(2));
    }

    /** The notice of the page a form led to: the POST, its redirect and the page take a moment. */
    private static String status(Browser browser) {
        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(browser.findAll("[role=status]"))
                        .as(browser.visibleText())
                        .isNotEmpty());
        return browser.find("[role=status]").getText();
    }

    private static void type(Browser browser, String name, String text) {
        WebElement field = browser.find("[name='" + name + "']");
        field.clear();
        field.sendKeys(text);
    }

    /** Date and time inputs take their keys in the browser's locale; their value is set as ISO text. */
    private static void set(Browser browser, String name, String value) {
        browser.driver()
                .executeScript("arguments[0].value = arguments[1]", browser.find("[name='" + name + "']"), value);
    }
}
