package com.walletcards.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;

/**
 * Leaves in an embedded database what a kill can leave: the changes of a transaction that never
 * committed, stored in the file without their undo entries, so that the next start cannot roll them
 * back. H2 stores each map at its own moment; this stores the tables' maps after emptying the
 * transaction's undo log, which a kill between the two moments leaves the same way.
 */
final class CutOffTransaction {

    private CutOffTransaction() {}

    /**
     * Runs {@code statements} in a transaction with id 1 (the id a new transaction gets when none
     * other is open), stores the file as a kill would find it, and puts that file in place of the
     * database, which is closed.
     */
    static void leave(EmbeddedH2File file, String... statements) throws SQLException {
        Path crashImage = file.sibling("-crash-image.mv.db");
        try {
            try (Connection writer = DriverManager.getConnection(file.url(), "sa", "")) {
                writer.setAutoCommit(false);
                try (Statement statement = writer.createStatement()) {
                    for (String sql : statements) {
                        statement.execute(sql);
                    }
                }
                SessionLocal session = (SessionLocal) ((JdbcConnection) writer).getSession();
                int transactionId = session.getTransaction().getId();
                assertThat(transactionId)
                        .as("the id the first transaction after a restart gets")
                        .isEqualTo(1);
                MVStore store = session.getDatabase().getStore().getMvStore();
                store.openMap("undoLog." + transactionId).clear();
                try (Connection other = DriverManager.getConnection(file.url(), "sa", "");
                        Statement statement = other.createStatement()) {
                    statement.execute("CHECKPOINT");
                }
                Files.copy(file.file(), crashImage, StandardCopyOption.REPLACE_EXISTING);
                writer.rollback();
            }
            // Closed: the crash image replaces the file the close just wrote.
            Files.move(crashImage, file.file(), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
