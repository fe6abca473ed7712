package com.walletcards.provider.apple;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * At most one content push per pass and window. The card module pushes once per fan-out of a
 * propagation run, and a run goes round again for edits that arrived while it worked, so quick
 * edits spread over a few seconds can reach a pass as several calls. A push carries nothing (the
 * device fetches the pass, rendered from the content as it is then), so the first change of a
 * window is pushed at once, and a later one waits for the window's end and is pushed then, unless
 * a push that started after it already went out: five quick edits give one or two pushes, and the
 * last push always follows the last change.
 *
 * <p>The waiting push is sent by the caller before {@link #changed} returns, never by a timer:
 * the caller is the durable propagation job, which records the change as delivered only when this
 * returns, so a crash inside the window leaves the job to push again after the restart. Pushes that
 * must be answered now (messages, revocations) go at once and open a window too. The windows are
 * in memory: several instances each keep their own.
 */
final class PushWindow implements DevicePushes {

    private final DevicePushes pushes;
    private final long windowNanos;
    private final Object lock = new Object();
    /** Serial → when its last push started ({@link System#nanoTime()}), for passes pushed recently. */
    private final Map<String, Long> lastPush = new HashMap<>();

    PushWindow(DevicePushes pushes, Duration window) {
        this.pushes = pushes;
        this.windowNanos = Math.max(0, window.toNanos());
    }

    /**
     * The passes' content changed: pushes at once those without a push in the current window; for
     * the others, waits for the end of their window and pushes those no later push has reached.
     * Returns when every push this change needs was answered.
     */
    void changed(Collection<String> serials) {
        long changedAt = System.nanoTime();
        List<String> now = new ArrayList<>();
        List<String> later = new ArrayList<>();
        long windowEnd = changedAt;
        synchronized (lock) {
            forgetOldPushes(changedAt);
            for (String serial : serials) {
                Long last = lastPush.get(serial);
                if (last == null || changedAt - last >= windowNanos) {
                    lastPush.put(serial, changedAt);
                    now.add(serial);
                } else {
                    later.add(serial);
                    windowEnd = Math.max(windowEnd, last + windowNanos);
                }
            }
        }
        if (!now.isEmpty()) {
            pushes.push(now);
        }
        if (later.isEmpty()) {
            return;
        }
        waitUntil(windowEnd);
        List<String> due = new ArrayList<>();
        synchronized (lock) {
            long t = System.nanoTime();
            for (String serial : later) {
                Long last = lastPush.get(serial);
                if (last == null || last < changedAt) { // no push started after this change yet
                    lastPush.put(serial, t);
                    due.add(serial);
                }
            }
        }
        if (!due.isEmpty()) {
            pushes.push(due);
        }
    }

    /** Pushes now (the caller needs APNs' answer); counts as the passes' push of this window. */
    @Override
    public Set<String> push(Collection<String> serials) {
        synchronized (lock) {
            long t = System.nanoTime();
            serials.forEach(serial -> lastPush.put(serial, t));
        }
        return pushes.push(serials);
    }

    private static void waitUntil(long nanos) {
        long left;
        while ((left = nanos - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(left);
            } catch (InterruptedException e) {
                // Shutting down: the propagation job was not told the push went out, so it pushes again later.
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the push window", e);
            }
        }
    }

    /** Keeps memory to the passes pushed within the last window. */
    private void forgetOldPushes(long t) {
        if (lastPush.size() > 10_000) {
            lastPush.values().removeIf(last -> t - last >= windowNanos);
        }
    }
}
