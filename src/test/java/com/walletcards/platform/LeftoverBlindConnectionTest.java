package com.walletcards.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file a kill left with changes of an uncommitted transaction that H2's recovery cannot roll back:
 * a plain connection's first transaction gets that transaction's id and reads them as its own.
 */
class LeftoverBlindConnectionTest {

    private static final String ROWS = "SELECT STRING_AGG(CAST(id AS VARCHAR), ',' ORDER BY id) FROM t";

    @TempDir
    Path dir;

    @Test
    void readsTheChangesOfATransactionAKillCutOffAsNeverMadeWhereAPlainConnectionReadsThemAsItsOwn() throws Exception {
        EmbeddedH2File file = EmbeddedH2File.of(
                        "jdbc:h2:file:" + dir.resolve("db") + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE")
                .orElseThrow();
        try (Connection connection = DriverManager.getConnection(file.url(), "sa", "");
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE t (id INT PRIMARY KEY)");
            statement.execute("INSERT INTO t VALUES (1), (2)");
        }
        CutOffTransaction.leave(file, "INSERT INTO t VALUES (3)", "DELETE FROM t WHERE id = 1");

        try (Connection plain = DriverManager.getConnection(file.url(), "sa", "")) {
            assertThat(rows(plain))
                    .as("the first transaction after the restart has the cut-off one's id")
                    .isEqualTo("2,3");
        }
        try (LeftoverBlindConnection blind = LeftoverBlindConnection.open(file.url(), "sa", "")) {
            assertThat(rows(blind.connection())).as("what was committed").isEqualTo("1,2");
        }
    }

    private static String rows(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(ROWS)) {
            rows.next();
            return rows.getString(1);
        }
    }
}
