package com.walletcards.shared;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds the embedded H2 database after a stop that did not close it (a killed process, a crash).
 *
 * <p>H2 2.4 rolls back the transactions a killed process left open when it next opens the file,
 * and that rollback can leave a committed row in its table but out of the table's indexes: the row
 * is stored, yet every list and count that goes through an index skips it. An export of every
 * table (which reads the tables themselves) and an import into a new file rebuilds each index from
 * its table, so nothing acknowledged stays hidden.
 *
 * <p>A marker file beside the database says it is open; it is removed once the database is
 * closed. Found at start, it means the last stop did not close the database. The rebuilt file
 * replaces the database only when complete, by a rename; a repair cut off before that rename
 * starts again, one cut off after it is finished at the next start. The database as found is kept
 * beside it ({@code <name>-before-repair.mv.db}) until the next repair.
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
        /** The last stop left it open; it was rebuilt. */
        REPAIRED,
        /** A repair was cut off after the rebuilt file was complete; it was put in place. */
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

    /** The export a rebuild imports; removed once the rebuilt file is in place. */
    Path script() {
        return database.sibling("-repair.sql.gz");
    }

    private EmbeddedH2File repaired() {
        return database.named("-repaired");
    }

    private void repair() {
        long started = System.nanoTime();
        log.warn(
                "The embedded database {} was not closed when the service last stopped; rebuilding its"
                        + " indexes from its tables before opening it",
                database.file());
        // Imported without the service's WRITE_DELAY=0: written to the file at every statement, the
        // import took 35 s instead of 21 s for 100,000 recipients and left a file ten times larger.
        // The settings the database keeps (that one among them) are set again after the import.
        EmbeddedH2File rebuilding = database.named("-repairing").without("WRITE_DELAY");
        Path script = script();
        try {
            Files.deleteIfExists(rebuilding.file());
            Files.deleteIfExists(script);
            List<String> settings = export(script);
            List<String> rebuild = new ArrayList<>();
            rebuild.add("RUNSCRIPT FROM " + quoted(script) + " COMPRESSION GZIP");
            rebuild.addAll(settings);
            rebuild.add("SHUTDOWN COMPACT");
            run(rebuilding, rebuild);
            // Complete and closed: from here on the rebuilt file is the database.
            Files.move(rebuilding.file(), repaired().file(), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        putRepairedInPlace();
        log.warn(
                "Rebuilt the embedded database in {} ms; the file as found is kept as {}",
                Duration.ofNanos(System.nanoTime() - started).toMillis(),
                before());
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

    /**
     * Exports every table's rows and every object except the settings into {@code script}, then
     * closes the database for good; answers the {@code SET} statements of the settings it keeps.
     */
    private List<String> export(Path script) {
        List<String> settings = new ArrayList<>();
        try (Connection connection = connect(database);
                Statement statement = connection.createStatement()) {
            try (ResultSet schema = statement.executeQuery("SCRIPT NODATA NOPASSWORDS")) {
                while (schema.next()) {
                    if (schema.getString(1).startsWith("SET ")) {
                        settings.add(schema.getString(1));
                    }
                }
            }
            statement.execute("SCRIPT NOSETTINGS TO " + quoted(script) + " COMPRESSION GZIP");
            statement.execute("SHUTDOWN");
        } catch (SQLException e) {
            throw failed(e);
        }
        return settings;
    }

    /** Runs statements on a database of its own, the last of which closes it for good. */
    private void run(EmbeddedH2File on, List<String> statements) {
        try (Connection connection = connect(on);
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    private Connection connect(EmbeddedH2File on) throws SQLException {
        return DriverManager.getConnection(on.url(), user, password);
    }

    private IllegalStateException failed(SQLException e) {
        return new IllegalStateException(
                "Could not rebuild the embedded database " + database.file() + " (" + e.getMessage()
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

    private static String quoted(Path path) {
        return "'" + path.toString().replace("'", "''") + "'";
    }
}
