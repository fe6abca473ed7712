package com.walletcards.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

class DatabaseOutageClassificationTest {

    @Test
    void aPoolWithoutConnectionsIsAnOutageHoweverSpringWrapsIt() {
        var timeout = new SQLTransientConnectionException("HikariPool-1 - Connection is not available");
        assertThat(DatabaseOutage.causedBy(timeout)).isTrue();
        assertThat(DatabaseOutage.causedBy(new CannotGetJdbcConnectionException("no connection", timeout)))
                .isTrue();
        assertThat(DatabaseOutage.causedBy(new CannotCreateTransactionException("no transaction", timeout)))
                .isTrue();
        assertThat(DatabaseOutage.causedBy(new IllegalStateException("wrapped", new RuntimeException(timeout))))
                .isTrue();
    }

    @Test
    void aStatementCutOffByTheNetworkIsAnOutageByItsSqlState() {
        var io = new SQLException("An I/O error occurred while sending to the backend", "08006");
        assertThat(DatabaseOutage.causedBy(new UncategorizedSQLException("insert", "INSERT", io)))
                .isTrue();
        assertThat(DatabaseOutage.causedBy(new SQLException("terminating connection", "57P01")))
                .isTrue();
        assertThat(DatabaseOutage.causedBy(new SQLException("too many clients", "53300")))
                .isTrue();
    }

    @Test
    void aRollbackThatFailedOnTheDeadConnectionKeepsTheOutageBehindIt() {
        var rollback = new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));
        rollback.initApplicationException(new DataAccessResourceFailureException("I/O error"));
        assertThat(DatabaseOutage.causedBy(rollback)).isTrue();
    }

    @Test
    void aRollbackAfterACommitCutOffByTheOutageIsAnOutageThoughTheCommitsFailureIsGone() {
        // What the transaction manager throws when the commit's connection broke: the pool closed
        // it, and the rollback that follows fails on the closed connection.
        var rollback = new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));
        assertThat(DatabaseOutage.causedBy(rollback)).isTrue();
        assertThat(DatabaseOutage.causedBy(
                        new TransactionSystemException("JDBC rollback failed", new SQLException("deadlock", "40P01"))))
                .isFalse();
    }

    @Test
    void aReadThatOutlastedTheRequestsDeadlineIsATimeoutAlsoBehindTheRollbackThatFollows() {
        var read = new SQLException(
                "An I/O error occurred while sending to the backend.",
                "08006",
                new SocketTimeoutException("Read timed out"));
        var rollback = new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));
        rollback.initApplicationException(new DataAccessResourceFailureException("I/O error", read));
        assertThat(DatabaseOutage.timedOut(read)).isTrue();
        assertThat(DatabaseOutage.timedOut(rollback)).isTrue();
        assertThat(DatabaseOutage.timedOut(new SQLException("Connection refused", "08001")))
                .isFalse();
    }

    @Test
    void badDataAndBugsAreNotOutages() {
        assertThat(DatabaseOutage.causedBy(
                        new DataIntegrityViolationException("duplicate", new SQLException("duplicate key", "23505"))))
                .isFalse();
        assertThat(DatabaseOutage.causedBy(new SQLException("syntax error", "42601")))
                .isFalse();
        assertThat(DatabaseOutage.causedBy(new NullPointerException())).isFalse();
        assertThat(DatabaseOutage.causedBy(new TransactionSystemException("commit failed", new SQLException("x"))))
                .isFalse();
        assertThat(DatabaseOutage.causedBy(null)).isFalse();
    }
}
