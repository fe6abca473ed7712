package com.walletcards.webhook;

import com.walletcards.webhook.DeliveryQueries.Due;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Drains due deliveries on every instance. One poller thread claims as many deliveries as there
 * are free sender threads and hands them over; it runs every poll interval, and at once when a
 * transaction on this instance has committed new deliveries or a sender finished a full batch.
 * Claims are leased rows in the database (see ADR 0008), so instances share the work and a
 * crashed instance's deliveries are taken over when their lease ends.
 */
@Component
class DeliveryWorker implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DeliveryWorker.class);

    private final Deliveries deliveries;
    private final Dispatcher dispatcher;
    private final WebhookProperties properties;
    private final AtomicBoolean wakeQueued = new AtomicBoolean();
    private final AtomicBoolean backlog = new AtomicBoolean();
    private volatile boolean running;
    private @Nullable ScheduledExecutorService poller;
    private @Nullable ExecutorService senders;
    private @Nullable Semaphore slots;

    DeliveryWorker(Deliveries deliveries, Dispatcher dispatcher, WebhookProperties properties) {
        this.deliveries = deliveries;
        this.dispatcher = dispatcher;
        this.properties = properties;
    }

    @Override
    public synchronized void start() {
        int concurrency = properties.concurrency();
        slots = new Semaphore(concurrency);
        senders = Executors.newFixedThreadPool(concurrency, named("webhook-sender-"));
        poller = Executors.newSingleThreadScheduledExecutor(named("webhook-poller-"));
        long interval = properties.pollInterval().toMillis();
        poller.scheduleWithFixedDelay(this::drain, interval, interval, TimeUnit.MILLISECONDS);
        running = true;
    }

    /** Looks for due deliveries now instead of at the next poll; cheap to call often. */
    void wakeUp() {
        ScheduledExecutorService p = poller;
        if (running && p != null && wakeQueued.compareAndSet(false, true)) {
            try {
                p.execute(() -> {
                    wakeQueued.set(false);
                    drain();
                });
            } catch (RejectedExecutionException stopping) {
                wakeQueued.set(false);
            }
        }
    }

    private void drain() {
        Semaphore free = slots;
        ExecutorService pool = senders;
        if (free == null || pool == null) {
            return;
        }
        try {
            while (running) {
                int capacity = free.availablePermits();
                if (capacity == 0) {
                    backlog.set(true);
                    return;
                }
                List<Due> claimed = deliveries.claim(capacity);
                for (Due due : claimed) {
                    free.acquireUninterruptibly();
                    pool.execute(() -> send(due, free));
                }
                if (claimed.size() < capacity) {
                    return;
                }
            }
        } catch (RuntimeException e) {
            // The database may be briefly unavailable; the next poll tries again.
            log.warn("Could not claim webhook deliveries: {}", e.toString());
        }
    }

    private void send(Due due, Semaphore free) {
        try {
            dispatcher.deliver(due);
        } catch (RuntimeException e) {
            // The lease runs out and the delivery is attempted again; nothing is lost.
            log.warn("Webhook delivery {} failed unexpectedly: {}", due.id(), e.toString());
        } finally {
            free.release();
            if (backlog.compareAndSet(true, false)) {
                wakeUp();
            }
        }
    }

    @Override
    public synchronized void stop() {
        running = false;
        if (poller != null) {
            poller.shutdownNow();
        }
        if (senders != null) {
            senders.shutdown();
            try {
                // Let attempts in flight finish and be recorded; a cut one is retried after its lease.
                if (!senders.awaitTermination(properties.requestTimeout().toMillis() + 5000, TimeUnit.MILLISECONDS)) {
                    senders.shutdownNow();
                }
            } catch (InterruptedException e) {
                senders.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
