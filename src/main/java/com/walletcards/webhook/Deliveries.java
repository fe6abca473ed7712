package com.walletcards.webhook;

import com.walletcards.shared.Ids;
import com.walletcards.shared.Times;
import com.walletcards.webhook.DeliveryQueries.Due;
import com.walletcards.webhook.DeliveryQueries.Event;
import com.walletcards.webhook.WebhookQueries.Target;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * The worker's short transactions: claim due deliveries, read what one needs, and record the
 * outcome of an attempt. The HTTP request itself runs between them, outside any transaction, so
 * a slow receiver never holds a database connection or a row lock.
 */
@Component
class Deliveries {

    static final String GONE_REASON = "the endpoint answered 410 Gone";
    private static final Logger log = LoggerFactory.getLogger(Deliveries.class);
    private static final int MAX_ERROR_CHARS = 500;

    private final DeliveryQueries deliveries;
    private final WebhookQueries webhooks;
    private final RetrySchedule schedule;
    private final Duration lease;
    private final Duration disableAfter;
    private final Clock clock;

    Deliveries(
            DeliveryQueries deliveries,
            WebhookQueries webhooks,
            RetrySchedule schedule,
            WebhookProperties properties,
            Clock clock) {
        this.deliveries = deliveries;
        this.webhooks = webhooks;
        this.schedule = schedule;
        // Long enough for a DNS lookup and a request that runs into its timeout; a crashed
        // instance's deliveries come due again once it has passed.
        this.lease = properties.requestTimeout().multipliedBy(2).plusSeconds(30);
        this.disableAfter = properties.disableAfter();
        this.clock = clock;
    }

    /** What one attempt needs. */
    record Work(Target target, Event event) {}

    /**
     * Claims up to {@code limit} due deliveries for this instance: locks them (skipping rows other
     * instances hold) and leases them, so no other instance picks them up until the lease ends.
     */
    @Transactional
    public List<Due> claim(int limit) {
        Instant now = Times.now(clock);
        List<Due> due = deliveries.lockDue(now, limit);
        if (due.isEmpty()) {
            return due;
        }
        deliveries.lease(due, now.plus(lease), now);
        return due.stream()
                .map(d -> new Due(d.id(), d.org(), d.webhookId(), d.eventId(), d.attempts(), d.claim() + 1))
                .toList();
    }

    /** The target and the event, or empty when the subscription was deleted meanwhile. */
    @Transactional(readOnly = true)
    public Optional<Work> work(Due due) {
        return webhooks.target(due.org(), due.webhookId())
                .flatMap(target -> deliveries.event(due.org(), due.eventId()).map(event -> new Work(target, event)));
    }

    /** A delivery whose subscription is disabled or deleted is dropped without an attempt. */
    @Transactional
    public void cancel(Due due) {
        deliveries.advance(due, "cancelled", due.attempts(), null, Times.now(clock));
    }

    /**
     * Logs the attempt and moves the delivery on; returns where it went: {@code succeeded},
     * {@code retrying} or {@code failed} (given up).
     */
    @Transactional
    public String record(Due due, String eventType, WebhookSender.Result result, Instant attemptedAt) {
        int number = due.attempts() + 1;
        deliveries.insertAttempt(
                due,
                new DeliveryAttempt(
                        Ids.newId("att"),
                        due.eventId(),
                        eventType,
                        number,
                        result.succeeded(),
                        result.statusCode(),
                        truncate(result.error()),
                        result.responseBody(),
                        result.durationMs(),
                        attemptedAt));
        Instant now = Times.now(clock);
        if (result.succeeded()) {
            deliveries.advance(due, "succeeded", number, null, now);
            webhooks.clearFailures(due.org(), due.webhookId());
            return "succeeded";
        }
        boolean gone = Integer.valueOf(410).equals(result.statusCode());
        Instant next = gone
                ? null
                : schedule.next(number, now, RetrySchedule.parseRetryAfter(result.retryAfter(), now))
                        .orElse(null);
        String state = next == null ? "failed" : "retrying";
        deliveries.advance(due, state, number, next, now);
        if (gone) {
            disable(due, GONE_REASON, now);
            return state;
        }
        Instant failingSince = webhooks.recordFailure(due.org(), due.webhookId(), attemptedAt);
        if (Duration.between(failingSince, attemptedAt).compareTo(disableAfter) >= 0) {
            disable(due, "every delivery attempt failed since " + failingSince, now);
        }
        return state;
    }

    private void disable(Due due, String reason, Instant now) {
        if (webhooks.disable(due.org(), due.webhookId(), reason, now)) {
            log.warn("Disabled webhook {} of organization {}: {}", due.webhookId(), due.org(), reason);
        }
    }

    private static @Nullable String truncate(@Nullable String error) {
        return error == null || error.length() <= MAX_ERROR_CHARS ? error : error.substring(0, MAX_ERROR_CHARS);
    }
}
