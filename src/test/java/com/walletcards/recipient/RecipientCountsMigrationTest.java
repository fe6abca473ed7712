package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A database that already holds recipients gets their counts with the migration that starts keeping them. */
@Tag("database")
@ExtendWith(PostgresAvailability.class)
class RecipientCountsMigrationTest {

    private final String url = TestDatabase.freshDatabase();

    @Test
    void theMigrationCountsTheRecipientsAlreadyThereAndItsTriggersKeepCountingAfterIt() throws SQLException {
        // The SQL migrations alone: the schema as it was before the counts.
        Flyway.configure()
                .dataSource(url, TestDatabase.user(), "")
                .locations("classpath:db/migration")
                .target("31")
                .load()
                .migrate();
        execute("INSERT INTO organizations VALUES ('org', 'Org', CURRENT_TIMESTAMP)");
        for (String campaign : new String[] {"cmp-a", "cmp-b"}) {
            execute("INSERT INTO campaigns (id, organization_id, name, campaign_type, status, campaign_data, metadata,"
                    + " provider_types, created_at, updated_at) VALUES ('" + campaign + "', 'org', 'Campaign', 'event',"
                    + " 'draft', '{}', '{}', 'alpha', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
        }
        for (int i = 0; i < 12; i++) {
            execute(recipient("rcp-a" + i, "cmp-a", i < 5 ? "created" : "active"));
        }
        execute(recipient("rcp-b0", "cmp-b", "deleted"));

        Flyway.configure()
                .dataSource(url, TestDatabase.user(), "")
                .locations("classpath:db/migration")
                .javaMigrations(new V33__RecipientCountsKeptWithTheRows())
                .load()
                .migrate();

        assertThat(counts()).isEqualTo(Map.of("cmp-a active", 7L, "cmp-a created", 5L, "cmp-b deleted", 1L));
        execute("UPDATE recipients SET status = 'invited' WHERE id IN ('rcp-a0', 'rcp-a1')");
        execute("UPDATE recipients SET name = 'Renamed' WHERE campaign_id = 'cmp-a'");
        execute(recipient("rcp-b1", "cmp-b", "pending"));
        execute("DELETE FROM recipients WHERE id = 'rcp-a11'");
        assertThat(counts())
                .isEqualTo(Map.of(
                        "cmp-a active", 6L,
                        "cmp-a created", 3L,
                        "cmp-a invited", 2L,
                        "cmp-b deleted", 1L,
                        "cmp-b pending", 1L));
    }

    private Map<String, Long> counts() throws SQLException {
        Map<String, Long> counts = new TreeMap<>();
        try (Connection connection = DriverManager.getConnection(url, TestDatabase.user(), "");
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT campaign_id, status, SUM(n) FROM recipient_counts GROUP BY campaign_id, status")) {
            while (rows.next()) {
                if (rows.getLong(3) != 0) {
                    counts.put(rows.getString(1) + " " + rows.getString(2), rows.getLong(3));
                }
            }
        }
        return counts;
    }

    private static String recipient(String id, String campaign, String status) {
        return "INSERT INTO recipients (id, organization_id, campaign_id, email, live_email, recipient_data, status,"
                + " created_at, updated_at) VALUES ('" + id + "', 'org', '" + campaign + "', '" + id + "@example.org', "
                + ("deleted".equals(status) ? "NULL" : "'" + id + "@example.org'") + ", '{}', '" + status
                + "', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)";
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, TestDatabase.user(), "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
