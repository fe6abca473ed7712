package com.walletcards.platform;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A connection to an embedded H2 database that cannot read what the transactions a killed process
 * left open wrote without an undo entry.
 *
 * <p>H2 stores each of its maps at its own moment, so the file a kill leaves can hold a change of a
 * then-open transaction without the undo entry that would let the next start roll it back. The
 * change stays, marked as that transaction's uncommitted change: other transactions read past it
 * (an inserted row stays unseen, a deleted or updated row stays as committed), but a later
 * transaction given the same id reads it as its own. H2 gives each new transaction the lowest free
 * id, so the first connections after a restart are the likeliest to: reading at id 1, a rebuild
 * copied a webhook delivery of a rolled-back card generation into the database as committed, and a
 * count after a kill found 91 rows of an import batch that never committed.
 *
 * <p>This connection's transactions get an id above {@link #HELD_IDS}: while it is open, as many
 * idle transactions hold every id below. A process holds at most one transaction per connection,
 * so one with fewer connections than that (the pool has 20 by default) never used the ids this
 * connection reads at.
 */
public final class LeftoverBlindConnection implements AutoCloseable {

    static final int HELD_IDS = 1_000;

    private final List<Connection> holders;
    private final Connection connection;

    private LeftoverBlindConnection(List<Connection> holders, Connection connection) {
        this.holders = holders;
        this.connection = connection;
    }

    public static LeftoverBlindConnection open(String url, String user, String password) throws SQLException {
        List<Connection> holders = new ArrayList<>(HELD_IDS);
        try {
            for (int i = 0; i < HELD_IDS; i++) {
                Connection holder = DriverManager.getConnection(url, user, password);
                holders.add(holder);
                holder.setAutoCommit(false);
                try (Statement statement = holder.createStatement()) {
                    // Begins the holder's transaction, which takes the lowest free id.
                    statement.execute("SAVEPOINT held");
                }
            }
            return new LeftoverBlindConnection(holders, DriverManager.getConnection(url, user, password));
        } catch (SQLException | RuntimeException e) {
            SQLException closing = closeAll(holders);
            if (closing != null) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    public Connection connection() {
        return connection;
    }

    /** Closes the holders first: closing the last connection closes the database. */
    @Override
    public void close() throws SQLException {
        List<Connection> all = new ArrayList<>(holders);
        all.add(connection);
        SQLException failure = closeAll(all);
        if (failure != null) {
            throw failure;
        }
    }

    /** Closes every one of them; answers the first failure, with the later ones suppressed in it. */
    private static SQLException closeAll(List<Connection> connections) {
        SQLException failure = null;
        for (Connection connection : connections) {
            try {
                connection.close();
            } catch (SQLException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        return failure;
    }
}
