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
import com.walletcards.support.Pngs;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import javax.imageio.ImageIO;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The card design page as an editor uses it in headless Chromium: typing changes the previews of
 * every wallet without a page load, a low contrast warns, images are uploaded (and refused with
 * the API's words), and the previews show the first recipient. Checked by axe-core and kept as
 * screenshots under target/screenshots/.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleDesignBrowserTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @TempDir
    Path files;

    String editor;
    String concert;
    String gala;

    @BeforeEach
    void organizationWithCampaigns() {
        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        Organization org = users.organization("Munich Philharmonic");
        Flows flows = new Flows(
                new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret()));
        concert = flows.campaign(Map.of(
                "name",
                "Summer Night Concert",
                "campaignData",
                Map.of(
                        "location",
                        "Isarphilharmonie",
                        "design",
                        Map.of(
                                "backgroundColor",
                                "#1D3557",
                                "foregroundColor",
                                "#FFFFFF",
                                "logoText",
                                "Philharmonic"))));
        gala = flows.campaign(Map.of("name", "Winter Gala"));
        flows.recipient(gala, Map.of("name", "Grace Hopper"));
        editor = users.withPassword(org, "editor");
    }

    @Test
    void onADesktopAnEditorTypesAndEveryWalletsPreviewChangesWithoutAPageLoad() throws IOException {
        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            signIn(desktop);
            desktop.open(base() + "/console/campaigns/" + concert);
            desktop.find("a[href$='/design']").click();
            assertThat(desktop.find("h1").getText()).isEqualTo("Card design: Summer Night Concert");
            assertThat(background(desktop, "#pv-apple")).isEqualTo("rgba(29, 53, 87, 1)");
            assertThat(desktop.find("#pv-holder").getText()).contains("Alex Example");
            assertThat(Axe.seriousViolations(desktop)).as("design page").isEmpty();
            desktop.driver().executeScript("window.samePage = true;");

            replace(desktop.find("#f-backgroundColor"), "#AA0000");
            replace(desktop.find("#f-logoText"), "Night Owls");

            swapped().untilAsserted(() -> {
                assertThat(background(desktop, "#pv-apple")).isEqualTo("rgba(170, 0, 0, 1)");
                assertThat(background(desktop, "#pv-google")).isEqualTo("rgba(170, 0, 0, 1)");
                assertThat(background(desktop, "#pv-eu .pv-eu-card")).isEqualTo("rgba(170, 0, 0, 1)");
                assertThat(background(desktop, "#pv-holder")).isEqualTo("rgba(170, 0, 0, 1)");
                assertThat(desktop.find("#pv-apple .pv-logo-text").getText()).isEqualTo("Night Owls");
                assertThat(desktop.find("#pv-holder .pv-logo-text").getText()).isEqualTo("Night Owls");
            });
            assertThat(desktop.find("#count-logoText").getText()).isEqualTo("10 of 40 characters");
            assertThat(desktop.find("#contrast").getText()).contains("readable");

            replace(desktop.find("#f-foregroundColor"), "#BB2222");
            swapped()
                    .untilAsserted(() ->
                            assertThat(desktop.find("#contrast").getText()).contains("Low contrast"));
            assertThat(desktop.find("#pv-holder").getCssValue("color")).isEqualTo("rgba(255, 255, 255, 1)");
            assertThat(desktop.driver().executeScript("return window.samePage === true;"))
                    .isEqualTo(true);
            desktop.screenshot("console-design-low-contrast");
            // The wallets' previews show a low contrast as the wallets would; axe judges a readable design.
            replace(desktop.find("#f-foregroundColor"), "#FFFFFF");
            swapped()
                    .untilAsserted(() ->
                            assertThat(desktop.find("#contrast").getText()).contains("readable"));
            // Typed one character at a time: wait for the answer to the whole colour, not a prefix's.
            swapped()
                    .untilAsserted(() -> assertThat(
                                    desktop.find("#pv-apple .pv-pass-primary").getCssValue("color"))
                            .isEqualTo("rgba(255, 255, 255, 1)"));
            assertThat(Axe.seriousViolations(desktop))
                    .as("design page after typing")
                    .isEmpty();
            desktop.screenshot("console-design-typed");

            upload(desktop, "logo", png("logo.png", Pngs.logo("Philharmonic")));
            assertThat(desktop.find("#image-logo").getText()).contains("Image uploaded.", "400 × 100 pixels");
            upload(desktop, "strip", png("strip.png", Pngs.filled(750, 246, new Color(0xF5B841))));
            assertThat(loaded(desktop, "#pv-apple .pv-pass-logo")).isTrue();
            assertThat(loaded(desktop, "#pv-apple .pv-pass-strip")).isTrue();
            assertThat(loaded(desktop, "#pv-holder .pv-holder-strip")).isTrue();
            assertThat(loaded(desktop, "#pv-eu .pv-eu-logo")).isTrue();
            assertThat(loaded(desktop, "#pv-google .pv-gw-circle")).isFalse();

            upload(
                    desktop,
                    "icon",
                    Files.writeString(files.resolve("notes.png"), "not a picture", StandardCharsets.UTF_8));
            assertThat(desktop.find("#error-icon").getText()).isEqualTo("must be a PNG image");
            upload(desktop, "hero", png("huge.png", noise(700, 700)));
            assertThat(desktop.find("#error-hero").getText()).contains("at most 1 MB");
            assertThat(Axe.seriousViolations(desktop))
                    .as("design page with errors")
                    .isEmpty();
            desktop.screenshot("console-design");
        }
    }

    @Test
    void onAPhoneThePreviewsShowTheFirstRecipientStackedUnderTheForm() {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            signIn(phone);
            phone.open(base() + "/console/campaigns/" + gala + "/design");
            assertThat(phone.find("#pv-holder").getText()).contains("Grace Hopper");
            assertThat(phone.find("#pv-eu").getText()).contains("Grace Hopper");
            assertThat(phone.find(".pv-sample").getText()).contains("first recipient, Grace Hopper");
            assertThat(phone.find("#pv-apple").getLocation().getY())
                    .isGreaterThan(phone.find("#design-form").getLocation().getY());
            assertThat(Axe.seriousViolations(phone))
                    .as("design page on a phone")
                    .isEmpty();
            phone.screenshot("console-design");

            phone.open(base() + "/console/campaigns/" + concert + "/design?lang=de");
            assertThat(phone.find("h1").getText()).isEqualTo("Kartengestaltung: Summer Night Concert");
            assertThat(Axe.seriousViolations(phone)).as("design page in German").isEmpty();
            phone.screenshot("console-design-de");
        }
    }

    /** Waits for the previews' script; an element read while it swaps the previews is read again. */
    private static ConditionFactory swapped() {
        return await().atMost(Duration.ofSeconds(10)).ignoreException(StaleElementReferenceException.class);
    }

    private void signIn(Browser browser) {
        browser.open(base() + "/console/campaigns");
        browser.find("#email").sendKeys(editor, Keys.TAB, PASSWORD, Keys.ENTER);
        browser.awaitSignedIn();
        assertThat(browser.find("h1").getText()).isEqualTo("Campaigns");
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    private static void replace(WebElement field, String value) {
        field.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
        field.sendKeys(value);
    }

    private static String background(Browser browser, String css) {
        return browser.find(css).getCssValue("background-color");
    }

    private static void upload(Browser browser, String kind, Path file) {
        browser.find("#file-" + kind).sendKeys(file.toAbsolutePath().toString());
        browser.find("#image-" + kind + " form.upload button").click();
        await().atMost(Duration.ofSeconds(10))
                .until(() -> browser.driver().getCurrentUrl().endsWith("#image-" + kind));
    }

    /** Whether the image is there and loaded (the page's policy let it in). */
    private static boolean loaded(Browser browser, String css) {
        return browser.findAll(css).stream()
                .anyMatch(img -> Boolean.TRUE.equals(browser.driver()
                        .executeScript("return arguments[0].complete && arguments[0].naturalWidth > 0;", img)));
    }

    private Path png(String name, byte[] bytes) throws IOException {
        return Files.write(files.resolve(name), bytes);
    }

    /** Random pixels do not compress: a PNG well over the 1 MB limit. */
    private static byte[] noise(int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(7);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }
}
