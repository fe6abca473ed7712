package com.walletcards.holder;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.OrganizationChanges;
import com.walletcards.access.OrganizationContact;
import com.walletcards.access.Scope;
import com.walletcards.campaign.CardColours;
import com.walletcards.support.Api;
import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.ServiceProcess;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The EU wallet's offer page ({@code /c/<code>/eudiw}, the issuer speaking OpenID4VCI) as holders
 * see it, and the language every page behind a download code speaks (ADR 0032). A database of its
 * own: the JVM's other contexts run the EU wallet in local mode and would pick up this one's jobs.
 */
@DatabaseTest
@ContextConfiguration(initializers = OfferPageBrowserTest.OwnDatabase.class)
@ExtendWith(BrowserAvailability.class)
class OfferPageBrowserTest {

    /** Not {@link OwnTestDatabase}: the unknown-link test there counts the organizations. */
    static final class OwnDatabase extends SeparateDatabase {}

    static final int PORT = ServiceProcess.freePort();

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("wallet.download-base-url", () -> base());
        registry.add("wallet.providers.settings.eudiw.mode", () -> "openid4vci");
    }

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;
    Organization org;

    @BeforeEach
    void organization() {
        org = access.createOrganization("Munich Philharmonic");
        access.updateOrganization(
                org.id(),
                new OrganizationChanges(null, true, new OrganizationContact("tickets@phil.example", null, null), null));
        api = new Api(PORT, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
    }

    static String base() {
        return "http://127.0.0.1:" + PORT;
    }

    /** The card page of a new holder of the designed concert, with the given recipient fields. */
    private String cardPage(String campaign, Map<String, Object> recipient) {
        String id = flows.recipient(campaign, recipient).get("id").asString();
        flows.waitForCard(campaign, id, "created");
        String link = flows.invite(campaign, id).get("downloadUrl").asString();
        return base() + link.substring(link.indexOf("/c/"));
    }

    @Test
    void theOfferPageWearsTheCampaignsLookAndLeadsTheHolderOnInEnglishAndGerman() {
        String campaign = Concert.create(api, flows, List.of("alpha", "eudiw"));
        String card = cardPage(campaign, Concert.holder());
        for (String language : List.of("en", "de")) {
            boolean german = language.equals("de");
            for (Browser.Device device : List.of(Browser.Device.iphone(language), Browser.Device.desktop(language))) {
                try (Browser browser = new Browser(device)) {
                    browser.open(card + "/eudiw");
                    browser.screenshot("offer");
                    browser.document("offer-" + language);

                    assertThat(browser.find("html").getAttribute("lang")).isEqualTo(language);
                    assertThat(browser.find("h1").getText()).isEqualTo(Concert.NAME);
                    assertThat(browser.find(".pass").getCssValue("background-color"))
                            .isEqualTo("rgba(10, 27, 44, 1)");
                    assertThat(browser.find(".logo").getAttribute("alt")).isEqualTo("Philharmonic");
                    assertThat(contrastOf(browser, "h1")).isGreaterThanOrEqualTo(CardColours.MIN_CONTRAST);
                    assertThat(contrastOf(browser, ".eyebrow")).isGreaterThanOrEqualTo(CardColours.MIN_CONTRAST);
                    assertThat(contrastOf(browser, ".open")).isGreaterThanOrEqualTo(CardColours.MIN_CONTRAST);

                    assertThat(browser.find(".open").getText())
                            .isEqualTo(
                                    german
                                            ? "In der EU Digital Identity Wallet öffnen"
                                            : "Open in EU Digital Identity Wallet");
                    assertThat(browser.find(".open").getAttribute("href"))
                            .startsWith("openid-credential-offer://?credential_offer_uri=");
                    assertThat(browser.find("svg.qr").getAttribute("aria-label"))
                            .isEqualTo(
                                    german
                                            ? "QR-Code, der diese Karte zur EU Digital Identity Wallet hinzufügt"
                                            : "QR code that adds this card to the EU Digital Identity Wallet");
                    assertThat(browser.find("svg.qr").getSize().getWidth()).isGreaterThanOrEqualTo(120);
                    assertThat(browser.visibleText())
                            .contains((german ? "Ausgestellt von " : "Issued by ") + org.name())
                            .contains(german ? "So geht es weiter" : "What happens next")
                            .contains(german ? "Zurück zur Karte" : "Back to the card")
                            .contains("tickets@phil.example")
                            .doesNotContain("credential_offer_uri");
                    assertThat(browser.find(".back a").getAttribute("href")).isEqualTo(card);
                    assertThat(pageWidth(browser)).as("no horizontal scrolling").isLessThanOrEqualTo(device.width());
                    assertThat(Axe.seriousViolations(browser)).isEmpty();
                }
            }
        }
    }

    @Test
    void theRecipientsLocaleBeatsTheBrowsersWhichBeatsTheOrganizationsDefault() {
        String campaign = Concert.create(api, flows, List.of("alpha", "eudiw"));
        String german = cardPage(campaign, Map.of("locale", "de"));
        String english = cardPage(campaign, Map.of("locale", "en"));
        String plain = cardPage(campaign, Map.of());

        for (String path : List.of("", "/eudiw", "/alpha")) {
            assertThat(lang(german + path, "en-US,en;q=0.9")).as(path).isEqualTo("de");
            assertThat(lang(english + path, "de-DE")).as(path).isEqualTo("en");
            assertThat(lang(plain + path, "de-DE,de;q=0.9")).as(path).isEqualTo("de");
            assertThat(lang(plain + path, "fr-FR")).as(path).isEqualTo("en");
        }
        access.updateOrganization(org.id(), new OrganizationChanges(null, false, null, Locale.GERMAN));
        for (String path : List.of("", "/eudiw", "/alpha")) {
            assertThat(lang(plain + path, "fr-FR")).as(path).isEqualTo("de");
            assertThat(lang(plain + path, "en")).as(path).isEqualTo("en");
        }
        assertThat(open(german + "/eudiw", "en").body())
                .contains("In der EU Digital Identity Wallet öffnen", "So geht es weiter");
    }

    @Test
    void behindAWalletButtonAVoidCardAndAnUnknownCodeSpeakTheCardPagesLanguage() {
        String campaign = Concert.create(api, flows, List.of("eudiw"));
        String recipient =
                flows.recipient(campaign, Map.of("locale", "de")).get("id").asString();
        flows.waitForCard(campaign, recipient, "created");
        String link = flows.invite(campaign, recipient).get("downloadUrl").asString();
        String german = base() + link.substring(link.indexOf("/c/"));
        api.post("/v1/campaigns/" + campaign + "/recipients/" + recipient + "/revoke", Map.of());

        Api.Response gone = open(german + "/eudiw", "en");
        assertThat(gone.status()).isEqualTo(410);
        assertThat(gone.body())
                .contains("<html lang=\"de\">", "UNGÜLTIG", Concert.NAME, "tickets@phil.example")
                .doesNotContain("<svg", "openid-credential-offer");

        Api.Response unknown = open(base() + "/c/not-a-real-code/eudiw", "de-DE");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).contains("<html lang=\"de\">", "Diese Karte finden wir nicht");
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

    private String lang(String page, String acceptLanguage) {
        Api.Response response = open(page, acceptLanguage);
        assertThat(response.status()).as(page + " " + response.body()).isEqualTo(200);
        String body = response.body();
        int at = body.indexOf("<html lang=\"") + "<html lang=\"".length();
        return body.substring(at, body.indexOf('"', at));
    }

    /** The contrast of an element's text against the background it sits on, as the browser renders it. */
    private static double contrastOf(Browser browser, String css) {
        return CardColours.contrast(hex(browser.find(css).getCssValue("color")), Concert.BACKGROUND);
    }

    private static String hex(String rgba) {
        String[] parts = rgba.replaceAll("[^0-9,.]", "").split(",");
        return String.format(
                "#%02X%02X%02X", Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
    }

    private static long pageWidth(Browser browser) {
        return ((Number) browser.driver().executeScript("return document.documentElement.scrollWidth")).longValue();
    }
}
