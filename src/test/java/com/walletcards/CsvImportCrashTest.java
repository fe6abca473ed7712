package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Api;
import com.walletcards.support.CsvImports;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.ProcessDatabase;
import com.walletcards.support.ServiceProcess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code kill -9} while the import job adds rows: after a restart on the same database the import
 * resumes after its last committed batch and completes, every row added exactly once (a row added
 * twice would fail as a duplicate email and show in {@code failed}).
 *
 * <p>Runs on PostgreSQL and on the embedded H2 default, like {@link CrashRecoveryTest}. Slow: it
 * starts the service twice.
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class CsvImportCrashTest {

    private static final String KEY = "wk_import_crash_0123456789abcdefghijklmnopq";
    private static final int ROWS = 20_000;

    private ProcessDatabase database;

    @Test
    void killedDuringTheImportJobTheImportResumesAndAddsEveryRowOnce() throws Exception {
        database = ProcessDatabase.fresh();
        int port = ServiceProcess.freePort();
        Map<String, String> settings = database.serviceSettings(KEY);
        // Small batches: many transactions, so that the kill lands between two of them.
        settings.put("wallet.imports.batch-size", "100");

        ServiceProcess first = ServiceProcess.start("import-crash-1", port, settings);
        Api api = first.api(KEY);
        Api.Response created = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Import crash",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of(),
                        "providerTypes",
                        List.of("alpha")));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String campaign = created.data().get("id").asString();
        Api.Response accepted =
                new CsvImports(port, KEY).upload(campaign, "?sendEmail=false", CsvImports.generated("crash-", ROWS));
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(202);
        String importId = accepted.data().get("id").asString();

        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> database.value("SELECT rows_done FROM recipient_imports WHERE id = ?", importId) >= 1_000);
        first.kill();
        long doneAtKill = database.valueLeftByKill("SELECT rows_done FROM recipient_imports WHERE id = ?", importId);
        assertThat(doneAtKill).as("killed during the import").isLessThan(ROWS);
        // A condition no index serves, so the count reads the table itself: on H2 the recovery from
        // the kill can leave a committed row out of an index until the restart rebuilds them.
        assertThat(database.valueLeftByKill(
                        "SELECT COUNT(*) FROM recipients WHERE CONCAT(campaign_id, '') = ?", campaign))
                .as("only committed batches count, and each one counts")
                .isEqualTo(doneAtKill);

        long restarted = System.nanoTime();
        try (ServiceProcess second = ServiceProcess.start("import-crash-2", port, settings)) {
            await().atMost(Duration.ofSeconds(180))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> database.value(
                                    "SELECT COUNT(*) FROM recipient_imports WHERE id = ? AND status = 'completed'",
                                    importId)
                            == 1);
            System.out.printf(
                    "Crash during a CSV import: %,d of %,d rows added at the kill; completed %,d ms after the restart%n",
                    doneAtKill, ROWS, (System.nanoTime() - restarted) / 1_000_000);
            assertThat(database.value("SELECT rows_done FROM recipient_imports WHERE id = ?", importId))
                    .isEqualTo(ROWS);
            assertThat(database.value("SELECT created FROM recipient_imports WHERE id = ?", importId))
                    .isEqualTo(ROWS);
            assertThat(database.value("SELECT failed FROM recipient_imports WHERE id = ?", importId))
                    .as("no row came twice")
                    .isZero();
            assertThat(database.value("SELECT COUNT(*) FROM recipients WHERE campaign_id = ?", campaign))
                    .isEqualTo(ROWS);
            assertThat(database.value(
                            "SELECT COUNT(DISTINCT external_id) FROM recipients WHERE campaign_id = ?", campaign))
                    .isEqualTo(ROWS);
            assertThat(database.value("SELECT COUNT(*) FROM recipient_import_rows WHERE import_id = ?", importId))
                    .isZero();
            Api.Response shown = second.api(KEY).get(CsvImports.imports(campaign) + "/" + importId);
            assertThat(shown.data().get("status").asString()).isEqualTo("completed");
            assertThat(shown.data().get("created").asLong()).isEqualTo(ROWS);
        }
    }
}
