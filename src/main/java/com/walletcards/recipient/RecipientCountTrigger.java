package com.walletcards.recipient;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import org.h2.api.Trigger;
import org.jspecify.annotations.Nullable;

/**
 * Keeps {@code recipient_counts} on the embedded database: H2 calls it after each inserted,
 * updated or deleted recipient row, in the writing transaction, and it adds the row's difference
 * to the count that the writing session keeps for the campaign and status (see {@link
 * V33__RecipientCountsKeptWithTheRows}). Only this session changes that row, so writers never wait
 * for each other; the folding job takes it away (and the next change starts a new one) without
 * waiting for it either. One row per session rather than one per change, so that an import of
 * 100,000 recipients does not leave 300,000 rows to fold. Public with a public constructor because
 * H2 creates it by its class name; for the same reason it stays in this package, next to the
 * migration that names it: every embedded database created so far stores that name in its trigger.
 */
public final class RecipientCountTrigger implements Trigger {

    private static final String ADD = "UPDATE recipient_counts SET n = n + ?"
            + " WHERE campaign_id = ? AND status = ? AND session_id = SESSION_ID() AND folded = FALSE";
    private static final String START =
            "INSERT INTO recipient_counts (campaign_id, status, n, session_id)" + " VALUES (?, ?, ?, SESSION_ID())";

    private int campaignColumn = -1;
    private int statusColumn = -1;

    @Override
    public void init(Connection connection, String schema, String trigger, String table, boolean before, int type)
            throws SQLException {
        // Positions in the rows H2 hands over, whatever order later migrations leave the columns in.
        try (ResultSet columns = connection.getMetaData().getColumns(null, schema, table, null)) {
            while (columns.next()) {
                String name = columns.getString("COLUMN_NAME");
                int index = columns.getInt("ORDINAL_POSITION") - 1;
                if ("campaign_id".equalsIgnoreCase(name)) {
                    campaignColumn = index;
                } else if ("status".equalsIgnoreCase(name)) {
                    statusColumn = index;
                }
            }
        }
        if (campaignColumn < 0 || statusColumn < 0) {
            throw new SQLException("recipients has no campaign_id or status column for " + trigger);
        }
    }

    @Override
    public void fire(Connection connection, Object @Nullable [] before, Object @Nullable [] after) throws SQLException {
        if (before != null
                && after != null
                && Objects.equals(before[campaignColumn], after[campaignColumn])
                && Objects.equals(before[statusColumn], after[statusColumn])) {
            return;
        }
        if (before != null) {
            add(connection, before, -1);
        }
        if (after != null) {
            add(connection, after, 1);
        }
    }

    private void add(Connection connection, Object[] row, long difference) throws SQLException {
        try (PreparedStatement add = connection.prepareStatement(ADD)) {
            add.setLong(1, difference);
            add.setObject(2, row[campaignColumn]);
            add.setObject(3, row[statusColumn]);
            if (add.executeUpdate() > 0) {
                return;
            }
        }
        try (PreparedStatement start = connection.prepareStatement(START)) {
            start.setObject(1, row[campaignColumn]);
            start.setObject(2, row[statusColumn]);
            start.setLong(3, difference);
            start.executeUpdate();
        }
    }
}
