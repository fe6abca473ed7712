package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.Axe;
import com.walletcards.support.Browser;
import com.walletcards.support.BrowserAvailability;
import com.walletcards.support.CsvImports;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A file of 100,000 rows imported through the browser: uploaded, previewed, started, and its
 * progress watched on the status page (the bar moved by the page's script) until every row is in.
 *
 * <p>Slow, and PostgreSQL only (tag {@code postgres-only}, run by the build's PostgreSQL
 * execution): the volume the issue promises is a production database's; on H2 the API's own
 * volume test (CsvImportVolumeTest) covers the same rows.
 */
@DatabaseTest
@Tag("postgres-only")
@Tag("slow")
@ExtendWith(BrowserAvailability.class)
class ConsoleLargeImportBrowserTest {

    private static final int ROWS = 100_000;

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Test
    void aFileOfAHundredThousandRowsIsImportedWithItsProgressVisibleToTheEnd() throws IOException {
        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        Organization org = users.organization("Stadium");
        Api api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        String campaign = new Flows(api).campaign();
        String editor = users.withPassword(org, "editor");
        Path file = Files.createTempFile("hundred-thousand", ".csv");
        Files.write(file, CsvImports.generated("big" + campaign.substring(campaign.length() - 6) + "-", ROWS));

        try (Browser desktop = new Browser(Browser.Device.desktop("en-GB"))) {
            ConsoleImportsBrowserTest.toImportPage(desktop, port, campaign, editor);
            ConsoleImportsBrowserTest.upload(desktop, file);
            assertThat(desktop.visibleText()).contains("Person 0", "ext-4");
            desktop.find("input[name=sendEmail]").click();
            desktop.find("form[data-start] button[type=submit]").click();

            Set<Long> seen = new ConcurrentSkipListSet<>();
            await().atMost(Duration.ofMinutes(12))
                    .pollInterval(Duration.ofMillis(250))
                    .ignoreExceptions()
                    .until(() -> {
                        seen.add(Long.parseLong(desktop.find("#rows-bar").getAttribute("value")));
                        return desktop.find("#import-status").getText().equals("The import is complete.");
                    });
            System.out.printf("Console import of %,d rows: the bar showed %,d distinct values%n", ROWS, seen.size());
            assertThat(seen).as("the bar moved between its ends").anyMatch(v -> v > 0 && v < ROWS);
            assertThat(desktop.find("#rows-bar").getAttribute("value")).isEqualTo(String.valueOf(ROWS));
            assertThat(desktop.find("#count-created").getText()).isEqualTo("100,000");
            assertThat(desktop.find("#count-failed").getText()).isEqualTo("0");
            assertThat(Axe.seriousViolations(desktop))
                    .as("a finished large import")
                    .isEmpty();
            desktop.screenshot("console-import-large");
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
