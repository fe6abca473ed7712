package com.walletcards.provider.apple;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At most one content push per pass and window. The card module pushes once per fan-out of a
 * propagation run, and a run goes round again for edits that arrived while it worked, so quick
 * edits spread over a few seconds can reach a pass as several calls. A push carries nothing (the
 * device fetches the pass, rendered from the content as it is then), so the first change of a
 * window is pushed at once and every later one within the window folds into a single push at its
 * end: five quick edits give one or two pushes, and the last push always follows the last change.
 * Pushes that must be answered now (messages, revocations) go at once and open a window too.
 * The state is in memory: several instances each keep their own window.
 */
final class PushWindow implements DevicePushes, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PushWindow.class);

    private final DevicePushes pushes;
    private final long windowNanos;
    private final ScheduledExecutorService timer;
    private final Object lock = new Object();
    /** Serial → when its last push went out ({@link System#nanoTime()}). */
    private final Map<String, Long> lastPush = new HashMap<>();
    /** Serial → when its folded push goes out. */
    private final Map<String, Long> due = new HashMap<>();

    PushWindow(DevicePushes pushes, Duration window) {
        this.pushes = pushes;
        this.windowNanos = Math.max(0, window.toNanos());
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "apple-push-window");
            thread.setDaemon(true);
            return thread;
        });
        executor.setRemoveOnCancelPolicy(true);
        this.timer = executor;
        if (windowNanos > 0) {
            timer.scheduleWithFixedDelay(this::forgetOldPushes, windowNanos, windowNanos, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * The passes' content changed: pushes at once those without a push in the current window; the
     * others get one push at the end of their window. Returns when the immediate pushes were answered.
     */
    void changed(Collection<String> serials) {
        List<String> now = new ArrayList<>();
        long latestDue = Long.MIN_VALUE;
        synchronized (lock) {
            long t = System.nanoTime();
            for (String serial : serials) {
                if (due.containsKey(serial)) {
                    continue; // its folded push is still to come, and the device fetches the newest pass then
                }
                Long last = lastPush.get(serial);
                if (last == null || t - last >= windowNanos) {
                    lastPush.put(serial, t);
                    now.add(serial);
                } else {
                    long at = last + windowNanos;
                    due.put(serial, at);
                    latestDue = Math.max(latestDue, at);
                }
            }
        }
        if (latestDue != Long.MIN_VALUE) {
            timer.schedule(this::flush, Math.max(0, latestDue - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        if (!now.isEmpty()) {
            pushes.push(now);
        }
    }

    /** Pushes now (the caller needs APNs' answer); counts as the passes' push of this window. */
    @Override
    public Set<String> push(Collection<String> serials) {
        synchronized (lock) {
            long t = System.nanoTime();
            for (String serial : serials) {
                lastPush.put(serial, t);
                due.remove(serial); // this push already follows every change recorded so far
            }
        }
        return pushes.push(serials);
    }

    /** Sends the folded pushes whose window ended. */
    private void flush() {
        List<String> ready = new ArrayList<>();
        synchronized (lock) {
            long t = System.nanoTime();
            var entries = due.entrySet().iterator();
            while (entries.hasNext()) {
                var entry = entries.next();
                if (entry.getValue() - t <= TimeUnit.MILLISECONDS.toNanos(5)) {
                    entries.remove();
                    lastPush.put(entry.getKey(), t);
                    ready.add(entry.getKey());
                }
            }
        }
        if (!ready.isEmpty()) {
            try {
                pushes.push(ready);
            } catch (RuntimeException e) {
                log.warn("Pushing the folded changes of {} passes failed: {}", ready.size(), e.toString());
            }
        }
    }

    /** Keeps memory to the passes pushed within the last window. */
    private void forgetOldPushes() {
        synchronized (lock) {
            long t = System.nanoTime();
            lastPush.entrySet().removeIf(e -> t - e.getValue() >= windowNanos && !due.containsKey(e.getKey()));
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
