package com.walletcards.platform;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds the embedded H2 database after a stop that did not close it (a killed process, a crash).
 *
 * <p>H2 2.4 rolls back the transactions a killed process left open when it next opens the file,
 * and that rollback can leave a committed row in its table but out of the table's indexes: the row
 * is stored, yet every list and count that goes through an index skips it. An export of every
 * table (which reads the tables themselves) and an import into a new file rebuilds each index from
 * its table, so nothing acknowledged stays hidden. The export reads through a {@link
 * LeftoverBlindConnection}, so that a change of a transaction the stop cut off, which H2's recovery
 * may leave in place, is neither copied as committed nor hides a committed row. Should a row of
 * such a transaction still refer to a row that does not exist, it is removed after the import (see
 * {@link #removeOrphans}).
 *
 * <p>A marker file beside the database says it is open; it is removed once the database is
 * closed. Found at start, it means the last stop did not close the database. The rebuilt file
 * replaces the database only when complete, by a rename; a repair cut off before that rename
 * starts again, one cut off after it is finished at the next start. The database as found is kept
 * beside it ({@code <name>-before-repair.mv.db}) until the next repair.
 */
final class EmbeddedDatabaseRepair {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabaseRepair.class);

    /** Each pass removes one more level of rows whose parent was removed; the schema has fewer. */
    private static final int MAX_ORPHAN_PASSES = 20;

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
        return database.sibling("-repair.sql.lzf");
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
            long exporting = System.nanoTime();
            List<String> settings = export(script);
            long importing = System.nanoTime();
            Map<String, Integer> orphans = rebuild(rebuilding, script, settings);
            log.info(
                    "Embedded database rebuild: export {} ms ({} MB script), import {} ms ({} MB file)",
                    Duration.ofNanos(importing - exporting).toMillis(),
                    Files.size(script) >> 20,
                    Duration.ofNanos(System.nanoTime() - importing).toMillis(),
                    Files.size(rebuilding.file()) >> 20);
            if (!orphans.isEmpty()) {
                log.warn(
                        "Removed rows the embedded database's recovery had left referring to rows that do"
                                + " not exist (per table): {}",
                        orphans);
            }
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
        // Read where no transaction the stop cut off can show its changes as this one's own.
        try (LeftoverBlindConnection reading = LeftoverBlindConnection.open(database.url(), user, password);
                Statement statement = reading.connection().createStatement()) {
            try (ResultSet schema = statement.executeQuery("SCRIPT NODATA NOPASSWORDS")) {
                while (schema.next()) {
                    if (schema.getString(1).startsWith("SET ")) {
                        settings.add(schema.getString(1));
                    }
                }
            }
            statement.execute("SCRIPT NOSETTINGS TO " + quoted(script) + " COMPRESSION LZF");
            statement.execute("SHUTDOWN");
        } catch (SQLException e) {
            throw failed(e);
        }
        return settings;
    }

    /**
     * Imports the export into a new file, removes the orphans (below), sets the kept settings again
     * and closes the new file for good; answers the orphans removed, per table.
     */
    private Map<String, Integer> rebuild(EmbeddedH2File on, Path script, List<String> settings) {
        try (Connection connection = connect(on);
                Statement statement = connection.createStatement()) {
            long started = System.nanoTime();
            statement.execute("RUNSCRIPT FROM " + quoted(script) + " COMPRESSION LZF");
            long checking = System.nanoTime();
            Map<String, Integer> orphans = removeOrphans(statement);
            for (String setting : settings) {
                statement.execute(setting);
            }
            long closing = System.nanoTime();
            statement.execute("SHUTDOWN COMPACT");
            log.info(
                    "Embedded database import: statements {} ms, foreign keys {} ms, compaction {} ms",
                    Duration.ofNanos(checking - started).toMillis(),
                    Duration.ofNanos(closing - checking).toMillis(),
                    Duration.ofNanos(System.nanoTime() - closing).toMillis());
            return orphans;
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    /**
     * Removes every row whose parent row does not exist, until none is left: the import does not
     * check foreign keys, and the rebuilt file must keep them all. Such rows were once copied from
     * a transaction a kill cut off (a webhook delivery whose event, written in the same
     * transaction, was gone), when the export read at that transaction's id; it no longer does (see
     * {@link LeftoverBlindConnection}), and this pass stays so that no other damage the recovery
     * leaves breaks a key. Run on the rebuilt file, whose indexes are whole, so a parent that
     * exists is always found.
     */
    private static Map<String, Integer> removeOrphans(Statement statement) throws SQLException {
        List<ForeignKey> keys = foreignKeys(statement);
        Map<String, Integer> removed = new TreeMap<>();
        // Unchecked while removing: an orphan's own children (removed in the next pass) would
        // otherwise refuse its removal.
        statement.execute("SET REFERENTIAL_INTEGRITY FALSE");
        for (int pass = 0; pass < MAX_ORPHAN_PASSES; pass++) {
            int inPass = 0;
            for (ForeignKey key : keys) {
                int count = statement.executeUpdate(key.deleteOrphans());
                if (count > 0) {
                    removed.merge(key.table(), count, Integer::sum);
                    inPass += count;
                }
            }
            if (inPass == 0) {
                break;
            }
        }
        statement.execute("SET REFERENTIAL_INTEGRITY TRUE");
        return removed;
    }

    /** Every foreign key of the application's schema, with its columns in order. */
    private static List<ForeignKey> foreignKeys(Statement statement) throws SQLException {
        Map<String, ForeignKey> keys = new LinkedHashMap<>();
        try (ResultSet rows = statement.executeQuery("SELECT k.constraint_name, k.table_schema, k.table_name,"
                + " k.column_name, p.table_schema, p.table_name, p.column_name"
                + " FROM information_schema.referential_constraints r"
                + " JOIN information_schema.key_column_usage k ON k.constraint_schema = r.constraint_schema"
                + " AND k.constraint_name = r.constraint_name"
                + " JOIN information_schema.key_column_usage p ON p.constraint_schema = r.unique_constraint_schema"
                + " AND p.constraint_name = r.unique_constraint_name"
                + " AND p.ordinal_position = k.position_in_unique_constraint"
                + " ORDER BY k.table_schema, k.table_name, k.constraint_name, k.ordinal_position")) {
            while (rows.next()) {
                String schema = rows.getString(2);
                String table = rows.getString(3);
                String parentSchema = rows.getString(5);
                String parent = rows.getString(6);
                keys.computeIfAbsent(
                                schema + "." + rows.getString(1),
                                name -> new ForeignKey(
                                        schema, table, parentSchema, parent, new ArrayList<>(), new ArrayList<>()))
                        .add(rows.getString(4), rows.getString(7));
            }
        }
        return List.copyOf(keys.values());
    }

    /** A foreign key as the rows are read: its columns are added one by one, in order. */
    private record ForeignKey(
            String schema,
            String table,
            String parentSchema,
            String parent,
            List<String> columns,
            List<String> parentColumns) {

        void add(String column, String parentColumn) {
            columns.add(column);
            parentColumns.add(parentColumn);
        }

        /** Rows whose key is complete (a null in it satisfies the key) and names no parent row. */
        String deleteOrphans() {
            StringBuilder sql = new StringBuilder("DELETE FROM " + id(schema) + "." + id(table) + " c WHERE ");
            for (String column : columns) {
                sql.append("c.").append(id(column)).append(" IS NOT NULL AND ");
            }
            sql.append("NOT EXISTS (SELECT 1 FROM ")
                    .append(id(parentSchema))
                    .append('.')
                    .append(id(parent));
            sql.append(" p WHERE ");
            for (int i = 0; i < columns.size(); i++) {
                sql.append(i == 0 ? "" : " AND ")
                        .append("p.")
                        .append(id(parentColumns.get(i)))
                        .append(" = c.")
                        .append(id(columns.get(i)));
            }
            return sql.append(')').toString();
        }

        private static String id(String identifier) {
            return '"' + identifier.replace("\"", "\"\"") + '"';
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
