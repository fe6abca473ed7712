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
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * An editor imports a CSV file in headless Chromium on a phone and a desktop: the upload with its
 * progress, the preview where a column's field is changed, the import's progress to its end, the
 * refused rows and their download; every page checked by axe-core and kept as screenshots.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleImportsBrowserTest {

    private static final String FILE = """
            Email,Name,Ticket,Comment
            ada@example.org,Ada Lovelace,T-100,first row
            not-an-email,Nobody,T-101,refused
            grace@example.org,Grace Hopper,T-102,third row
            linus@example.org,Linus,T-103,fourth row
            """;

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    String editor;
    String campaign;

    @BeforeEach
    void campaign() {
        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        Organization org = users.organization("Harbour Festival");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        campaign = new Flows(api).campaign(Map.of("name", "Harbour Lights", "timezone", "Europe/Berlin"));
        editor = users.withPassword(org, "editor");
    }

    @Test
    void onAPhoneAnEditorImportsAFileAndDownloadsItsRefusedRows() throws IOException {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            walkThrough(phone, false);
        }
    }

    @Test
    void onADesktopInGermanAnEditorImportsAFileAndDownloadsItsRefusedRows() throws IOException {
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            walkThrough(desktop, true);
        }
    }

    /** Signs in on the campaign's page and opens the import page from the recipients table. */
    static void toImportPage(Browser browser, int port, String campaign, String editor) {
        browser.open("http://127.0.0.1:" + port + "/console/campaigns/" + campaign);
        browser.find("#email").sendKeys(editor, Keys.TAB, PASSWORD, Keys.ENTER);
        browser.find("a.button.primary[href$='/recipients']").click();
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .until(() -> browser.find("#import-link").isDisplayed());
        browser.find("#import-link").click();
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .until(() -> browser.find("#file").isDisplayed());
    }

    /** Chooses the file and uploads it; answers when the preview is shown. */
    static void upload(Browser browser, Path file) {
        browser.find("#file").sendKeys(file.toAbsolutePath().toString());
        browser.find("form[data-upload] button[type=submit]").click();
        await().atMost(Duration.ofMinutes(2))
                .ignoreExceptions()
                .until(() -> !browser.findAll("table.mapping").isEmpty());
    }

    private void walkThrough(Browser browser, boolean de) throws IOException {
        Path file = Files.createTempFile("guests", ".csv");
        Files.writeString(file, FILE, StandardCharsets.UTF_8);
        toImportPage(browser, port, campaign, editor);
        assertThat(Axe.seriousViolations(browser)).as("upload page").isEmpty();
        browser.screenshot("console-import-upload");

        upload(browser, file);
        assertThat(browser.visibleText())
                .contains("Ada Lovelace", "T-101", de ? "Spalten pr\u00fcfen" : "Check the columns");
        assertThat(new Select(browser.find("#column0")).getFirstSelectedOption().getAttribute("value"))
                .isEqualTo("email");
        new Select(browser.find("#column3")).selectByValue("ignore");
        new Select(browser.find("#column2")).selectByValue("externalId");
        assertThat(Axe.seriousViolations(browser)).as("preview").isEmpty();
        browser.screenshot("console-import-preview");
        if (de) {
            browser.document("console-import-preview");
        }
        browser.find("form[data-start] button[type=submit]").click();

        await().atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.find("#import-status").getText())
                        .isEqualTo(de ? "Der Import ist abgeschlossen." : "The import is complete."));
        assertThat(browser.find("#rows-bar").getAttribute("value")).isEqualTo("4");
        assertThat(browser.find("#count-created").getText()).isEqualTo("3");
        assertThat(browser.find("#count-failed").getText()).isEqualTo("1");
        assertThat(browser.find("table.refused tbody th").getText()).isEqualTo(de ? "Zeile 3" : "Line 3");
        await().atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .alias("the cards' bar moves on after the rows are in, without a reload")
                .untilAsserted(() -> assertThat(browser.find("#cards-bar").getAttribute("value"))
                        .isEqualTo("3"));
        assertThat(Axe.seriousViolations(browser)).as("finished import").isEmpty();
        browser.screenshot("console-import-done");
        if (de) {
            browser.document("console-import-done");
        }

        String href = browser.find("#refused-download").getAttribute("href");
        Object refused = browser.driver()
                .executeAsyncScript(
                        "var done = arguments[arguments.length - 1];"
                                + "fetch(arguments[0]).then(function (r) { return r.text(); }).then(done);",
                        href);
        assertThat(String.valueOf(refused))
                .startsWith("line,field,code,message")
                .contains("\n3,email,VALIDATION_FAILED");

        assertThat(api.get("/v1/campaigns/" + campaign + "/recipients?email=ada@example.org")
                        .data()
                        .get("recipients")
                        .get(0)
                        .get("externalId")
                        .asString())
                .as("the column mapped to the external id")
                .isEqualTo("T-100");

        browser.find("a.button.primary[href$='/recipients']").click();
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() ->
                        assertThat(browser.findAll("table.recipients tbody tr")).hasSize(3));
        Files.delete(file);
    }
}
