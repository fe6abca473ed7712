package com.walletcards.email;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.Pngs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.WebElement;

/** The invitation's HTML part as a mail app shows it, in headless Chromium on a phone and a desktop. */
@ExtendWith(BrowserAvailability.class)
class InviteEmailBrowserTest {

    private static Path rendered() throws IOException {
        OutgoingEmail email =
                InviteEmailsTest.EMAILS.compose(InviteEmailsTest.invite("Ada Lovelace", Map.of()), null, null, null);
        Path file = Browser.SCREENSHOTS.resolve("invite-email.html");
        Files.createDirectories(file.getParent());
        Files.writeString(file, email.html(), StandardCharsets.UTF_8);
        return file.toAbsolutePath();
    }

    @Test
    void onAPhoneTheInvitationShowsOrganizerEventDetailsAndAButtonThatFits() throws IOException {
        Path html = rendered();
        try (Browser phone = new Browser(Browser.Device.iphone("en"))) {
            phone.open(html.toUri().toString());
            phone.screenshot("invite-email");
            phone.document("invite-email-en");

            String text = phone.visibleText();
            assertThat(text)
                    .contains("MUNICH PHILHARMONIC")
                    .contains("Summer Night Concert")
                    .contains("Hello Ada Lovelace,")
                    .contains("Tuesday 1 July 2031")
                    .contains("19:30 – 23:00 CEST")
                    .contains("Olympiahalle, Munich")
                    .contains("https://cards.example/c/abc");
            WebElement button = phone.find("a.button");
            assertThat(button.getText()).isEqualTo("Get your card");
            assertThat(button.getAttribute("href")).isEqualTo("https://cards.example/c/abc");
            assertThat(button.getSize().getHeight())
                    .as("a comfortable touch target")
                    .isGreaterThanOrEqualTo(44);
            assertThat(phone.find("a.plain-link").isDisplayed()).isTrue();
            assertThat(((Number) phone.driver().executeScript("return document.documentElement.scrollWidth"))
                            .intValue())
                    .as("no horizontal scrolling")
                    .isLessThanOrEqualTo(390);
            assertThat(phone.find(".band").getCssValue("background-color")).isEqualTo("rgba(10, 27, 44, 1)");
        }
    }

    @Test
    void onADesktopTheInvitationIsACentredColumn() throws IOException {
        Path html = rendered();
        try (Browser desktop = new Browser(Browser.Device.desktop("en"))) {
            desktop.open(html.toUri().toString());
            desktop.screenshot("invite-email");
            desktop.document("invite-email-en");

            WebElement band = desktop.find(".band");
            assertThat(band.getSize().getWidth()).isEqualTo(560);
            assertThat(band.getLocation().getX()).isEqualTo((1280 - 560) / 2);
            assertThat(desktop.find("a.button").isDisplayed()).isTrue();
        }
    }

    /** A small logo as a data URI: the page is a local file, and the test must not reach out. */
    private static String logoDataUri() {
        return "data:image/png;base64," + Base64.getEncoder().encodeToString(Pngs.logo("Philharmonie"));
    }

    private static Path renderedInGerman() throws IOException {
        OutgoingEmail email =
                InviteEmailsTest.EMAILS.compose(InviteEmailsTest.germanInvite(logoDataUri()), null, null, null);
        Path file = Browser.SCREENSHOTS.resolve("invite-email-de.html");
        Files.createDirectories(file.getParent());
        Files.writeString(file, email.html(), StandardCharsets.UTF_8);
        return file.toAbsolutePath();
    }

    @Test
    void inGermanTheInvitationShowsTheLogoAndHowToReachTheOrganizerOnAPhoneAndADesktop() throws IOException {
        Path html = renderedInGerman();
        for (Browser.Device device : List.of(Browser.Device.iphone("de"), Browser.Device.desktop("de"))) {
            try (Browser browser = new Browser(device)) {
                browser.open(html.toUri().toString());
                browser.screenshot("invite-email-de");
                browser.document("invite-email-de");
                WebElement logo = browser.find("img.logo");
                assertThat(logo.isDisplayed()).isTrue();
                assertThat(logo.getSize().getHeight()).isEqualTo(40);
                assertThat(browser.visibleText())
                        .contains("Hallo Ada Lovelace,")
                        .contains("Karte abrufen")
                        .contains("Fragen? Münchner Philharmonie hilft Ihnen gern:")
                        .contains("E-Mail: tickets@phil.example")
                        .contains("Telefon: +4989123456")
                        .contains("Web: https://phil.example/hilfe");
                assertThat(browser.find(".contact a[href^='mailto:']").getAttribute("href"))
                        .isEqualTo("mailto:tickets@phil.example");
                assertThat(((Number) browser.driver().executeScript("return document.documentElement.scrollWidth"))
                                .intValue())
                        .as("no horizontal scrolling")
                        .isLessThanOrEqualTo(device.width());
            }
        }
    }
}
