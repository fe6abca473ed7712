package com.walletcards.webhook;

import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.ExternalEvents;
import com.walletcards.shared.Ids;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The transactional outbox. Domain events are handled synchronously, inside the transaction of
 * the change they report: the event and its deliveries commit with the change or not at all, so
 * an event is never lost and never sent for a change that was rolled back.
 */
@Component
class Outbox {

    private final WebhookQueries webhooks;
    private final DeliveryQueries deliveries;
    private final DeliveryWorker worker;
    private final Clock clock;

    Outbox(WebhookQueries webhooks, DeliveryQueries deliveries, DeliveryWorker worker, Clock clock) {
        this.webhooks = webhooks;
        this.deliveries = deliveries;
        this.worker = worker;
        this.clock = clock;
    }

    @EventListener
    @Transactional
    public void on(ExternalEvent event) {
        record(List.of(event));
    }

    @EventListener
    @Transactional
    public void on(ExternalEvents events) {
        record(events.events());
    }

    /** Stores the event and one due delivery per subscription; wakes the worker once committed. */
    @Transactional
    public WebhookEvent enqueue(
            OrganizationId org, String type, Instant at, Map<String, Object> data, List<WebhookId> subscribed) {
        Enqueued enqueued = enqueued(org, type, at, data, subscribed);
        store(List.of(enqueued));
        return enqueued.event();
    }

    /** Events that someone subscribed to, with their deliveries: a few statements for any number. */
    private void record(List<ExternalEvent> events) {
        List<Enqueued> enqueued = new ArrayList<>();
        for (ExternalEvent event : events) {
            List<WebhookId> subscribed = subscribers(event.organizationId()).stream()
                    .filter(s -> EventTypes.matches(s.events(), event.type()))
                    .map(WebhookQueries.Subscriber::id)
                    .toList();
            if (!subscribed.isEmpty()) {
                enqueued.add(enqueued(event.organizationId(), event.type(), event.at(), event.data(), subscribed));
            }
        }
        if (!enqueued.isEmpty()) {
            store(enqueued);
        }
    }

    private static Enqueued enqueued(
            OrganizationId org, String type, Instant at, Map<String, Object> data, List<WebhookId> subscribed) {
        WebhookEvent event = new WebhookEvent(Ids.newId("evt"), type, at.truncatedTo(ChronoUnit.MICROS), data);
        return new Enqueued(org, event, subscribed);
    }

    private void store(List<Enqueued> enqueued) {
        // Due now, whatever time the events report: their time is a fact of the domain, not a schedule.
        Instant now = Times.now(clock);
        deliveries.insertEvents(enqueued, now);
        deliveries.insertDeliveries(enqueued, now);
        wakeUpWorker();
    }

    /** Delivers a stored event once more to one subscription, as a fresh delivery due at once. */
    @Transactional
    public String redeliver(OrganizationId org, WebhookId webhook, String eventId) {
        String id = deliveries.insertDelivery(org, webhook, eventId, Times.now(clock));
        wakeUpWorker();
        return id;
    }

    private void wakeUpWorker() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            scope().wakeUpAfterCommit = true;
        } else {
            worker.wakeUp();
        }
    }

    /**
     * Subscribers of an organization, read once per transaction: a batch that publishes hundreds
     * of events (card generation, propagation) looks them up once, not once per event.
     */
    private List<WebhookQueries.Subscriber> subscribers(OrganizationId org) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            return webhooks.enabledSubscribers(org);
        }
        return scope().subscribers.computeIfAbsent(org, webhooks::enabledSubscribers);
    }

    private TransactionScope scope() {
        TransactionScope scope = (TransactionScope) TransactionSynchronizationManager.getResource(this);
        if (scope == null) {
            TransactionScope fresh = new TransactionScope();
            TransactionSynchronizationManager.bindResource(this, fresh);
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    if (fresh.wakeUpAfterCommit) {
                        worker.wakeUp();
                    }
                }

                @Override
                public void afterCompletion(int status) {
                    TransactionSynchronizationManager.unbindResourceIfPossible(Outbox.this);
                }
            });
            scope = fresh;
        }
        return scope;
    }

    /** An event to store with one delivery per subscription. */
    record Enqueued(OrganizationId org, WebhookEvent event, List<WebhookId> subscribed) {}

    /** What the outbox remembers for the rest of one transaction. */
    private static final class TransactionScope {
        final Map<OrganizationId, List<WebhookQueries.Subscriber>> subscribers = new HashMap<>();
        boolean wakeUpAfterCommit;
    }
}
