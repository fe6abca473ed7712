package com.walletcards.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.walletcards.platform.EmbeddedDatabaseRepair.Outcome;
import com.walletcards.recipient.V33__RecipientCountsKeptWithTheRows;
import com.walletcards.shared.V32__UpdatedObjectsKeepRoomOnTheirPages;
import com.walletcards.support.ServiceDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.flywaydb.core.Flyway;
import org.h2.engine.SessionLocal;
import org.h2.index.Index;
import org.h2.jdbc.JdbcConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded database after a stop that did not close it: H2's own recovery can leave a committed
 * row in its table but out of the table's indexes, and changes of a transaction that never
 * committed; the next start repairs both in place.
 */
class EmbeddedDatabaseRepairTest {

    private static final int KEYS = 50;
    private static final String LOST = "key-17";

    @TempDir
    Path dataDir;

    @Test
    void aCommittedRowMissingFromItsIndexesAfterAnUncleanStopIsFoundThroughThemAfterTheNextStart() throws Exception {
        EmbeddedH2File file = serviceDatabase();
        migrateAndFill(file);
        dropFromEveryIndex(file, LOST);
        assertThat(keysOfOrganization(file))
                .as("the damage H2's recovery once left: the row is stored, lists by organization skip it")
                .hasSize(KEYS - 1);
        execute(file, "SET DEFAULT_LOCK_TIMEOUT 4321"); // kept by the file, not in the URL
        List<String> schemaBefore = schema(file);
        assertThat(schemaBefore)
                .as("settings the file keeps")
                .contains("SET DEFAULT_LOCK_TIMEOUT 4321;", "SET WRITE_DELAY 0;");
        Files.writeString(repair(file).marker(), "left by a killed process");

        EmbeddedDatabaseRepair repair = repair(file);
        assertThat(repair.open()).isEqualTo(Outcome.REPAIRED);

        assertThat(keysOfOrganization(file)).hasSize(KEYS).contains(LOST);
        assertThat(single(file, "SELECT id FROM api_keys WHERE key_hash = 'hash-" + LOST + "'"))
                .isEqualTo(LOST);
        assertThat(schema(file))
                .as("every table, index, constraint and kept setting, as before")
                .isEqualTo(schemaBefore);
        assertThat(flyway(file).info().pending())
                .as("no migration to apply again")
                .isEmpty();
        assertThat(flyway(file).validateWithResult().validationSuccessful).isTrue();
        assertThat(repair.before()).as("repaired in place, no copy").doesNotExist();
        repair.closed();
    }

    @Test
    void indexEntriesOfARowNoLongerInItsTableAreGoneAfterTheNextStart() throws Exception {
        EmbeddedH2File file = serviceDatabase();
        migrateAndFill(file);
        dropFromTableOnly(file, LOST);
        Files.writeString(repair(file).marker(), "left by a killed process");

        EmbeddedDatabaseRepair repair = repair(file);
        assertThat(repair.open()).isEqualTo(Outcome.REPAIRED);

        assertThat(keysOfOrganization(file))
                .as("lists by organization read the table's rows only")
                .hasSize(KEYS - 1)
                .doesNotContain(LOST);
        assertThat(single(file, "SELECT COUNT(*) FROM api_keys WHERE key_hash = 'hash-" + LOST + "'"))
                .isEqualTo("0");
        repair.closed();
    }

    @Test
    void rowsOfACutOffTransactionThatReferToRowsThatDoNotExistAreRemovedAtTheNextStart() throws Exception {
        EmbeddedH2File file = serviceDatabase();
        migrateAndFill(file);
        execute(
                file,
                "INSERT INTO webhooks (id, organization_id, url, events, enabled, secret, created_at, updated_at)"
                        + " VALUES ('whk', 'org', 'https://example.com/hook', 'card.created', TRUE, 's',"
                        + " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
        for (String event : List.of("evt-kept", "evt-rolled-back")) {
            execute(
                    file,
                    "INSERT INTO webhook_events (id, organization_id, type, payload, created_at) VALUES ('" + event
                            + "', 'org', 'card.created', '{}', CURRENT_TIMESTAMP)");
            execute(
                    file,
                    "INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, status, attempts,"
                            + " claims, created_at, updated_at) VALUES ('dlv-" + event + "', 'org', 'whk', '"
                            + event + "', 'failed', 1, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
            execute(
                    file,
                    "INSERT INTO webhook_attempts (id, organization_id, webhook_id, delivery_id, event_id, event_type,"
                            + " attempt, succeeded, duration_ms, attempted_at) VALUES ('att-" + event + "', 'org',"
                            + " 'whk', 'dlv-" + event + "', '" + event + "', 'card.created', 1, FALSE, 5,"
                            + " CURRENT_TIMESTAMP)");
        }
        // What H2's recovery left after a kill: the event of a rolled-back transaction is gone, the
        // delivery written with it (and here an attempt of that delivery) stayed.
        execute(
                file,
                "SET REFERENTIAL_INTEGRITY FALSE; DELETE FROM webhook_events WHERE id = 'evt-rolled-back';"
                        + " SET REFERENTIAL_INTEGRITY TRUE");
        assertThat(single(file, "SELECT COUNT(*) FROM webhook_deliveries WHERE id = 'dlv-evt-rolled-back'"))
                .isEqualTo("1");
        Files.writeString(repair(file).marker(), "left by a killed process");

        EmbeddedDatabaseRepair repair = repair(file);
        assertThat(repair.open()).isEqualTo(Outcome.REPAIRED);

        assertThat(single(file, "SELECT STRING_AGG(id, ',' ORDER BY id) FROM webhook_deliveries"))
                .as("the delivery without its event is gone, the other stays")
                .isEqualTo("dlv-evt-kept");
        assertThat(single(file, "SELECT STRING_AGG(id, ',' ORDER BY id) FROM webhook_attempts"))
                .as("and so is the attempt of that delivery, found on the next pass")
                .isEqualTo("att-evt-kept");
        assertThat(keysOfOrganization(file))
                .as("rows with their parents are all kept")
                .hasSize(KEYS);
        assertThat(single(file, "SELECT COUNT(*) FROM webhooks")).isEqualTo("1");
        repair.closed();
    }

    @Test
    void changesOfATransactionTheStopCutOffThatItsRecoveryCannotRollBackAreUndoneAtTheNextStart() throws Exception {
        EmbeddedH2File file = serviceDatabase();
        migrateAndFill(file);
        CutOffTransaction.leave(
                file,
                "INSERT INTO api_keys (id, organization_id, prefix, key_hash, scopes, created_at) VALUES"
                        + " ('key-never-committed', 'org', 'wk_', 'hash-never-committed', 'all', CURRENT_TIMESTAMP)",
                "DELETE FROM api_keys WHERE id = 'key-3'",
                "UPDATE organizations SET name = 'Never committed' WHERE id = 'org'");
        assertThat(keysOfOrganization(file))
                .as("what H2 leaves: a transaction with the cut-off one's id reads its changes as its own")
                .contains("key-never-committed")
                .doesNotContain("key-3");
        Files.writeString(repair(file).marker(), "left by a killed process");

        EmbeddedDatabaseRepair repair = repair(file);
        assertThat(repair.open()).isEqualTo(Outcome.REPAIRED);

        assertThat(keysOfOrganization(file))
                .as("the committed keys, whatever id reads them")
                .hasSize(KEYS)
                .contains("key-3")
                .doesNotContain("key-never-committed");
        assertThat(single(file, "SELECT name FROM organizations WHERE id = 'org'"))
                .isEqualTo("Org");
        repair.closed();
    }

    @Test
    void recipientCountsKeptByTheirTriggerComeOutOfTheRepairAsTheyWereAndAreKeptAfterIt() throws Exception {
        EmbeddedH2File file = serviceDatabase();
        migrateAndFill(file);
        execute(
                file,
                "INSERT INTO campaigns (id, organization_id, name, campaign_type, status, campaign_data, metadata,"
                        + " provider_types, created_at, updated_at) VALUES ('cmp', 'org', 'Campaign', 'event', 'draft',"
                        + " '{}', '{}', 'alpha', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
        for (int i = 0; i < 30; i++) {
            execute(file, recipient("rcp-" + i, i < 10 ? "pending" : "created"));
        }
        assertThat(single(file, RECIPIENT_TOTALS)).isEqualTo("created 20, pending 10");
        Files.writeString(repair(file).marker(), "left by a killed process");

        EmbeddedDatabaseRepair repair = repair(file);
        assertThat(repair.open()).isEqualTo(Outcome.REPAIRED);

        assertThat(single(file, RECIPIENT_TOTALS)).as("nothing counted again").isEqualTo("created 20, pending 10");
        execute(file, recipient("rcp-after", "pending"));
        execute(file, "UPDATE recipients SET status = 'invited' WHERE id = 'rcp-12'");
        assertThat(single(file, RECIPIENT_TOTALS))
                .as("the trigger came through the repair")
                .isEqualTo("created 19, invited 1, pending 11");
        repair.closed();
    }

    private static final String RECIPIENT_TOTALS =
            "SELECT LISTAGG(status || ' ' || total, ', ') WITHIN GROUP (ORDER BY status)"
                    + " FROM (SELECT status, SUM(n) AS total FROM recipient_counts WHERE campaign_id = 'cmp' GROUP BY status)";

    private static String recipient(String id, String status) {
        return "INSERT INTO recipients (id, organization_id, campaign_id, email, live_email, recipient_data, status,"
                + " created_at, updated_at) VALUES ('" + id + "', 'org', 'cmp', '" + id + "@example.org', '" + id
                + "@example.org', '{}', '" + status + "', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)";
    }

    @Test
    void aDatabaseClosedCleanlyIsOpenedAsItIs() throws Exception {
        EmbeddedH2File file = serviceDatabase();
        EmbeddedDatabaseRepair repair = repair(file);
        assertThat(repair.open()).isEqualTo(Outcome.UNTOUCHED);
        assertThat(repair.marker()).as("open").exists();
        migrateAndFill(file);
        repair.closed();
        assertThat(repair.marker()).as("closed cleanly").doesNotExist();
        Object fileKey = Files.readAttributes(file.file(), "unix:ino").get("ino");

        assertThat(repair.open()).isEqualTo(Outcome.UNTOUCHED);

        assertThat(Files.readAttributes(file.file(), "unix:ino").get("ino")).isEqualTo(fileKey);
        assertThat(repair.before()).doesNotExist();
        assertThat(keysOfOrganization(file)).hasSize(KEYS);
        repair.closed();
    }

    @Test
    void aSecondHolderInTheSameProcessNeitherRepairsNorRemovesTheMarkerTheFirstStillNeeds() throws Exception {
        EmbeddedH2File file = serviceDatabase();
        EmbeddedDatabaseRepair first = repair(file);
        EmbeddedDatabaseRepair second = repair(file);
        first.open();
        migrateAndFill(file);

        assertThat(second.open())
                .as("the marker is the first holder's, not a crash's")
                .isEqualTo(Outcome.UNTOUCHED);
        second.closed();
        assertThat(first.marker()).exists();
        first.closed();
        assertThat(first.marker()).doesNotExist();
    }

    @Test
    void aRepairCutOffAfterTheRebuiltFileWasCompleteIsFinishedAtTheNextStart() throws Exception {
        EmbeddedH2File file = serviceDatabase();
        migrateAndFill(file);
        EmbeddedH2File rebuilt = file.named("-repaired");
        Files.copy(file.file(), rebuilt.file());
        execute(
                rebuilt,
                "INSERT INTO organizations (id, name, created_at) VALUES ('org-rebuilt', 'Only in the rebuilt file', CURRENT_TIMESTAMP)");
        Files.writeString(repair(file).marker(), "left by a killed process");
        Path script = repair(file).script();
        Files.writeString(script, "the export the rebuilt file was made from");

        EmbeddedDatabaseRepair repair = repair(file);
        assertThat(repair.open()).isEqualTo(Outcome.REPAIR_FINISHED);
        assertThat(script).doesNotExist();

        assertThat(single(file, "SELECT name FROM organizations WHERE id = 'org-rebuilt'"))
                .isEqualTo("Only in the rebuilt file");
        assertThat(rebuilt.file()).doesNotExist();
        repair.closed();
    }

    @Test
    void aDatabaseAnotherProcessHoldsIsLeftAloneWithAClearError() throws Exception {
        EmbeddedH2File file = serviceDatabase();
        migrateAndFill(file);
        Files.writeString(repair(file).marker(), "the other process's");
        Path output = dataDir.resolve("holder.out");
        Process holder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "org.h2.tools.Shell",
                        "-url",
                        file.url(),
                        "-user",
                        "sa") // reads statements from its input, which stays open: it holds the file
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        try {
            // The prompt comes once its connection is open; probing the file would race with it.
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> Files.readString(output).contains("sql>"));

            assertThatThrownBy(() -> repair(file).open())
                    .hasMessageContaining("Could not repair the embedded database")
                    .hasMessageContaining("another process");
            assertThat(file.named("-repaired").file()).doesNotExist();
            assertThat(repair(file).before()).doesNotExist();
        } finally {
            holder.destroyForcibly().waitFor();
        }
    }

    @Test
    void onlyEmbeddedFileDatabasesAreRepaired() {
        assertThat(EmbeddedH2File.of("jdbc:postgresql://127.0.0.1:5432/test")).isEmpty();
        assertThat(EmbeddedH2File.of("jdbc:h2:mem:wallet")).isEmpty();
        assertThat(EmbeddedH2File.of("jdbc:h2:tcp://127.0.0.1:9092/wallet")).isEmpty();
        assertThat(EmbeddedH2File.of("jdbc:h2:/srv/data/wallet"))
                .hasValueSatisfying(file -> assertThat(file.file()).isEqualTo(Path.of("/srv/data/wallet.mv.db")));
        assertThat(EmbeddedH2File.of("jdbc:h2:file:/srv/data/wallet;MODE=PostgreSQL;AUTO_SERVER=TRUE;WRITE_DELAY=0"))
                .hasValueSatisfying(file -> {
                    assertThat(file.file()).isEqualTo(Path.of("/srv/data/wallet.mv.db"));
                    assertThat(file.url()).isEqualTo("jdbc:h2:file:/srv/data/wallet;MODE=PostgreSQL;WRITE_DELAY=0");
                });
    }

    private EmbeddedH2File serviceDatabase() {
        return EmbeddedH2File.of(ServiceDatabase.embeddedDefaultUrl(dataDir)).orElseThrow();
    }

    private static EmbeddedDatabaseRepair repair(EmbeddedH2File file) {
        return new EmbeddedDatabaseRepair(file, "sa", "");
    }

    private static Flyway flyway(EmbeddedH2File file) {
        return Flyway.configure()
                .dataSource(file.url(), "sa", "")
                .locations("classpath:db/migration")
                .javaMigrations(
                        new V32__UpdatedObjectsKeepRoomOnTheirPages(), new V33__RecipientCountsKeptWithTheRows())
                .load();
    }

    private static void migrateAndFill(EmbeddedH2File file) throws SQLException {
        flyway(file).migrate();
        execute(file, "INSERT INTO organizations (id, name, created_at) VALUES ('org', 'Org', CURRENT_TIMESTAMP)");
        for (int i = 0; i < KEYS; i++) {
            execute(
                    file,
                    "INSERT INTO api_keys (id, organization_id, prefix, key_hash, scopes, created_at) VALUES ('key-" + i
                            + "', 'org', 'wk_', 'hash-key-" + i + "', 'all', CURRENT_TIMESTAMP)");
        }
    }

    /** What H2's recovery left once: the row stays in its table, every secondary index loses it. */
    private static void dropFromEveryIndex(EmbeddedH2File file, String id) throws SQLException {
        removeFrom(
                file,
                id,
                index -> !index.getIndexType().isScan() && !index.getIndexType().isPrimaryKey());
    }

    /** The opposite damage: the row leaves its table, its entries stay in every secondary index. */
    private static void dropFromTableOnly(EmbeddedH2File file, String id) throws SQLException {
        removeFrom(file, id, index -> index.getIndexType().isScan());
    }

    /** Removes the API key's row from the indexes chosen, through H2's engine, and commits. */
    private static void removeFrom(EmbeddedH2File file, String id, Predicate<Index> chosen) throws SQLException {
        try (Connection connection = DriverManager.getConnection(file.url(), "sa", "")) {
            SessionLocal session = (SessionLocal) ((JdbcConnection) connection).getSession();
            var table = session.getDatabase().getSchema("public").getTableOrView(session, "api_keys");
            long key;
            try (Statement statement = connection.createStatement();
                    ResultSet row = statement.executeQuery("SELECT _ROWID_ FROM api_keys WHERE id = '" + id + "'")) {
                row.next();
                key = row.getLong(1);
            }
            var row = table.getRow(session, key);
            for (Index index : table.getIndexes()) {
                if (chosen.test(index)) {
                    index.remove(session, row);
                }
            }
            session.commit(false);
        }
    }

    private static List<String> keysOfOrganization(EmbeddedH2File file) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(file.url(), "sa", "");
                Statement statement = connection.createStatement();
                ResultSet rows =
                        statement.executeQuery("SELECT id FROM api_keys WHERE organization_id = 'org' ORDER BY id")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    /** Every object and every setting the file keeps (read without the URL's WRITE_DELAY, which it keeps). */
    private static List<String> schema(EmbeddedH2File file) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Connection connection =
                        DriverManager.getConnection(file.without("WRITE_DELAY").url(), "sa", "");
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SCRIPT NODATA NOPASSWORDS")) {
            while (rows.next()) {
                lines.add(rows.getString(1));
            }
        }
        return lines;
    }

    private static String single(EmbeddedH2File file, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(file.url(), "sa", "");
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).as(sql).isTrue();
            return rows.getString(1);
        }
    }

    private static void execute(EmbeddedH2File file, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(file.url(), "sa", "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
