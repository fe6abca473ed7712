package com.walletcards.platform.web;

import com.walletcards.platform.database.DatabaseLink;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import jakarta.servlet.http.HttpServletRequest;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Recognizes a failure that means "the database cannot be reached right now" rather than "this
 * request is wrong" or "our code is wrong", so that it is answered with 503 and a retry hint
 * instead of 500. Walks the whole cause chain: the same outage arrives wrapped differently
 * depending on where it struck (getting a connection, starting a transaction, a statement, the
 * commit).
 */
public final class DatabaseOutage {

    /** Seconds a client is asked to wait before retrying; the pool reconnects within that time. */
    public static final int RETRY_AFTER_SECONDS = ErrorResponses.SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS;

    public static final String MESSAGE = "The database is unreachable at the moment; retry later";

    public static final String BUSY_MESSAGE = "The service is busy at the moment; retry in a second";

    /** How the pool words a wait for a connection that ran out of time (HikariCP). */
    private static final String POOL_TIMEOUT = "Connection is not available, request timed out";

    private static final Logger log = LoggerFactory.getLogger(DatabaseOutage.class);

    private DatabaseOutage() {}

    /**
     * The answer to a failure the database's state explains, or null for any other failure: 503
     * {@code SERVICE_BUSY} when every connection was in use for the whole wait while the database
     * itself answered, 503 {@code SERVICE_UNAVAILABLE} when it could not be reached. A saturated
     * pool is load, not an outage, and a client that hears "unreachable" looks in the wrong place.
     */
    public static @Nullable ErrorCode answerTo(@Nullable Throwable failure) {
        if (poolBusy(failure)) {
            return ErrorCode.SERVICE_BUSY;
        }
        return causedBy(failure) ? ErrorCode.SERVICE_UNAVAILABLE : null;
    }

    /**
     * {@link #answerTo(Throwable)}, with the database's watcher as the judge of every wait that ran
     * out (for a pooled connection, or for an answer by the request's deadline): a timeout alone
     * cannot tell a silent network from a slow database. {@code SERVICE_UNAVAILABLE} when the
     * database has not answered the watcher's pings for its silence threshold, {@code SERVICE_BUSY}
     * when it still answers. A refused or reset connection needs no judge: it is an outage.
     */
    public static @Nullable ErrorCode answerTo(@Nullable Throwable failure, DatabaseLink link) {
        if (!link.watching() || !causedBy(failure)) {
            return answerTo(failure);
        }
        if (poolBusy(failure) || timedOut(failure)) {
            return link.lostAfterTimeout() ? ErrorCode.SERVICE_UNAVAILABLE : ErrorCode.SERVICE_BUSY;
        }
        return ErrorCode.SERVICE_UNAVAILABLE;
    }

    public static String message(ErrorCode answer) {
        return answer == ErrorCode.SERVICE_BUSY ? BUSY_MESSAGE : MESSAGE;
    }

    /**
     * The pool's timeout with no connection failure behind it: HikariCP attaches the last failed
     * attempt to open a connection as the cause, and forgets it once a connection opens again.
     */
    static boolean poolBusy(@Nullable Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLTransientConnectionException timeout
                    && timeout.getMessage() != null
                    && timeout.getMessage().contains(POOL_TIMEOUT)) {
                return timeout.getCause() == null;
            }
        }
        return false;
    }

    /**
     * A wait for the database's answer that ran out: the driver's read timeout (the request's
     * deadline, see {@code DeadlineDataSource}) or a statement timeout, however wrapped, also
     * behind a rollback that then failed on the connection the timeout closed.
     */
    static boolean timedOut(@Nullable Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SocketTimeoutException
                    || t instanceof SQLTimeoutException
                    || t instanceof QueryTimeoutException) {
                return true;
            }
            if (t instanceof TransactionSystemException rollback
                    && rollback.getApplicationException() != t
                    && timedOut(rollback.getApplicationException())) {
                return true;
            }
        }
        return false;
    }

    public static boolean causedBy(@Nullable Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (isOutage(t)) {
                return true;
            }
            // A rollback that failed because the connection is gone replaces the statement's own
            // failure, which it keeps aside rather than as its cause.
            if (t instanceof TransactionSystemException rollback
                    && rollback.getApplicationException() != t
                    && causedBy(rollback.getApplicationException())) {
                return true;
            }
            // A commit cut off by the outage is followed by a rollback on the connection the pool
            // has just closed as broken; Spring throws that rollback's failure and only logs the
            // commit's, so the closed connection is all that is left of the outage.
            if (t instanceof TransactionSystemException && closedConnection(t.getCause())) {
                return true;
            }
        }
        return false;
    }

    /** One line, no stack trace: during an outage every request fails the same way. */
    static void logAnswered(HttpServletRequest request, ErrorCode answer, Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        log.warn("{} {} answered 503 {}: {}", request.getMethod(), request.getRequestURI(), answer, root.toString());
    }

    private static boolean isOutage(Throwable t) {
        if (t instanceof DataAccessResourceFailureException // includes CannotGetJdbcConnectionException
                || t instanceof TransientDataAccessResourceException
                || t instanceof QueryTimeoutException
                || t instanceof CannotCreateTransactionException
                || t instanceof SQLTransientConnectionException // Hikari: no connection within the timeout
                || t instanceof SQLNonTransientConnectionException // H2: connection broken
                || t instanceof SQLRecoverableException
                || t instanceof SQLTimeoutException) {
            return true;
        }
        return t instanceof SQLException sql && outageState(sql.getSQLState());
    }

    /** HikariCP's answer on a connection it has closed: a plain SQLException, no SQL state. */
    private static boolean closedConnection(@Nullable Throwable t) {
        return t instanceof SQLException sql
                && sql.getSQLState() == null
                && "Connection is closed".equals(sql.getMessage());
    }

    /**
     * SQL states of a lost or refused connection: class 08 (connection exception), PostgreSQL's
     * 57P01–57P03 (server shutting down, crashed, not yet accepting connections) and 53300 (too
     * many connections).
     */
    private static boolean outageState(@Nullable String state) {
        return state != null && (state.startsWith("08") || state.startsWith("57P0") || state.equals("53300"));
    }
}
