package com.walletcards.console;

import static com.walletcards.console.ConsoleUsersForTests.PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetup;
import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.ServiceProcess;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Invitations as an editor sends them in headless Chromium on a phone and a desktop: two
 * recipients picked in the table, the email worded with placeholders and previewed for one of
 * them, a test email that reaches the editor's mailbox (GreenMail), the confirmation and the
 * result; then every other ready recipient invited, in two batches, with the progress followed to
 * the end. Every page checked by axe-core and kept as screenshots under target/screenshots/.
 */
@DatabaseTest
@ExtendWith(BrowserAvailability.class)
class ConsoleInvitationsBrowserTest {

    static final int SMTP_PORT = ServiceProcess.freePort();

    @RegisterExtension
    static GreenMailExtension smtp = new GreenMailExtension(new ServerSetup(SMTP_PORT, "127.0.0.1", "smtp"))
            .withConfiguration(GreenMailConfiguration.aConfig().withDisabledAuthentication())
            .withPerMethodLifecycle(false);

    @DynamicPropertySource
    static void mailServer(DynamicPropertyRegistry registry) {
        registry.add("wallet.email.smtp-host", () -> "127.0.0.1");
        registry.add("wallet.email.smtp-port", () -> SMTP_PORT);
    }

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    String editor;
    String campaign;
    String ada;
    String grace;
    /** Ada's address, of this test alone: the mailbox keeps the other test's emails. */
    String adaEmail;

    @BeforeEach
    void campaignWithReadyRecipients() {
        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        Organization org = users.organization("Harbour Festival");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        Flows flows = new Flows(api);
        campaign = flows.campaign(Map.of("name", "Harbour Lights", "timezone", "Europe/Berlin"));
        ConsoleRecipientsTest.addMany(api, campaign, 120);
        adaEmail = "ada-" + java.util.UUID.randomUUID() + "@example.org";
        ada = flows.recipient(campaign, Map.of("email", adaEmail, "name", "Ada Lovelace"))
                .get("id")
                .asString();
        grace = flows.recipient(campaign, Map.of("email", Flows.email(), "name", "Grace Hopper"))
                .get("id")
                .asString();
        await().atMost(Duration.ofSeconds(60))
                .until(() -> api.get("/v1/campaigns/" + campaign + "/recipients?status=created&limit=1")
                        .body()
                        .contains("\"total\":122"));
        editor = users.withPassword(org, "editor");
    }

    @Test
    void onAPhoneAnEditorInvitesASelectionAndThenEveryReadyRecipient() throws Exception {
        try (Browser phone = new Browser(Browser.Device.iphone("en-GB"))) {
            walkThrough(phone, false);
        }
    }

    @Test
    void onADesktopInGermanAnEditorInvitesASelectionAndThenEveryReadyRecipient() throws Exception {
        try (Browser desktop = new Browser(Browser.Device.desktop("de-DE"))) {
            walkThrough(desktop, true);
        }
    }

    /** Waits for the page a click leads to: right after the click the old one may still show. */
    private static void shows(Browser browser, String css) {
        await().atMost(Duration.ofSeconds(20))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.findAll(css)).isNotEmpty());
    }

    /** The invitation to the address (the editor also got the email that added them to the console). */
    private Optional<MimeMessage> mailTo(String address) {
        return Arrays.stream(smtp.getReceivedMessages())
                .filter(m -> {
                    try {
                        return m.getAllRecipients()[0].toString().equals(address)
                                && m.getSubject().startsWith("Your Harbour Lights");
                    } catch (jakarta.mail.MessagingException e) {
                        return false;
                    }
                })
                .findFirst();
    }

    private String status(String recipient) {
        return api.get("/v1/campaigns/" + campaign + "/recipients/" + recipient)
                .data()
                .get("status")
                .asString();
    }

    private void walkThrough(Browser browser, boolean de) throws Exception {
        String base = "http://127.0.0.1:" + port + "/console/campaigns/" + campaign;
        browser.open(base + "/recipients");
        browser.find("#email").sendKeys(editor, Keys.TAB, PASSWORD, Keys.ENTER);
        shows(browser, "#pick-" + ada);
        browser.find("#pick-" + ada).click();
        browser.find("#pick-" + grace).click();
        assertThat(Axe.seriousViolations(browser))
                .as("recipients table with selection")
                .isEmpty();
        browser.screenshot("console-invitations-table");
        browser.find("#selection button[type=submit]").click();

        shows(browser, "#subject");
        assertThat(browser.visibleText()).contains("{{name}}", "{{eventName}}", "{{downloadUrl}}");
        browser.find("#subject").sendKeys("Your {{eventName}} pass, {{name}}");
        browser.find("#body").sendKeys("See you at the harbour, {{name}}!");
        new Select(browser.find("#preview")).selectByValue(grace);
        browser.find("#show-preview").click();
        await().atMost(Duration.ofSeconds(20))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.find("#preview-subject").getText())
                        .isEqualTo("Your Harbour Lights pass, Grace Hopper"));
        assertThat(browser.find("#preview-text").getText()).contains("See you at the harbour, Grace Hopper!");
        assertThat(Axe.seriousViolations(browser)).as("composer with preview").isEmpty();
        browser.screenshot("console-invitations-composer");
        if (de) {
            browser.document("console-invitations-composer");
        }

        int before = smtp.getReceivedMessages().length;
        browser.find("#send-test").click();
        await().atMost(Duration.ofSeconds(20)).until(() -> mailTo(editor).isPresent());
        MimeMessage test = mailTo(editor).orElseThrow();
        assertThat(test.getSubject()).isEqualTo("Your Harbour Lights pass, Grace Hopper");
        assertThat(smtp.getReceivedMessages())
                .as("the test goes to the editor only")
                .hasSize(before + 1);
        assertThat(browser.find("[role=status]").getText()).contains(editor);

        browser.find("#continue").click();
        shows(browser, "#invite");
        assertThat(browser.visibleText())
                .contains(de ? "Was die Empf\u00e4nger erhalten" : "What recipients receive")
                .contains("Your Harbour Lights pass, Grace Hopper");
        assertThat(Axe.seriousViolations(browser)).as("confirmation").isEmpty();
        browser.screenshot("console-invitations-confirm");
        browser.find("#invite").click();

        shows(browser, "#count-invited");
        assertThat(browser.find("[role=status]").getText())
                .isEqualTo(de ? "2 Empf\u00e4nger wurden eingeladen." : "2 recipients were invited.");
        assertThat(browser.find("#count-sent").getText()).isEqualTo("2");
        assertThat(Axe.seriousViolations(browser)).as("result").isEmpty();
        browser.screenshot("console-invitations-result");
        assertThat(status(ada)).isEqualTo("invited");
        await().atMost(Duration.ofSeconds(20)).until(() -> mailTo(adaEmail).isPresent());
        assertThat(mailTo(adaEmail).orElseThrow().getSubject()).isEqualTo("Your Harbour Lights pass, Ada Lovelace");

        browser.open(base + "/recipients");
        shows(browser, "#selection a.button");
        browser.find("#selection a.button").click();
        shows(browser, "#continue");
        assertThat(browser.visibleText()).contains("120");
        browser.find("#continue").click();
        shows(browser, "#invite");
        browser.find("#invite").click();

        shows(browser, "#run-progress");
        await().atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(browser.find("#run-state").getText())
                        .isEqualTo(
                                de
                                        ? "Fertig: 120 Empf\u00e4nger wurden eingeladen."
                                        : "Done: 120 recipients were invited."));
        assertThat(browser.find("#run-progress").getAttribute("value")).isEqualTo("120");
        assertThat(browser.find("#count-sent").getText()).isEqualTo("120");
        assertThat(Axe.seriousViolations(browser)).as("progress").isEmpty();
        browser.screenshot("console-invitations-progress");
        if (!de) {
            browser.document("console-invitations-progress");
        }
        assertThat(api.get("/v1/campaigns/" + campaign + "/recipients?status=invited&limit=1")
                        .body())
                .contains("\"total\":122");
    }
}
