package com.walletcards.platform.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.OptionalInt;
import java.util.concurrent.Executor;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The connection pool, with one addition: a connection borrowed by a thread that has a
 * {@link RequestDeadline} waits for any single answer of the database at most until that
 * deadline ({@link Connection#setNetworkTimeout}). When the network goes silent mid-statement, a
 * request's read then fails by its deadline instead of the driver's socket timeout (60 s), and the
 * driver closes the connection; the pool sets the network timeout back to the driver's default
 * when a connection returns to it, so background work never inherits a request's limit.
 *
 * <p>The timeout applies to each wait for the server, not to the request's total: a request
 * running many quick statements is never cut short (see {@link RequestDeadline#networkTimeoutMillis}). H2's driver ignores network timeouts (its
 * embedded database lives in the process and cannot go silent).
 */
public final class DeadlineDataSource extends DelegatingDataSource implements AutoCloseable {

    /** The driver uses the executor only to abort a connection; PostgreSQL's does not use it at all. */
    private static final Executor DIRECT = Runnable::run;

    public DeadlineDataSource(DataSource pool) {
        super(pool);
    }

    @Override
    public Connection getConnection() throws SQLException {
        return withDeadline(obtainTargetDataSource().getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return withDeadline(obtainTargetDataSource().getConnection(username, password));
    }

    /** Closes the pool at shutdown, as the pool's own bean would have been closed. */
    @Override
    public void close() throws Exception {
        if (obtainTargetDataSource() instanceof AutoCloseable pool) {
            pool.close();
        }
    }

    private static Connection withDeadline(Connection connection) throws SQLException {
        OptionalInt timeout = RequestDeadline.networkTimeoutMillis();
        if (timeout.isPresent()) {
            try {
                connection.setNetworkTimeout(DIRECT, timeout.getAsInt());
            } catch (SQLException | RuntimeException e) {
                connection.close();
                throw e;
            }
        }
        return connection;
    }
}
