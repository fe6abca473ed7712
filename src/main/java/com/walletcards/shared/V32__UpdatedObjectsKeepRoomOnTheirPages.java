package com.walletcards.shared;

import java.sql.Statement;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;
import org.springframework.stereotype.Component;

/**
 * Provider objects and the local wallets' objects are rewritten several times in their life (created
 * at the provider, leased and recorded by every propagation, installed) without changing an indexed
 * column. PostgreSQL writes such an update as a heap-only tuple, with no new entry in any index,
 * only when the row's page has room for the new version; tables are filled to 100 % by default. On
 * H2, which has no fill factor, this version changes nothing. A Java migration, so that both
 * databases keep one list of versions.
 */
@Component
public class V32__UpdatedObjectsKeepRoomOnTheirPages extends BaseJavaMigration {

    static final int FILL_FACTOR = 70;

    /** Worded like the SQL versions' file names, for {@code flyway_schema_history}. */
    @Override
    public String getDescription() {
        return "updated objects keep room on their pages";
    }

    @Override
    public void migrate(Context context) throws Exception {
        if (!"PostgreSQL".equals(context.getConnection().getMetaData().getDatabaseProductName())) {
            return;
        }
        try (Statement statement = context.getConnection().createStatement()) {
            for (String table : new String[] {"provider_objects", "local_wallet_objects"}) {
                statement.execute("ALTER TABLE " + table + " SET (fillfactor = " + FILL_FACTOR + ")");
            }
        }
    }
}
