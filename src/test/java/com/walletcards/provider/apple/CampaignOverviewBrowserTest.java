package com.walletcards.provider.apple;

import static com.walletcards.console.ConsoleUsersForTests.PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.console.ConsoleUsersForTests;
import com.walletcards.support.Api;
import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.ServiceProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The console's campaign overview (docs/console.md, "Campaign overview") in headless Chromium, for
 * a campaign whose cards went every way: card pages opened, an Apple device registered through the
 * pass web service, Google saves and a removal by signed callbacks, then a campaign change pushed
 * through a mock APNs and fetched by the device. Every figure on the page is checked exactly, and
 * so are an empty campaign's page, a viewer's and another organization's (404), and the device on
 * the recipient's page. It lives beside the
 * Apple tests because it needs their device and mock APNs.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
@ContextConfiguration(initializers = CampaignOverviewBrowserTest.OwnDatabase.class)
@TestPropertySource(
        properties = {
            "wallet.providers.settings.alpha.mode=apple",
            "wallet.data-dir=" + CampaignOverviewBrowserTest.DATA_DIR,
            "wallet.propagation.retry-delay=PT0.2S",
            "wallet.updates.stale-after=PT1H"
        })
class CampaignOverviewBrowserTest {

    static final class OwnDatabase extends SeparateDatabase {}

    static final String DATA_DIR = "target/campaign-overview-test-data";
    static final int PORT = ServiceProcess.freePort();
    static final MockApns APNS;
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1";
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    static {
        try {
            PassCredentials chain = PassCredentials.development(
                    Path.of(DATA_DIR, PassCredentials.DEV_DIRECTORY),
                    new AppleSettings(null, null, null, null, null, "", 0, null, 1, Duration.ZERO));
            APNS = new MockApns(Path.of(DATA_DIR), List.of(chain.wwdr(), chain.root()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @DynamicPropertySource
    static void ownPortAndApns(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("wallet.download-base-url", () -> "http://localhost:" + PORT);
        registry.add("wallet.providers.settings.alpha.apns-host", () -> "localhost");
        registry.add("wallet.providers.settings.alpha.apns-port", () -> APNS.port);
        registry.add(
                "wallet.providers.settings.alpha.apns-trusted-ca",
                () -> APNS.serverCa.toAbsolutePath().toString());
    }

    @AfterAll
    static void stopApns() throws Exception {
        APNS.stop();
    }

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;
    Api api;
    Flows flows;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Munich Philharmonic");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
    }

    @Test
    void theOverviewShowsTheFunnelTheWalletsTheDaysAndTheLatestDeliveryExactly() {
        String c = flows.campaign(Map.of("name", "Summer Night Concert", "timezone", "Europe/Berlin"));
        // Ada: Apple Wallet, her pass on one device. Bob: Google Wallet. Carl: Google Wallet, then
        // removed it. Eve: added, never invited.
        String ada = flows.recipient(c);
        String bob = flows.recipient(c);
        String carl = flows.recipient(c);
        String eve = flows.recipient(c);
        List.of(ada, bob, carl, eve).forEach(r -> flows.waitForCard(c, r, "created"));
        String adaPage = page(c, ada);
        String bobPage = page(c, bob);
        String carlPage = page(c, carl);
        assertThat(open(adaPage)).isEqualTo(200);
        assertThat(open(adaPage)).isEqualTo(200);
        assertThat(open(bobPage)).isEqualTo(200);
        assertThat(open(carlPage)).isEqualTo(200);
        assertThat(open(bobPage + "/beta")).isEqualTo(200);
        assertThat(open(carlPage + "/beta")).isEqualTo(200);

        JsonNode pass = PassFile.unzip(api.download(adaPage + "/alpha").body()).passJson();
        String passTypeId = pass.get("passTypeIdentifier").asString();
        String serial = pass.get("serialNumber").asString();
        String id = UUID.randomUUID().toString().replace("-", "");
        Device phone = new Device(pass.get("webServiceURL").asString(), id, (id + id).substring(0, 64));
        APNS.knows(passTypeId, phone.pushToken);
        assertThat(phone.register(
                                passTypeId,
                                serial,
                                pass.get("authenticationToken").asString())
                        .status())
                .isEqualTo(201);
        flows.waitForCard(c, ada, "active");
        assertThat(flows.callback("beta", "SAVE", flows.cardOf(c, bob)).status())
                .isEqualTo(200);
        String carlCard = flows.cardOf(c, carl);
        assertThat(flows.callback("beta", "SAVE", carlCard).status()).isEqualTo(200);
        assertThat(flows.callback("beta", "DELETE", carlCard).status()).isEqualTo(200);
        flows.waitForCard(c, bob, "active");

        // The change: pushed to Ada's device, which fetches it; Bob's Google object takes it.
        assertThat(api.patch("/v1/campaigns/" + c, Map.of("name", "Winter Night Concert"))
                        .status())
                .isEqualTo(200);
        await().atMost(PATIENCE)
                .until(() -> delivery(c, "alpha").get("target").asLong() == 1
                        && delivery(c, "beta").get("delivered").asLong() == 1);
        await().atMost(PATIENCE).until(() -> !APNS.accepted(phone.pushToken).isEmpty());
        assertThat(phone.updated(passTypeId, null).status()).isEqualTo(200);
        assertThat(phone.pass(
                                passTypeId,
                                serial,
                                pass.get("authenticationToken").asString(),
                                null)
                        .status())
                .isEqualTo(200);
        await().atMost(PATIENCE)
                .until(() -> delivery(c, "alpha").get("delivered").asLong() == 1);

        // The holders' and the wallets' steps reach the figures with the next fold of their appended
        // facts (every 2 s): on a quick run the page could otherwise be read before it.
        await().atMost(PATIENCE).until(() -> {
            JsonNode funnel = api.get("/v1/campaigns/" + c + "/stats").data().get("funnel");
            return funnel.get("opened").asLong() == 3
                    && funnel.get("installed").asLong() == 3
                    && funnel.get("removed").asLong() == 1;
        });

        String owner = users.withPassword(org, "owner");
        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            signIn(desktop, owner, "/console/campaigns/" + c);
            assertThat(desktop.find("h1").getText()).isEqualTo("Winter Night Concert");
            assertThat(funnel(desktop))
                    .containsExactly(
                            "Added 4 –",
                            "Card created 4 100 %",
                            "Invited 3 75 %",
                            "Opened the card page 3 100 %",
                            "Installed 3 100 %",
                            "Removed 1 33 %",
                            "Revoked 0 0 %");
            assertThat(rows(desktop, "#wallets tbody tr"))
                    .containsExactly(
                            "Apple Wallet 1 1 0 1",
                            "Google Wallet 2 1 1 –not applicable",
                            "EU wallet 0 0 0 –not applicable");
            String today = LocalDate.now(BERLIN)
                    .format(DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM)
                            .withLocale(Locale.ENGLISH));
            List<String> days = rows(desktop, "#days tbody tr");
            assertThat(days).hasSize(30);
            assertThat(days.get(29)).isEqualTo(today + " 1 2 0 0 1 0");
            assertThat(days.subList(0, 29)).allSatisfy(d -> assertThat(d).endsWith(" 0 0 0 0 0 0"));
            assertThat(desktop.find(".chart-box svg title").getAttribute("textContent"))
                    .isEqualTo("Installs and removals per wallet and day");
            assertThat(desktop.find(".chart-box svg desc").getAttribute("textContent"))
                    .contains("3 installs and 1 removals");
            assertThat(desktop.find("#delivery .version").getText()).startsWith("Version 1, changed ");
            assertThat(rows(desktop, "#delivery-table tbody tr"))
                    .containsExactly("Apple Wallet 1 1 0 0 0", "Google Wallet 1 1 0 0 0", "EU wallet 0 0 0 0 0");
            assertThat(Axe.seriousViolations(desktop)).as("overview").isEmpty();
            desktop.screenshot("console-overview");
            desktop.find(".chart-table summary").click();
            assertThat(Axe.seriousViolations(desktop))
                    .as("overview with the chart's table open")
                    .isEmpty();

            desktop.find("a[href$='days=7']").click();
            assertThat(rows(desktop, "#days tbody tr")).hasSize(7);
            desktop.open("http://127.0.0.1:" + port + "/console/campaigns/" + c + "?from=2031-01-02&to=2031-01-01");
            assertThat(desktop.find("[role=alert]").getText()).contains("end comes before the start");
            assertThat(rows(desktop, "#days tbody tr")).hasSize(30);

            // Ada's page names the device her pass is registered on, by the start of its identifier.
            desktop.open("http://127.0.0.1:" + port + "/console/campaigns/" + c + "/recipients/" + ada);
            assertThat(desktop.findAll("ul.devices li"))
                    .singleElement()
                    .satisfies(device -> assertThat(device.getText())
                            .startsWith("Device " + phone.libraryId.substring(0, 8) + "…, registered ")
                            .contains(String.valueOf(LocalDate.now(BERLIN).getYear())));
            assertThat(Axe.seriousViolations(desktop))
                    .as("recipient with a device")
                    .isEmpty();
            desktop.screenshot("console-recipient-device");

            desktop.open("http://127.0.0.1:" + port + "/console/campaigns");
            assertThat(desktop.find("td.installed span[aria-hidden]").getText()).isEqualTo("Apple 1 · Google 1 · EU 0");
            assertThat(Axe.seriousViolations(desktop)).as("campaign list").isEmpty();
            desktop.screenshot("console-campaigns-installed");
        }
        try (Browser phone2 = new Browser(Browser.Device.iphone("de-DE"))) {
            signIn(phone2, owner, "/console/campaigns/" + c + "?lang=de");
            assertThat(phone2.find("#funnel-heading").getText()).isEqualTo("Trichter");
            assertThat(phone2.find(".chart-box svg title").getAttribute("textContent"))
                    .isEqualTo("Installationen und Entfernungen je Wallet und Tag");
            assertThat(Axe.seriousViolations(phone2)).as("overview on a phone").isEmpty();
            phone2.screenshot("console-overview");
            phone2.open("http://127.0.0.1:" + port + "/console/campaigns");
            assertThat(Axe.seriousViolations(phone2))
                    .as("campaign list on a phone")
                    .isEmpty();
            phone2.screenshot("console-campaigns-installed");
        }
    }

    @Test
    void anEmptyCampaignShowsItsEmptyStatesAViewerSeesItAndAnotherOrganizationGets404() {
        String c = flows.campaign(Map.of("name", "Quiet Campaign"));
        String viewer = users.withPassword(org, "viewer");
        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            signIn(desktop, viewer, "/console/campaigns/" + c);
            assertThat(desktop.find("h1").getText()).isEqualTo("Quiet Campaign");
            assertThat(desktop.visibleText())
                    .contains("No recipients yet.", "No change since the cards were issued.", "Apple Wallet")
                    .doesNotContain("Edit via the API");
            assertThat(desktop.find(".chart-box svg").getAttribute("textContent"))
                    .contains("No installs or removals in this range");
            assertThat(Axe.seriousViolations(desktop)).as("empty overview").isEmpty();
            desktop.screenshot("console-overview-empty");
        }
        Organization other = users.organization("Another Orchestra");
        String stranger = users.withPassword(other, "owner");
        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            signIn(desktop, stranger, "/console/campaigns/" + c);
            assertThat(desktop.find("h1").getText()).isEqualTo("Not found");
            assertThat(desktop.visibleText()).doesNotContain("Quiet Campaign");
        }
    }

    private void signIn(Browser browser, String email, String path) {
        browser.open("http://127.0.0.1:" + port + "/console/campaigns");
        browser.find("#email").sendKeys(email, Keys.TAB, PASSWORD, Keys.ENTER);
        await().atMost(PATIENCE).until(() -> browser.driver().getCurrentUrl().contains("/console/campaigns"));
        browser.find("h1");
        browser.open("http://127.0.0.1:" + port + path);
    }

    private static List<String> funnel(Browser browser) {
        return rows(browser, "table.funnel tbody tr");
    }

    /** Each row's cells' text, whitespace folded, read even when the row is folded away in {@code <details>}. */
    private static List<String> rows(Browser browser, String css) {
        return browser.findAll(css).stream()
                .map(row -> row.findElements(By.cssSelector("th, td")).stream()
                        .map(cell -> cell.getAttribute("textContent").strip().replaceAll("\\s+", " "))
                        .filter(text -> !text.isEmpty())
                        .reduce((a, b) -> a + " " + b)
                        .orElse(""))
                .toList();
    }

    private String page(String c, String r) {
        String url = flows.invite(c, r).get("downloadUrl").asString();
        return url.substring(url.indexOf("/c/"));
    }

    private int open(String path) {
        return api.withKey(null)
                .rawWithHeaders("GET", path, null, "text/html", Map.of("User-Agent", IPHONE, "Accept", "text/html"))
                .status();
    }

    private JsonNode delivery(String c, String provider) {
        JsonNode list = api.get("/v1/campaigns/" + c + "/updates").data().get("updates");
        if (list.isEmpty()) {
            return tools.jackson.databind.json.JsonMapper.builder().build().readTree("{\"target\":0,\"delivered\":0}");
        }
        return list.get(0).get("byProvider").get(provider);
    }
}
