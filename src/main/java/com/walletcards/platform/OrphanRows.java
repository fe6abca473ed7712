package com.walletcards.platform;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Rows of the embedded database whose foreign key names a row that does not exist, after a kill. */
final class OrphanRows {

    /** Each pass removes one more level of rows whose parent was removed; the schema has fewer. */
    private static final int MAX_ORPHAN_PASSES = 20;

    private OrphanRows() {}

    /**
     * Removes every row whose parent row does not exist, until none is left; answers how many, per
     * table. Such rows once came from a transaction a kill cut off (a webhook delivery whose event,
     * written in the same transaction, was gone); undoing those leftovers (see {@link StoredRows})
     * leaves none, and this pass stays so that no other damage H2's recovery leaves breaks a key.
     * Run once the indexes are whole, so a parent that exists is always found.
     */
    static Map<String, Integer> remove(Statement statement) throws SQLException {
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
}
