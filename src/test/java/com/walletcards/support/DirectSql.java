package com.walletcards.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * Plain JDBC on a test database, around the service rather than through it: for tests that look
 * at what a separately running service left in its database.
 */
public final class DirectSql {

    private final String url;

    public DirectSql(String url) {
        this.url = url;
    }

    public long count(String sql, String... params) throws SQLException {
        try (Connection c = connect();
                PreparedStatement s = prepare(c, sql, params);
                ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    public List<String> strings(String sql, String... params) throws SQLException {
        try (Connection c = connect();
                PreparedStatement s = prepare(c, sql, params);
                ResultSet rs = s.executeQuery()) {
            List<String> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getString(1));
            }
            return values;
        }
    }

    public void update(String sql, String... params) throws SQLException {
        try (Connection c = connect();
                PreparedStatement s = prepare(c, sql, params)) {
            s.executeUpdate();
        }
    }

    /** How many of these ids {@code table} holds, asked 500 at a time. */
    public long countIds(String table, Collection<String> ids) throws SQLException {
        List<String> all = new ArrayList<>(ids);
        long found = 0;
        for (int from = 0; from < all.size(); from += 500) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + 500));
            found += count(
                    "SELECT COUNT(*) FROM " + table + " WHERE id IN ("
                            + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")",
                    chunk.toArray(String[]::new));
        }
        return found;
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(url, TestDatabase.user(), "");
    }

    private static PreparedStatement prepare(Connection c, String sql, String... params) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            s.setString(i + 1, params[i]);
        }
        return s;
    }
}
