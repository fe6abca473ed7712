package com.walletcards.holder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.campaign.CardColours;
import com.walletcards.support.Api;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The holder page as holders see it: in headless Chromium, on a phone and on a desktop. */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class HolderPageBrowserTest {

    private static final String BACKGROUND = Concert.BACKGROUND;

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;
    String organizer;

    @BeforeEach
    void organization() {
        organizer = "Munich Philharmonic";
        Organization org = access.createOrganization(organizer);
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    /** The designed concert ({@link Concert}) with a seated holder who received one message. */
    private String concertCardLink() {
        String campaign = Concert.create(api, flows, null);
        String recipient = flows.recipient(campaign, Concert.holder()).get("id").asString();
        String link = flows.invite(campaign, recipient).get("downloadUrl").asString();
        flows.callback("beta", "INSTALL", flows.cardOf(campaign, recipient));
        String notification = api.post(
                        "/v1/campaigns/" + campaign + "/notifications",
                        Map.of("header", "Doors are open", "body", "Gate 3 is open. Welcome!"))
                .data()
                .get("id")
                .asString();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> api.get("/v1/campaigns/" + campaign + "/notifications/" + notification)
                        .data()
                        .get("status")
                        .asString()
                        .equals("sent"));
        return base() + link.substring(link.indexOf("/c/"));
    }

    @Test
    void onAnIphoneTheCardShowsWhatTheHolderNeedsAndAppleWalletComesFirst() {
        String link = concertCardLink();
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            phone.open(link);
            phone.screenshot("card");
            phone.document("card-en");

            assertThat(phone.find("html").getAttribute("lang")).isEqualTo("en");
            assertThat(phone.find("h1").getText()).isEqualTo("Summer Night Concert");
            String text = phone.visibleText();
            assertThat(text)
                    .contains("TICKET")
                    .contains("Issued by " + organizer)
                    .contains("Ada Lovelace")
                    .contains("Tuesday 1 July 2031")
                    .contains("19:30 – 23:00 CEST")
                    .contains("18:30")
                    .contains("VENUE\nOlympiahalle\nSpiridon-Louis-Ring 21, 80809 Munich\nShow on map")
                    .contains("SEAT\nA12")
                    .contains("ROW\n4")
                    .contains("TIER\nGold")
                    .contains("Beethoven's Ninth under the open sky.")
                    .contains("Doors are open")
                    .contains("Gate 3 is open. Welcome!")
                    .doesNotContain("internalNote")
                    .doesNotContain("barcodeValue");
            assertThat(text.indexOf("Tuesday 1 July 2031")).isEqualTo(text.lastIndexOf("Tuesday 1 July 2031"));
            WebElement barcode = phone.find(".code img");
            assertThat(barcode.isDisplayed()).isTrue();
            assertThat(barcode.getAttribute("alt")).startsWith("QR code for Summer Night Concert, code ");
            assertThat(phone.find(".logo").getAttribute("src")).startsWith(base() + "/images/");
            assertThat(phone.find(".logo").getAttribute("alt")).isEqualTo("Philharmonic");
            assertThat(walletButtons(phone))
                    .containsExactly(
                            "Add to Apple Wallet", "Add to Google Wallet", "Add to EU Digital Identity Wallet");
            assertThat(phone.findAll(".offer")).isEmpty();
            assertThat(phone.find(".wallet").getAttribute("href")).isEqualTo(link + "/alpha");
            assertThat(phone.find(".pass").getCssValue("background-color")).isEqualTo("rgba(10, 27, 44, 1)");
            assertThat(contrastOf(phone, "h1")).isGreaterThanOrEqualTo(CardColours.MIN_CONTRAST);
            assertThat(contrastOf(phone, ".fields dt")).isGreaterThanOrEqualTo(CardColours.MIN_CONTRAST);
            assertThat(phone.find(".map").getAttribute("href"))
                    .isEqualTo("https://www.openstreetmap.org/?mlat=48.1754&mlon=11.5518#map=17/48.1754/11.5518");
            assertThat(contrastOf(phone, ".map")).isGreaterThanOrEqualTo(CardColours.MIN_CONTRAST);
            assertThat(pageWidth(phone)).as("no horizontal scrolling").isLessThanOrEqualTo(390);
        }
    }

    @Test
    void onAnAndroidPhoneInGermanGoogleWalletComesFirstAndTheWordingIsGerman() {
        String link = concertCardLink();
        try (Browser phone = new Browser(Browser.Device.android("de-DE"))) {
            phone.open(link);
            phone.screenshot("card");
            phone.document("card-de");

            assertThat(phone.find("html").getAttribute("lang")).isEqualTo("de");
            assertThat(phone.visibleText())
                    .contains("Ausgestellt von " + organizer)
                    .contains("Dienstag, 1. Juli 2031")
                    .contains("19:30 – 23:00 MESZ")
                    .contains("SITZPLATZ\nA12")
                    .contains("EINLASS\n18:30")
                    .contains("Auf der Karte zeigen");
            assertThat(phone.find(".code img").getAttribute("alt"))
                    .startsWith("QR-Code für Summer Night Concert, Code ");
            assertThat(walletButtons(phone))
                    .containsExactly(
                            "Zu Google Wallet hinzufügen",
                            "Zu Apple Wallet hinzufügen",
                            "Zur EU Digital Identity Wallet hinzufügen");
        }
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            desktop.open(link);
            desktop.screenshot("card");
            desktop.document("card-de");
            assertThat(desktop.find(".offer p").getText()).startsWith("Scannen Sie diesen Code");
        }
    }

    @Test
    void onADesktopTheEuWalletIsAQrCodeToScanAndTheKeyboardReachesEveryAction() {
        String link = concertCardLink();
        try (Browser desktop = new Browser(Browser.Device.desktop("en-US"))) {
            desktop.open(link);
            desktop.screenshot("card");
            desktop.document("card-en");

            assertThat(walletButtons(desktop)).containsExactly("Add to Apple Wallet", "Add to Google Wallet");
            WebElement qr = desktop.find(".offer img");
            assertThat(qr.isDisplayed()).isTrue();
            assertThat(qr.getAttribute("alt")).contains("EU Digital Identity Wallet");
            assertThat(qr.getSize().getWidth()).isGreaterThanOrEqualTo(120);
            assertThat(desktop.find(".offer a").getAttribute("href")).isEqualTo(link + "/eudiw");
            assertThat(desktop.visibleText()).contains("Scan this code with your phone");
            // The pass and the actions sit side by side on a wide screen.
            assertThat(desktop.find(".pass").getLocation().getY())
                    .isEqualTo(desktop.find(".panel").getLocation().getY());

            desktop.find("body").sendKeys(Keys.TAB);
            WebElement map = desktop.driver().switchTo().activeElement();
            assertThat(map.getText()).isEqualTo("Show on map");
            assertThat(map.getCssValue("outline-style")).isEqualTo("solid");
            map.sendKeys(Keys.TAB);
            WebElement focused = desktop.driver().switchTo().activeElement();
            assertThat(focused.getText()).isEqualTo("Add to Apple Wallet");
            assertThat(focused.getCssValue("outline-style")).isEqualTo("solid");
        }
    }

    @Test
    void aRevokedCardShowsAVoidPageWithNothingToScanOrAdd() {
        String campaign = flows.campaign(Map.of("name", "Summer Night Concert"));
        String recipient = flows.recipient(campaign);
        String link = flows.invite(campaign, recipient).get("downloadUrl").asString();
        api.post("/v1/campaigns/" + campaign + "/recipients/" + recipient + "/revoke", Map.of());
        String page = base() + link.substring(link.indexOf("/c/"));
        assertThat(api.withKey(null).page(page).status()).isEqualTo(410);
        try (Browser phone = new Browser(Browser.Device.iphone("en"))) {
            phone.open(page);
            phone.screenshot("void");

            assertThat(phone.find("h1").getText()).isEqualTo("This card is no longer valid");
            assertThat(phone.visibleText())
                    .contains("VOID")
                    .contains("Summer Night Concert")
                    .contains("please contact " + organizer);
            assertThat(phone.findAll("img")).isEmpty();
            assertThat(phone.findAll("a")).isEmpty();
        }
    }

    @Test
    void anUnknownLinkExplainsWhatTheHolderCanDo() {
        assertThat(api.withKey(null).page(base() + "/c/not-a-real-code").status())
                .isEqualTo(404);
        try (Browser phone = new Browser(Browser.Device.iphone("de"))) {
            phone.open(base() + "/c/not-a-real-code");
            phone.screenshot("not-found");

            assertThat(phone.find("h1").getText()).isEqualTo("Diese Karte finden wir nicht");
            assertThat(phone.findAll("li")).hasSize(3);
            assertThat(phone.visibleText()).contains("Einladungs-E-Mail").contains("Veranstalter");
        }
    }

    @Test
    void aWalletInLocalModeIsADemonstrationWalletThatSaysSoAndAddsAndRemovesTheCard() {
        String campaign = flows.campaign(Map.of("name", "Summer Night Concert", "providerTypes", List.of("alpha")));
        String recipient = flows.recipient(campaign);
        flows.waitForCard(campaign, recipient, "created");
        String link = flows.invite(campaign, recipient).get("downloadUrl").asString();
        String card = base() + link.substring(link.indexOf("/c/"));
        try (Browser phone = new Browser(Browser.Device.iphone("en"))) {
            phone.open(card);
            assertThat(phone.find("[data-note=alpha]").getText()).startsWith("Demonstration mode:");
            phone.find("a.wallet").click();
            assertThat(phone.driver().getCurrentUrl()).isEqualTo(card + "/alpha");
            phone.screenshot("demo-wallet");

            assertThat(phone.find("h1").getText()).isEqualTo("Apple Wallet in demonstration mode");
            assertThat(phone.visibleText())
                    .contains("DEMONSTRATION WALLET")
                    .contains("no wallet app is involved")
                    .contains("The card is not in this demo wallet.");
            assertThat(pageWidth(phone)).as("no horizontal scrolling").isLessThanOrEqualTo(390);
            phone.find("button").click();
            awaitState(phone, "The card is in this demo wallet.");
            flows.waitForCard(campaign, recipient, "active");
            phone.screenshot("demo-wallet-added");

            phone.find("button").click();
            awaitState(phone, "The card is not in this demo wallet.");
            flows.waitForCard(campaign, recipient, "removed");
            phone.find(".back a").click();
            await().atMost(Duration.ofSeconds(10))
                    .ignoreExceptions()
                    .untilAsserted(() -> assertThat(phone.find("h1").getText()).isEqualTo("Summer Night Concert"));
        }
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            desktop.open(card + "/alpha");
            desktop.screenshot("demo-wallet");

            assertThat(desktop.find("h1").getText()).isEqualTo("Apple Wallet im Demomodus");
            assertThat(desktop.find("button").getText()).isEqualTo("Zu dieser Demo-Wallet hinzuf\u00fcgen");
            desktop.find("body").sendKeys(Keys.TAB);
            WebElement focused = desktop.driver().switchTo().activeElement();
            assertThat(focused.getTagName()).isEqualTo("button");
            assertThat(focused.getCssValue("outline-style")).isEqualTo("solid");
            focused.sendKeys(Keys.ENTER);
            awaitState(desktop, "Die Karte ist in dieser Demo-Wallet.");
            flows.waitForCard(campaign, recipient, "active");
        }
    }

    /** After a form's post the browser follows the redirect to the page again; waits for that page. */
    private static void awaitState(Browser browser, String state) {
        await().atMost(Duration.ofSeconds(10))
                .ignoreExceptions()
                .untilAsserted(
                        () -> assertThat(browser.find(".state").getText()).isEqualTo(state));
    }

    private static List<String> walletButtons(Browser browser) {
        return browser.findAll("a.wallet").stream()
                .filter(WebElement::isDisplayed)
                .map(WebElement::getText)
                .toList();
    }

    /** The contrast of an element's text against the card's background, as the browser renders it. */
    private static double contrastOf(Browser browser, String css) {
        return CardColours.contrast(hex(browser.find(css).getCssValue("color")), BACKGROUND);
    }

    private static String hex(String rgba) {
        String[] parts = rgba.replaceAll("[^0-9,]", "").split(",");
        return String.format(
                "#%02X%02X%02X", Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
    }

    private static long pageWidth(Browser browser) {
        return ((Number) browser.driver().executeScript("return document.documentElement.scrollWidth")).longValue();
    }
}
