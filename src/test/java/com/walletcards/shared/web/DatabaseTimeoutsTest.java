package com.walletcards.shared.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.DatabaseTest;
import com.walletcards.support.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The timeouts that turn a database outage into a quick 503 are the ones the service really runs with. */
@DatabaseTest
class DatabaseTimeoutsTest {

    @Autowired
    DataSource dataSource;

    @Test
    void aRequestWaitsForAConnectionAtMostAboutASecond() {
        HikariDataSource pool = (HikariDataSource) dataSource;
        assertThat(pool.getConnectionTimeout()).isEqualTo(1200);
        assertThat(pool.getValidationTimeout()).isEqualTo(500);
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
