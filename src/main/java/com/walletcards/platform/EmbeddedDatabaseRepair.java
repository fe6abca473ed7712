package com.walletcards.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Repairs the embedded H2 database in place after a stop that did not close it (a killed process, a
 * crash), before anything else opens it.
 *
 * <p>H2 2.4 rolls back the transactions a killed process left open when it next opens the file,
 * and that rollback can leave a committed row in its table but out of the table's indexes, and a
 * change of a transaction that never committed in place, marked with that transaction's id. Once
 * H2 has opened the file, {@link StoredRows} undoes every such leftover and refills every index that
 * does not hold exactly its table's rows, and {@link OrphanRows} removes rows whose parent is gone;
 * the database is then closed and the service opens it as usual. It costs one read of the stored
 * data and writes only what it repairs, in the file itself (ADR 0046).
 *
 * <p>A marker file beside the database says it is open; it is removed once the database is
 * closed. Found at start, it means the last stop did not close the database; a repair cut off in
 * its turn is run again at the next start, since the marker is still there. A rebuilt file an
 * earlier version of the service left complete ({@code <name>-repaired.mv.db}) is put in place at
 * the next start, the file as found kept beside it ({@code <name>-before-repair.mv.db}).
 */
final class EmbeddedDatabaseRepair {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabaseRepair.class);

    /** Databases open in this process, with how many holders: only the last close removes the marker. */
    private static final Map<Path, Integer> OPEN = new HashMap<>();

    private final EmbeddedH2File database;
    private final String user;
    private final String password;

    EmbeddedDatabaseRepair(EmbeddedH2File database, String user, String password) {
        this.database = database;
        this.user = user;
        this.password = password;
    }

    /** What {@link #open()} found. */
    enum Outcome {
        /** The database was closed cleanly, is new, or is already open in this process. */
        UNTOUCHED,
        /** The last stop left it open; it was repaired in place. */
        REPAIRED,
        /** An earlier version's rebuild was cut off once its file was complete; it was put in place. */
        REPAIR_FINISHED
    }

    /** Call before anything connects to the database. */
    Outcome open() {
        synchronized (OPEN) {
            Integer holders = OPEN.get(database.base());
            if (holders != null) {
                OPEN.put(database.base(), holders + 1);
                return Outcome.UNTOUCHED;
            }
            Outcome outcome = Outcome.UNTOUCHED;
            if (Files.exists(repaired().file())) {
                putRepairedInPlace();
                outcome = Outcome.REPAIR_FINISHED;
            } else if (Files.exists(marker()) && Files.exists(database.file())) {
                repair();
                outcome = Outcome.REPAIRED;
            }
            writeMarker();
            OPEN.put(database.base(), 1);
            return outcome;
        }
    }

    /** Call once the connections to the database are closed. */
    void closed() {
        synchronized (OPEN) {
            Integer holders = OPEN.get(database.base());
            if (holders == null) {
                return;
            }
            if (holders > 1) {
                OPEN.put(database.base(), holders - 1);
                return;
            }
            OPEN.remove(database.base());
            try {
                Files.deleteIfExists(marker());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    Path marker() {
        return database.sibling(".open");
    }

    Path before() {
        return database.named("-before-repair").file();
    }

    /** The export an earlier version's rebuild imported; removed once the rebuilt file is in place. */
    Path script() {
        return database.sibling("-repair.sql.lzf");
    }

    private EmbeddedH2File repaired() {
        return database.named("-repaired");
    }

    private void repair() {
        long started = System.nanoTime();
        log.warn(
                "The embedded database {} was not closed when the service last stopped; checking its"
                        + " tables and indexes before opening it",
                database.file());
        try (Connection connection = DriverManager.getConnection(database.url(), user, password);
                Statement statement = connection.createStatement()) {
            long opened = System.nanoTime();
            StoredRows.Repaired repaired = StoredRows.repair(connection);
            long checking = System.nanoTime();
            Map<String, Integer> orphans = OrphanRows.remove(statement);
            long closing = System.nanoTime();
            statement.execute("SHUTDOWN");
            log.info(
                    "Embedded database repair: open {} ms, {} rows and their indexes read in {} ms,"
                            + " foreign keys {} ms, close {} ms",
                    Duration.ofNanos(opened - started).toMillis(),
                    repaired.rowsRead(),
                    Duration.ofNanos(checking - opened).toMillis(),
                    Duration.ofNanos(closing - checking).toMillis(),
                    Duration.ofNanos(System.nanoTime() - closing).toMillis());
            if (!repaired.leftoversUndone().isEmpty()) {
                log.warn(
                        "Undid changes of transactions the stop cut off that the database's own recovery"
                                + " had left in place (values per table): {}",
                        repaired.leftoversUndone());
            }
            if (!repaired.indexesRebuilt().isEmpty()) {
                log.warn(
                        "Refilled indexes that did not hold exactly their table's rows: {}", repaired.indexesRebuilt());
            }
            if (!orphans.isEmpty()) {
                log.warn(
                        "Removed rows the embedded database's recovery had left referring to rows that do"
                                + " not exist (per table): {}",
                        orphans);
            }
        } catch (SQLException e) {
            throw failed(e);
        }
        log.warn(
                "Repaired the embedded database in {} ms",
                Duration.ofNanos(System.nanoTime() - started).toMillis());
    }

    private void putRepairedInPlace() {
        try {
            if (Files.exists(database.file())) {
                Files.move(database.file(), before(), StandardCopyOption.REPLACE_EXISTING);
            }
            Files.move(repaired().file(), database.file(), StandardCopyOption.ATOMIC_MOVE);
            Files.deleteIfExists(script());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private IllegalStateException failed(SQLException e) {
        return new IllegalStateException(
                "Could not repair the embedded database " + database.file() + " (" + e.getMessage()
                        + "). If another process has it open, stop that process first.",
                e);
    }

    private void writeMarker() {
        try {
            Files.createDirectories(marker().getParent());
            Files.writeString(
                    marker(),
                    "opened by process " + ProcessHandle.current().pid() + " at " + Instant.now() + "\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
