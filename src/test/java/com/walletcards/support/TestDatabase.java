package com.walletcards.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Points a test context at the database chosen by {@code -Dwallet.test.database} (h2 or
 * postgres). PostgreSQL runs get a database of their own, created here and dropped when the JVM
 * ends, so parallel or repeated runs never collide.
 */
public final class TestDatabase implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    public static final String PG_HOST = System.getProperty("wallet.test.postgres.host", "127.0.0.1");
    public static final int PG_PORT = Integer.getInteger("wallet.test.postgres.port", 5432);
    public static final String PG_USER = System.getProperty("wallet.test.postgres.user", "postgres");
    private static volatile String url;

    public static boolean postgres() {
        return "postgres".equals(System.getProperty("wallet.test.database", "h2"));
    }

    public static String adminUrl() {
        return "jdbc:postgresql://" + PG_HOST + ":" + PG_PORT + "/postgres";
    }

    /** The JDBC URL of this JVM's test database, created on first use. */
    public static synchronized String url() {
        if (url == null) {
            url = postgres()
                    ? createPostgresDatabase()
                    : "jdbc:h2:mem:wallet-" + UUID.randomUUID()
                            + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000;QUERY_CACHE_SIZE=128";
        }
        return url;
    }

    public static String user() {
        return postgres() ? PG_USER : "sa";
    }

    /** A brand-new, empty database on the same server, for tests that need a schema of their own. */
    public static String freshDatabase() {
        return postgres()
                ? createPostgresDatabase()
                : "jdbc:h2:mem:wallet-" + UUID.randomUUID()
                        + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000;QUERY_CACHE_SIZE=128";
    }

    private static String createPostgresDatabase() {
        String name =
                "wallet_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        execute("CREATE DATABASE " + name);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            } catch (RuntimeException ignored) {
                // best effort: a leftover test database is harmless and uniquely named
            }
        }));
        return "jdbc:postgresql://" + PG_HOST + ":" + PG_PORT + "/" + name;
    }

    private static void execute(String sql) {
        try (Connection c = DriverManager.getConnection(adminUrl(), PG_USER, "");
                Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + adminUrl() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        context.getEnvironment()
                .getPropertySources()
                .addFirst(new MapPropertySource(
                        "wallet-test-database",
                        Map.of(
                                "spring.datasource.url", url(),
                                "spring.datasource.username", user(),
                                "spring.datasource.password", "")));
    }
}
