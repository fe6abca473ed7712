package com.walletcards.support;

import com.walletcards.platform.LeftoverBlindConnection;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A fresh {@link ServiceDatabase} for services started as {@link ServiceProcess}es (PostgreSQL, or
 * the embedded default on the H2 run), and plain SQL to look into it.
 */
public final class ProcessDatabase {

    private final ServiceDatabase database;

    private ProcessDatabase(ServiceDatabase database) {
        this.database = database;
    }

    public static ProcessDatabase fresh() {
        return new ProcessDatabase(ServiceDatabase.fresh(Path.of(
                "target", "processes", "db-" + UUID.randomUUID().toString().substring(0, 8))));
    }

    /** The settings of a service on this database whose bootstrap API key is {@code key}. */
    public Map<String, String> serviceSettings(String key) {
        Map<String, String> settings = new LinkedHashMap<>(database.settings());
        settings.put("wallet.access.bootstrap-api-key", key);
        settings.put("spring.datasource.hikari.maximum-pool-size", "10");
        return settings;
    }

    /** The first column of the first row, as a number. */
    public long value(String sql, String... params) throws SQLException {
        try (Connection c = DriverManager.getConnection(database.url(), database.user(), "")) {
            return value(c, sql, params);
        }
    }

    /** Runs one change, for a set-up done while no service runs or as a provider callback would. */
    public void execute(String sql, String... params) throws SQLException {
        try (Connection c = DriverManager.getConnection(database.url(), database.user(), "");
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setString(i + 1, params[i]);
            }
            s.executeUpdate();
        }
    }

    /**
     * {@link #value} of a database a killed service left, read as the service's next start reads
     * it: on the embedded database, where no change of a transaction the kill cut off shows as
     * committed (see {@link LeftoverBlindConnection}).
     */
    public long valueLeftByKill(String sql, String... params) throws SQLException {
        if (!database.url().startsWith("jdbc:h2:")) {
            return value(sql, params);
        }
        try (LeftoverBlindConnection c = LeftoverBlindConnection.open(database.url(), database.user(), "")) {
            return value(c.connection(), sql, params);
        }
    }

    private static long value(Connection c, String sql, String... params) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setString(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
