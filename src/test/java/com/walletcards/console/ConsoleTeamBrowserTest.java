package com.walletcards.console;

import static com.walletcards.console.ConsoleUsersForTests.PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The team on the users page in headless Chromium on a phone and a desktop (checked by axe-core,
 * kept as screenshots): an owner changes an editor's role, which the editor's open page shows on
 * its next load; removes a viewer, whose open session is signed out; and cannot demote themselves
 * as the last owner.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleTeamBrowserTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Munich Philharmonic");
    }

    @Test
    void onAPhoneAnOwnerChangesARoleRemovesAUserAndKeepsTheLastOwner() {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            walkThrough(phone, false);
        }
    }

    @Test
    void onADesktopInGermanAnOwnerChangesARoleRemovesAUserAndKeepsTheLastOwner() {
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            walkThrough(desktop, true);
        }
    }

    private void walkThrough(Browser browser, boolean german) {
        String owner = users.withPassword(org, "owner");
        String editor = users.withPassword(org, "editor");
        String viewer = users.withPassword(org, "viewer");
        try (Browser editorsBrowser = new Browser(Browser.Device.desktop("en-GB"));
                Browser viewersBrowser = new Browser(Browser.Device.desktop("en-GB"))) {
            signIn(editorsBrowser, editor);
            signIn(viewersBrowser, viewer);
            signIn(browser, owner);
            browser.find("a[href='/console/users']").click();
            heading(browser, german ? "Benutzer" : "Users");
            assertThat(Axe.seriousViolations(browser)).as("users page").isEmpty();
            browser.screenshot("console-team");

            WebElement editorRow = row(browser, editor);
            new Select(editorRow.findElement(By.cssSelector("select"))).selectByValue("owner");
            editorRow.findElement(By.cssSelector("button[type=submit]")).click();
            heading(browser, roleTitle(editor, "owner", german));
            assertThat(Axe.seriousViolations(browser)).as("role confirmation").isEmpty();
            browser.screenshot("console-team-role");
            browser.find("form button[type=submit].primary").click();
            notice(browser, editor);
            editorsBrowser.driver().navigate().refresh();
            assertThat(editorsBrowser.find(".who").getText()).contains("(Owner)");
            assertThat(editorsBrowser.findAll("a[href='/console/users']")).hasSize(1);

            row(browser, viewer).findElement(By.cssSelector("a.button.danger")).click();
            heading(browser, german ? viewer + " entfernen?" : "Remove " + viewer + "?");
            assertThat(Axe.seriousViolations(browser))
                    .as("removal confirmation")
                    .isEmpty();
            browser.screenshot("console-team-remove");
            browser.find("form button[type=submit].danger").click();
            notice(browser, viewer);
            assertThat(browser.findAll("table.campaigns tbody tr")).hasSize(2);
            viewersBrowser.driver().navigate().refresh();
            heading(viewersBrowser, "Sign in");

            WebElement ownRow = row(browser, owner);
            assertThat(ownRow.findElements(By.cssSelector("a.button.danger"))).isEmpty();
            // The editor is an owner now: the owner may step down, but not while alone. Make them alone.
            new Select(row(browser, editor).findElement(By.cssSelector("select"))).selectByValue("editor");
            row(browser, editor)
                    .findElement(By.cssSelector("button[type=submit]"))
                    .click();
            heading(browser, roleTitle(editor, "editor", german));
            browser.find("form button[type=submit].primary").click();
            notice(browser, editor);
            new Select(row(browser, owner).findElement(By.cssSelector("select"))).selectByValue("viewer");
            row(browser, owner)
                    .findElement(By.cssSelector("button[type=submit]"))
                    .click();
            heading(browser, roleTitle(owner, "viewer", german));
            browser.find("form button[type=submit].primary").click();
            await().atMost(Duration.ofSeconds(15))
                    .ignoreExceptions()
                    .untilAsserted(() -> assertThat(browser.find("[role=alert]").getText())
                            .contains(german ? "mindestens eine Inhaberin" : "at least one owner"));
            assertThat(Axe.seriousViolations(browser)).as("last owner refused").isEmpty();
            browser.screenshot("console-team-last-owner");
        }
    }

    private static String roleTitle(String email, String role, boolean german) {
        String name = switch (role) {
            case "owner" -> german ? "Inhaber" : "Owner";
            case "editor" -> german ? "Bearbeiten" : "Editor";
            default -> german ? "Lesen" : "Viewer";
        };
        return german ? email + " die Rolle " + name + " geben?" : "Give " + email + " the role " + name + "?";
    }

    private static WebElement row(Browser browser, String email) {
        return browser.findAll("table.campaigns tbody tr").stream()
                .filter(r -> r.findElement(By.cssSelector("th")).getText().equals(email))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + email));
    }

    private static void notice(Browser browser, String email) {
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() ->
                        assertThat(browser.find("[role=status]").getText()).contains(email));
    }

    /** Waits for the page a click leads to: right after the click the old one may still show. */
    private static void heading(Browser browser, String expected) {
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.find("h1").getText()).isEqualTo(expected));
    }

    private void signIn(Browser browser, String email) {
        browser.open("http://127.0.0.1:" + port + "/console/campaigns");
        browser.find("#email").sendKeys(email, Keys.TAB, PASSWORD, Keys.ENTER);
        await().atMost(Duration.ofSeconds(15))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.findAll("#email")).isEmpty());
    }
}
