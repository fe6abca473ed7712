package com.walletcards.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.walletcards.access.AccessManagement;
import com.walletcards.platform.database.RequestDeadline;
import com.walletcards.shared.ErrorCode;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertiesPropertySource;
import org.springframework.core.env.PropertySourcesPropertyResolver;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/** The timeouts that turn a database outage into a quick 503 are the ones the service really runs with. */
@DatabaseTest
// The service's own setting, which other database tests relax for their small pools.
@TestPropertySource(
        properties = "spring.datasource.hikari.connection-timeout=${WALLET_DATABASE_CONNECTION_TIMEOUT_MS:1200}")
// A context of its own, with the service's quick connection timeout: closed when done, so that its
// jobs, still polling, never fail another test's wait for want of a connection.
@DirtiesContext
class DatabaseTimeoutsTest {

    @Autowired
    DataSource dataSource;

    @Autowired
    AccessManagement access;

    @LocalServerPort
    int port;

    @Test
    void aRequestWaitsForAConnectionAtMostAboutASecond() throws SQLException {
        HikariDataSource pool = dataSource.unwrap(HikariDataSource.class);
        assertThat(pool.getConnectionTimeout()).isEqualTo(1200).isEqualTo(applicationDefault());
        assertThat(pool.getValidationTimeout()).isEqualTo(500);
    }

    @Test
    void aRequestThatFindsEveryConnectionInUseIsToldTheServiceIsBusyNotThatTheDatabaseIsDown() throws SQLException {
        Api api = new Api(port, Tenants.create(access).key());
        List<Connection> held = new ArrayList<>();
        try {
            // Every connection the pool has, until a wait runs out: what a burst of work does.
            SQLException timeout = null;
            while (timeout == null) {
                try {
                    held.add(dataSource.getConnection());
                } catch (SQLException e) {
                    timeout = e;
                }
            }
            assertThat(DatabaseOutage.answerTo(timeout)).isEqualTo(ErrorCode.SERVICE_BUSY);

            Api.Response busy = api.get("/v1/campaigns");

            assertThat(busy.status()).isEqualTo(503);
            assertThat(busy.errorCode()).isEqualTo("SERVICE_BUSY");
            assertThat(busy.json().get("error").get("message").asString()).doesNotContain("unreachable");
            assertThat(busy.header("Retry-After")).isEqualTo("1");
            assertThat(busy.header("X-Request-Id")).isNotBlank();
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
        assertThat(api.get("/v1/campaigns").status()).isEqualTo(200);
    }

    @Test
    void aPoolThatCannotOpenAConnectionIsTheDatabaseBeingUnreachable() {
        // Nothing listens on port 9 (discard) here: every attempt to open a connection is refused.
        try (HikariDataSource unreachable = new HikariDataSource()) {
            unreachable.setJdbcUrl("jdbc:postgresql://127.0.0.1:9/none?connectTimeout=1");
            unreachable.setUsername("nobody");
            unreachable.setConnectionTimeout(500);
            unreachable.setInitializationFailTimeout(-1);

            Throwable refused = catchThrowable(unreachable::getConnection);

            assertThat(DatabaseOutage.answerTo(refused)).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        }
    }

    @Test
    void aConnectionBorrowedUnderARequestDeadlineWaitsAtMostTheDeadlineAndGoesBackToThePoolWithoutIt()
            throws SQLException {
        RequestDeadline.start(Duration.ofMillis(1800));
        int underDeadline;
        try (Connection c = dataSource.getConnection()) {
            underDeadline = c.getNetworkTimeout();
        } finally {
            RequestDeadline.clear();
        }
        int borrowedAgainWithoutDeadline;
        try (Connection c = dataSource.getConnection()) {
            borrowedAgainWithoutDeadline = c.getNetworkTimeout();
        }
        // As the pool sees it; H2's driver accepts and ignores network timeouts (its embedded
        // database cannot go silent), and its default is none (0).
        assertThat(underDeadline).isBetween(900, 1800);
        assertThat(borrowedAgainWithoutDeadline)
                .as("the driver's default: socketTimeout on PostgreSQL")
                .isEqualTo(TestDatabase.postgres() ? 60_000 : 0);
    }

    /** What application.yml sets when WALLET_DATABASE_CONNECTION_TIMEOUT_MS is not given. */
    private static long applicationDefault() {
        YamlPropertiesFactoryBean yaml = new YamlPropertiesFactoryBean();
        yaml.setResources(new ClassPathResource("application.yml"));
        MutablePropertySources sources = new MutablePropertySources();
        sources.addLast(new PropertiesPropertySource("application.yml", yaml.getObject()));
        return Long.parseLong(new PropertySourcesPropertyResolver(sources)
                .getRequiredProperty("spring.datasource.hikari.connection-timeout"));
    }

    @Test
    void postgresqlConnectionsCarryTheStatementTimeout() {
        if (!TestDatabase.postgres()) {
            // H2 ignores the PostgreSQL driver settings; this run checks that they do not break it.
            assertThat(JdbcClient.create(dataSource)
                            .sql("SELECT 1")
                            .query(Integer.class)
                            .single())
                    .isEqualTo(1);
            return;
        }
        assertThat(JdbcClient.create(dataSource)
                        .sql("SHOW statement_timeout")
                        .query(String.class)
                        .single())
                .isEqualTo("50s");
    }
}
