package com.walletcards.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.recipient.V33__RecipientCountsKeptWithTheRows;
import com.walletcards.shared.V32__UpdatedObjectsKeepRoomOnTheirPages;
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

/** Keys that held every scope before audit:read existed hold it after the migration; others do not. */
@Tag("database")
@ExtendWith(PostgresAvailability.class)
class AuditReadScopeMigrationTest {

    private final String url = TestDatabase.freshDatabase();

    @Test
    void keysWithEveryEarlierScopeGainAuditReadAndKeysWithFewerDoNot() throws SQLException {
        migrate("49"); // the newest migration before V54 on this branch
        execute("INSERT INTO organizations (id, name, created_at) VALUES ('org', 'Org', CURRENT_TIMESTAMP)");
        execute(key("key-all", "campaigns:read campaigns:write webhooks:read webhooks:write"));
        execute(key("key-campaigns", "campaigns:read campaigns:write"));
        execute(key("key-webhooks", "webhooks:read webhooks:write"));

        migrate(null);

        assertThat(scopes())
                .isEqualTo(Map.of(
                        "key-all", "audit:read campaigns:read campaigns:write webhooks:read webhooks:write",
                        "key-campaigns", "campaigns:read campaigns:write",
                        "key-webhooks", "webhooks:read webhooks:write"));
    }

    private void migrate(String target) {
        var configuration = Flyway.configure()
                .dataSource(url, TestDatabase.user(), "")
                .locations("classpath:db/migration")
                .javaMigrations(
                        new V32__UpdatedObjectsKeepRoomOnTheirPages(), new V33__RecipientCountsKeptWithTheRows());
        if (target != null) {
            configuration.target(target);
        }
        configuration.load().migrate();
    }

    private static String key(String id, String scopes) {
        return "INSERT INTO api_keys (id, organization_id, name, prefix, key_hash, scopes, created_at) VALUES ('" + id
                + "', 'org', NULL, 'wk_" + id + "', '" + id + "', '" + scopes + "', CURRENT_TIMESTAMP)";
    }

    private Map<String, String> scopes() throws SQLException {
        Map<String, String> scopes = new TreeMap<>();
        try (Connection connection = DriverManager.getConnection(url, TestDatabase.user(), "");
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id, scopes FROM api_keys")) {
            while (rows.next()) {
                scopes.put(rows.getString(1), rows.getString(2));
            }
        }
        return scopes;
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, TestDatabase.user(), "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
