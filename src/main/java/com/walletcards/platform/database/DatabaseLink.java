package com.walletcards.platform.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.Executor;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the database answers at all, watched on a connection of its own, outside the pool: a
 * ping every half second. Tells a silent network from a slow statement, which a request's own
 * timeout cannot: a request whose wait ran out while the database still answers pings met load
 * (503 {@code SERVICE_BUSY}); one whose database has not answered for {@link #silenceAfter} met
 * an outage (503 {@code SERVICE_UNAVAILABLE}). Also the health check's view of the database when
 * every pooled connection is stuck.
 *
 * <p>On a database inside the process (embedded H2) there is nothing to watch: {@link #watching}
 * is false and the database always counts as answering.
 */
public final class DatabaseLink implements AutoCloseable {

    static final Duration PING_INTERVAL = Duration.ofMillis(500);

    private static final Logger log = LoggerFactory.getLogger(DatabaseLink.class);
    private static final Executor DIRECT = Runnable::run;

    private final @Nullable DataSource direct;
    private final long silenceAfterNanos;
    private final int pingTimeoutMillis;
    private final Object answers = new Object();
    private volatile long lastAnswer = System.nanoTime();
    private volatile boolean running = true;
    private volatile boolean answeredOnce;
    private @Nullable Thread watcher;
    private @Nullable Connection connection;
    private boolean reportedLost;

    /**
     * @param direct opens connections of its own, outside the pool; null on an in-process database
     * @param silenceAfter how long without an answer means the database is lost
     */
    public DatabaseLink(@Nullable DataSource direct, Duration silenceAfter) {
        this.direct = direct;
        this.silenceAfterNanos = silenceAfter.toNanos();
        this.pingTimeoutMillis = (int) Math.max(silenceAfter.toMillis(), PING_INTERVAL.toMillis());
        if (direct != null) {
            Thread thread = new Thread(this::watch, "database-link");
            thread.setDaemon(true);
            thread.start();
            watcher = thread;
        }
    }

    public boolean watching() {
        return direct != null;
    }

    /** Whether the database has answered a ping since the watcher started. */
    boolean answeredOnce() {
        return answeredOnce;
    }

    /** True once the database has not answered for the silence threshold; never waits. */
    public boolean lost() {
        return watching() && System.nanoTime() - lastAnswer >= silenceAfterNanos;
    }

    /** Milliseconds since the database last answered a ping. */
    public long silentForMillis() {
        return watching() ? Duration.ofNanos(System.nanoTime() - lastAnswer).toMillis() : 0;
    }

    /**
     * Whether the database is lost, asked after a wait for it ran out: true when it has not
     * answered for the silence threshold, false as soon as it answers a ping sent after this call
     * began. Waits for one of the two, at most the threshold (a ping takes a millisecond when the
     * database is fine); without waiting when the silence is already that long.
     */
    public boolean lostAfterTimeout() {
        if (!watching()) {
            return false;
        }
        long asked = System.nanoTime();
        synchronized (answers) {
            answers.notifyAll(); // wakes the watcher for a ping now rather than at its next turn
            while (true) {
                long last = lastAnswer;
                if (last - asked > 0) {
                    return false;
                }
                long left = silenceAfterNanos - (System.nanoTime() - last);
                if (left <= 0) {
                    return true;
                }
                try {
                    answers.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return lost();
                }
            }
        }
    }

    private void watch() {
        while (running) {
            boolean answered = ping();
            synchronized (answers) {
                if (answered) {
                    lastAnswer = System.nanoTime();
                    answeredOnce = true;
                }
                answers.notifyAll();
                report();
                if (running) {
                    try {
                        answers.wait(PING_INTERVAL.toMillis());
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }
    }

    private boolean ping() {
        try {
            Connection c = connection;
            if (c == null) {
                c = direct.getConnection();
                c.setNetworkTimeout(DIRECT, pingTimeoutMillis);
                connection = c;
            }
            try (Statement s = c.createStatement()) {
                s.execute("SELECT 1");
            }
            return true;
        } catch (SQLException | RuntimeException e) {
            closeConnection();
            return false;
        }
    }

    private void report() {
        boolean isLost = lost();
        if (isLost && !reportedLost) {
            log.warn("The database has not answered for {} ms", silentForMillis());
        } else if (!isLost && reportedLost) {
            log.info("The database answers again");
        }
        reportedLost = isLost;
    }

    private void closeConnection() {
        Connection c = connection;
        connection = null;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException | RuntimeException ignored) {
                // the connection is already broken: that is why it goes
            }
        }
    }

    @Override
    public void close() {
        running = false;
        Thread thread = watcher;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeConnection();
    }
}
