package com.walletcards.platform.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.platform.web.DatabaseOutage;
import com.walletcards.shared.ErrorCode;
import com.zaxxer.hikari.util.DriverDataSource;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The watcher that tells a silent database from a busy one, on databases that answer or refuse. */
class DatabaseLinkTest {

    private static final Duration THRESHOLD = Duration.ofMillis(400);

    /** What the pool throws when its wait for a connection ran out with no failed attempt behind it. */
    private static final SQLTransientConnectionException POOL_TIMEOUT = new SQLTransientConnectionException(
            "HikariPool-1 - Connection is not available, request timed out after 1200ms");

    /** What PostgreSQL's driver throws when a read timed out (the request's deadline). */
    private static final SQLException READ_TIMEOUT = new SQLException(
            "An I/O error occurred while sending to the backend.",
            "08006",
            new SocketTimeoutException("Read timed out"));

    @Test
    void aTimeoutWhileTheDatabaseAnswersItsPingsIsTheServiceBeingBusy() {
        try (DatabaseLink link = new DatabaseLink(answering(), THRESHOLD)) {
            // The first connection loads the driver, which on a busy machine may outlast the threshold.
            await().atMost(Duration.ofSeconds(10)).until(link::answeredOnce);
            assertThat(link.lostAfterTimeout()).isFalse();
            assertThat(DatabaseOutage.answerTo(POOL_TIMEOUT, link)).isEqualTo(ErrorCode.SERVICE_BUSY);
            assertThat(DatabaseOutage.answerTo(READ_TIMEOUT, link)).isEqualTo(ErrorCode.SERVICE_BUSY);
            assertThat(link.lost()).isFalse();
        }
    }

    @Test
    void aTimeoutWhileTheDatabaseLeavesItsPingsUnansweredIsTheDatabaseBeingUnreachable() {
        try (DatabaseLink link = new DatabaseLink(refusing(), THRESHOLD)) {
            long asked = System.nanoTime();
            assertThat(DatabaseOutage.answerTo(READ_TIMEOUT, link)).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
            assertThat(Duration.ofNanos(System.nanoTime() - asked))
                    .as("the verdict waits at most the threshold")
                    .isLessThan(THRESHOLD.plusMillis(500));
            assertThat(DatabaseOutage.answerTo(POOL_TIMEOUT, link)).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
            await().atMost(Duration.ofSeconds(2)).until(link::lost);
            assertThat(link.silentForMillis()).isGreaterThanOrEqualTo(THRESHOLD.toMillis());
        }
    }

    @Test
    void withoutAWatcherATimeoutIsTheServiceBeingBusyAsOnTheEmbeddedDatabase() {
        try (DatabaseLink link = new DatabaseLink(null, THRESHOLD)) {
            assertThat(link.watching()).isFalse();
            assertThat(link.lost()).isFalse();
            assertThat(DatabaseOutage.answerTo(POOL_TIMEOUT, link)).isEqualTo(ErrorCode.SERVICE_BUSY);
        }
    }

    private static DriverDataSource answering() {
        return new DriverDataSource(
                "jdbc:h2:mem:link-" + UUID.randomUUID(), "org.h2.Driver", new Properties(), "sa", "");
    }

    /** Nothing listens on port 9 (discard) here: every attempt to connect is refused. */
    private static DriverDataSource refusing() {
        Properties settings = new Properties();
        settings.setProperty("connectTimeout", "1");
        return new DriverDataSource(
                "jdbc:postgresql://127.0.0.1:9/none", "org.postgresql.Driver", settings, "nobody", "");
    }
}
