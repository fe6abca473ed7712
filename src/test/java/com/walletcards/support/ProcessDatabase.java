package com.walletcards.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/** A fresh database for services started as {@link ServiceProcess}es, and plain SQL to look into it. */
public final class ProcessDatabase {

    private final String url;

    private ProcessDatabase(String url) {
        this.url = url;
    }

    public static ProcessDatabase fresh() {
        return new ProcessDatabase(TestDatabase.freshDatabase());
    }

    /** The settings of a service on this database whose bootstrap API key is {@code key}. */
    public Map<String, String> serviceSettings(String key) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("spring.datasource.url", url);
        settings.put("spring.datasource.username", TestDatabase.user());
        settings.put("spring.datasource.password", "");
        settings.put("wallet.access.bootstrap-api-key", key);
        settings.put("wallet.data-dir", "target/processes/data");
        settings.put("spring.datasource.hikari.maximum-pool-size", "10");
        return settings;
    }

    /** The first column of the first row, as a number. */
    public long value(String sql, String... params) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.user(), "");
                PreparedStatement s = c.prepareStatement(sql)) {
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
