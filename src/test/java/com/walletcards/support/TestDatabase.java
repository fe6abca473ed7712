package com.walletcards.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.PropertySource;

/**
 * Points a test context at a database of its own, on the server chosen by
 * {@code -Dwallet.test.database} (h2 or postgres). Every context gets a fresh one because each
 * context runs the job engine: contexts kept alive by the test context cache would otherwise
 * take each other's jobs, run them with their own settings and their own small pools, and starve
 * the requests of whichever test is running. The database is dropped when its context closes.
 */
public final class TestDatabase implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    public static final String PG_HOST = System.getProperty("wallet.test.postgres.host", "127.0.0.1");
    public static final int PG_PORT = Integer.getInteger("wallet.test.postgres.port", 5432);
    public static final String PG_USER = System.getProperty("wallet.test.postgres.user", "postgres");

    public static boolean postgres() {
        return "postgres".equals(System.getProperty("wallet.test.database", "h2"));
    }

    public static String adminUrl() {
        return "jdbc:postgresql://" + PG_HOST + ":" + PG_PORT + "/postgres";
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
        execute(adminUrl(), "CREATE DATABASE " + name);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> drop(name)));
        return "jdbc:postgresql://" + PG_HOST + ":" + PG_PORT + "/" + name;
    }

    private static void drop(String url) {
        try {
            if (url.startsWith("jdbc:h2:")) {
                execute(url, "SHUTDOWN");
            } else {
                execute(
                        adminUrl(),
                        "DROP DATABASE IF EXISTS " + url.substring(url.lastIndexOf('/') + 1) + " WITH (FORCE)");
            }
        } catch (RuntimeException ignored) {
            // best effort: a leftover test database is harmless and uniquely named
        }
    }

    private static void execute(String url, String sql) {
        try (Connection c = DriverManager.getConnection(url, user(), "");
                Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(url + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        context.getEnvironment().getPropertySources().addFirst(new OwnDatabase(context));
    }

    /**
     * Creates the context's database when the data source first asks for it, so a test class that
     * brings a database of its own (a {@link SeparateDatabase}) creates none here.
     */
    private static final class OwnDatabase extends PropertySource<ConfigurableApplicationContext> {

        private @Nullable String url;

        OwnDatabase(ConfigurableApplicationContext context) {
            super("wallet-test-database", context);
        }

        @Override
        public synchronized @Nullable Object getProperty(String name) {
            return switch (name) {
                case "spring.datasource.url" -> url();
                case "spring.datasource.username" -> user();
                case "spring.datasource.password" -> "";
                default -> null;
            };
        }

        private String url() {
            if (url == null) {
                String created = freshDatabase();
                url = created;
                // Registered before the data source exists, so destroyed after it has closed.
                ((DefaultSingletonBeanRegistry) getSource().getBeanFactory())
                        .registerDisposableBean("wallet-test-database-drop", () -> drop(created));
            }
            return url;
        }
    }
}
