package com.walletcards.notification;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The fan-out of one notification's execution: one batch per round, each claim and each delivery
 * committing on its own; the next batch is claimed while the current one is delivered, so the
 * database and the providers work at once. Batches are still delivered and recorded in order, so
 * the last one finishes the notification. A crash can leave two batches claimed and undelivered
 * instead of one: both are recorded as failed by the next run, never sent twice.
 */
@Component
class NotificationFanOut implements DisposableBean {

    private final NotificationDelivery delivery;

    /** Delivers the batch whose successor the job's own thread is claiming meanwhile. */
    private final ExecutorService delivering = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "notification-delivery");
        thread.setDaemon(true);
        return thread;
    });

    NotificationFanOut(NotificationDelivery delivery) {
        this.delivery = delivery;
    }

    void deliverAll(String notificationId) {
        NotificationDelivery.Claim claim = delivery.claimNext(notificationId, false);
        while (claim != null) {
            NotificationDelivery.Claim current = claim;
            CompletableFuture<Boolean> inFlight =
                    CompletableFuture.supplyAsync(() -> delivery.deliver(current), delivering);
            NotificationDelivery.Claim next;
            try {
                next = current.last() ? null : delivery.claimNext(notificationId, true);
            } catch (RuntimeException e) {
                join(inFlight); // a retry must not find this batch claimed and still in flight
                throw e;
            }
            boolean more = join(inFlight);
            if (next == null && more) {
                next = delivery.claimNext(notificationId, false); // what the overlapping claim left to this one
            }
            claim = next;
        }
    }

    private static boolean join(CompletableFuture<Boolean> inFlight) {
        try {
            return inFlight.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    /**
     * The job engine stops (and waits for) its executions before the context closes beans it
     * depends on, so no delivery is in flight here any more.
     */
    @Override
    public void destroy() {
        delivering.shutdownNow();
    }
}
