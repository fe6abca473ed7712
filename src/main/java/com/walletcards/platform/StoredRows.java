package com.walletcards.platform;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.h2.engine.SessionLocal;
import org.h2.index.Index;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.db.MVPrimaryIndex;
import org.h2.mvstore.db.MVSecondaryIndex;
import org.h2.mvstore.db.MVTable;
import org.h2.result.SearchRow;
import org.h2.schema.Schema;
import org.h2.table.IndexColumn;
import org.h2.table.Table;
import org.h2.value.Value;
import org.h2.value.VersionedValue;

/**
 * Repairs, in place, what H2's own recovery can leave in an embedded database after a kill, working
 * on H2's stored maps rather than through SQL, so that it costs one sequential read of each table
 * and index instead of the export and import of everything (ADR 0046):
 *
 * <ul>
 *   <li>a change of a transaction that never committed, stored without the undo entry H2's recovery
 *       needs to roll it back: H2 keeps such a change marked with the transaction's id, and a later
 *       transaction given that id reads it as its own (ADR 0017). Once H2 has opened the file and
 *       rolled back what it can, no transaction is open, so every value still marked is such a
 *       leftover; it is put back to the value it had before (an insert is removed);
 *   <li>a secondary index that does not hold exactly its table's rows (a committed row missing from
 *       its indexes, as H2's rollback once left): the index must have as many entries as the table
 *       has rows, and the same sum of a hash of each row's key with its values in the index's
 *       columns. An index that fails either is emptied and filled again from its table.
 * </ul>
 *
 * <p>Runs before anything else uses the database: nothing else reads or writes while it changes
 * the maps directly.
 */
final class StoredRows {

    /** What the repair changed, per table. */
    record Repaired(Map<String, Integer> leftoversUndone, List<String> indexesRebuilt, long rowsRead) {}

    private StoredRows() {}

    static Repaired repair(Connection connection) throws SQLException {
        SessionLocal session =
                (SessionLocal) connection.unwrap(JdbcConnection.class).getSession();
        Map<String, Integer> leftovers = new TreeMap<>();
        List<String> rebuilt = new ArrayList<>();
        long read = 0;
        for (MVTable table : tables(session)) {
            MVPrimaryIndex primary = null;
            List<MVSecondaryIndex> secondaries = new ArrayList<>();
            for (Index index : table.getIndexes()) {
                if (index instanceof MVPrimaryIndex p) {
                    primary = p;
                } else if (index instanceof MVSecondaryIndex s) {
                    secondaries.add(s);
                }
            }
            if (primary == null) {
                continue;
            }
            Tally rows = new Tally(secondaries);
            int undone = scanRows(primary.getMVMap(), rows);
            read += rows.count;
            for (int i = 0; i < secondaries.size(); i++) {
                Tally entries = new Tally(List.of(secondaries.get(i)));
                undone += scanEntries(secondaries.get(i).getMVMap(), entries);
                if (entries.count != rows.count || entries.sums[0] != rows.sums[i]) {
                    refill(session, secondaries.get(i), primary);
                    rebuilt.add(table.getName() + "." + secondaries.get(i).getName());
                }
            }
            if (undone > 0) {
                leftovers.put(table.getName(), undone);
            }
        }
        session.commit(false);
        return new Repaired(leftovers, rebuilt, read);
    }

    /**
     * How many rows or entries, and per index a sum of a hash of each row's key with its values in
     * the index's columns: an index holds exactly its table's rows when it has as many entries and
     * the same sums (a sum of 64-bit hashes that differs in no bit by chance).
     */
    private static final class Tally {
        private final int[][] columns;
        private final long[] sums;
        private long count;

        Tally(List<MVSecondaryIndex> indexes) {
            columns = new int[indexes.size()][];
            for (int i = 0; i < indexes.size(); i++) {
                IndexColumn[] indexColumns = indexes.get(i).getIndexColumns();
                columns[i] = new int[indexColumns.length];
                for (int c = 0; c < indexColumns.length; c++) {
                    columns[i][c] = indexColumns[c].column.getColumnId();
                }
            }
            sums = new long[indexes.size()];
        }

        void add(long key, SearchRow values) {
            count++;
            for (int i = 0; i < columns.length; i++) {
                long hash = key * 0x9E3779B97F4A7C15L;
                for (int column : columns[i]) {
                    hash = mix(hash ^ Objects.hashCode(values.getValue(column)));
                }
                sums[i] += mix(hash);
            }
        }

        /** The finalizer of SplitMix64: every input bit moves about half the output bits. */
        private static long mix(long z) {
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    /** Undoes the table's leftovers while tallying its rows; answers how many were undone. */
    private static int scanRows(MVMap<Long, VersionedValue<SearchRow>> map, Tally tally) {
        int undone = 0;
        Cursor<Long, VersionedValue<SearchRow>> rows = map.cursor(null);
        while (rows.hasNext()) {
            long key = rows.next();
            VersionedValue<SearchRow> value = rows.getValue();
            SearchRow row = value.getCurrentValue();
            if (value.getOperationId() != 0) {
                row = undo(map, key, value);
                undone++;
            }
            if (row != null) {
                tally.add(key, row);
            }
        }
        return undone;
    }

    /** Undoes an index's leftovers while tallying its entries; answers how many were undone. */
    private static int scanEntries(MVMap<SearchRow, VersionedValue<Value>> map, Tally tally) {
        int undone = 0;
        Cursor<SearchRow, VersionedValue<Value>> entries = map.cursor(null);
        while (entries.hasNext()) {
            SearchRow entry = entries.next();
            VersionedValue<Value> value = entries.getValue();
            if (value.getOperationId() != 0) {
                undone++;
                if (undo(map, entry, value) == null) {
                    continue;
                }
            }
            tally.add(entry.getKey(), entry);
        }
        return undone;
    }

    private static List<MVTable> tables(SessionLocal session) {
        List<MVTable> tables = new ArrayList<>();
        for (Schema schema : session.getDatabase().getAllSchemasNoMeta()) {
            for (Table table : schema.getAllTablesAndViews(session)) {
                if (table instanceof MVTable stored) {
                    tables.add(stored);
                }
            }
        }
        return tables;
    }

    /**
     * Puts a value a transaction left marked back to its value before that transaction (an insert
     * is removed); answers that value. A map's cursor reads the version it started on, so changing
     * the map meanwhile is safe.
     */
    private static <K, V> V undo(MVMap<K, VersionedValue<V>> map, K key, VersionedValue<V> value) {
        V before = value.getCommittedValue();
        if (before == null) {
            map.remove(key);
        } else {
            map.put(key, committed(before));
        }
        return before;
    }

    /** H2 stores a committed row or index value as itself: its values are their own version. */
    @SuppressWarnings("unchecked")
    private static <V> VersionedValue<V> committed(V value) {
        if (value instanceof VersionedValue<?> itself) {
            return (VersionedValue<V>) itself;
        }
        throw new IllegalStateException("Unexpected value in the embedded database: " + value.getClass());
    }

    private static void refill(SessionLocal session, MVSecondaryIndex index, MVPrimaryIndex primary) {
        index.truncate(session);
        org.h2.index.Cursor rows = primary.find(session, null, null, false);
        while (rows.next()) {
            index.add(session, rows.get());
        }
        session.commit(false);
    }
}
