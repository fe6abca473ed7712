package com.walletcards.recipient;

import java.sql.Connection;
import java.sql.Statement;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;
import org.springframework.stereotype.Component;

/**
 * What the console's recipients table needs to stay fast at a million recipients per campaign
 * ({@link RecipientBrowseQueries}, docs/console.md "Recipients"):
 *
 * <ul>
 *   <li>{@code wallets}: the wallets the recipient's card is installed on now, as sorted provider
 *       names separated and surrounded by spaces (" alpha beta "), NULL when none; kept by {@link
 *       RecipientLifecycle} from the card's installed and removed events, so a filter reads it
 *       from the row instead of joining the card's provider objects.
 *   <li>{@code name_key}: the name in lower case, computed by the database, so a name search is a
 *       prefix range of an index on both databases (H2 has no index over an expression).
 *   <li>Indexes for the "last activity" order (by {@code updated_at}), with and without a status,
 *       and prefix indexes for the search by email, name and external id. On PostgreSQL the
 *       prefix indexes use {@code text_pattern_ops}, which a {@code LIKE 'abc%'} can use whatever
 *       the database's collation; H2 compares strings by code point anyway.
 * </ul>
 *
 * A Java migration because the two databases spell the computed column and the prefix indexes
 * differently. Public, so that Flyway configured without Spring can load it too.
 */
@Component
public class V57__RecipientsBrowsedByKeyset extends BaseJavaMigration {

    @Override
    public String getDescription() {
        return "recipients browsed by keyset";
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection connection = context.getConnection();
        boolean postgres = "PostgreSQL".equals(connection.getMetaData().getDatabaseProductName());
        String pattern = postgres ? " text_pattern_ops" : "";
        try (Statement statement = connection.createStatement()) {
            statement.execute("ALTER TABLE recipients ADD COLUMN wallets VARCHAR(60)");
            statement.execute(
                    postgres
                            ? "ALTER TABLE recipients ADD COLUMN name_key VARCHAR(200)"
                                    + " GENERATED ALWAYS AS (LOWER(name)) STORED"
                            : "ALTER TABLE recipients ADD COLUMN name_key VARCHAR(200) GENERATED ALWAYS AS (LOWER(name))");
            statement.execute("CREATE INDEX recipients_campaign_activity ON recipients (campaign_id, updated_at, id)");
            statement.execute(
                    "CREATE INDEX recipients_campaign_status_activity ON recipients (campaign_id, status, updated_at, id)");
            statement.execute(
                    "CREATE INDEX recipients_email_prefix ON recipients (campaign_id, live_email" + pattern + ")");
            statement.execute(
                    "CREATE INDEX recipients_name_prefix ON recipients (campaign_id, name_key" + pattern + ")");
            statement.execute("CREATE INDEX recipients_external_id_prefix ON recipients (campaign_id, external_id"
                    + pattern + ")");
        }
    }
}
