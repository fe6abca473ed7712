package com.walletcards.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Watches {@code scheduled_tasks} in the background and remembers which scheduler instances
 * ({@code picked_by}) picked each execution, to tell when a given instance has taken some work. A
 * look every 50 ms: an execution picked and finished between two looks is missed.
 */
public final class SchedulerPicks implements AutoCloseable {

    private final String url;
    private final String user;
    private final Map<String, Set<String>> pickers = new ConcurrentHashMap<>();
    private final ScheduledExecutorService looker = Executors.newSingleThreadScheduledExecutor();

    private SchedulerPicks(String url, String user) {
        this.url = url;
        this.user = user;
    }

    public static SchedulerPicks watch(String url, String user) {
        SchedulerPicks picks = new SchedulerPicks(url, user);
        picks.looker.scheduleWithFixedDelay(picks::look, 0, 50, TimeUnit.MILLISECONDS);
        return picks;
    }

    /** Executions of {@code task} seen picked by the scheduler instance {@code name}. */
    public long pickedBy(String task, String name) {
        return pickers.entrySet().stream()
                .filter(e ->
                        e.getKey().startsWith(task + "\u0000") && e.getValue().contains(name))
                .count();
    }

    private void look() {
        try (Connection c = DriverManager.getConnection(url, user, "");
                PreparedStatement s = c.prepareStatement(
                        "SELECT task_name, task_instance, picked_by FROM scheduled_tasks WHERE picked = TRUE");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                String by = rs.getString(3);
                if (by != null) {
                    pickers.computeIfAbsent(
                                    rs.getString(1) + "\u0000" + rs.getString(2), k -> ConcurrentHashMap.newKeySet())
                            .add(by);
                }
            }
        } catch (SQLException e) {
            // the database is closing with the test: nothing more to watch
        }
    }

    @Override
    public void close() {
        looker.shutdownNow();
    }
}
