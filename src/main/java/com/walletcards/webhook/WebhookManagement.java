package com.walletcards.webhook;

import com.walletcards.shared.Ids;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The webhook module's facade for the API: subscriptions, secrets, test events, the delivery log. */
@Service
public class WebhookManagement {

    private final WebhookQueries webhooks;
    private final DeliveryQueries deliveries;
    private final SecretBox secrets;
    private final Outbox outbox;
    private final WebhookProperties properties;
    private final Clock clock;

    WebhookManagement(
            WebhookQueries webhooks,
            DeliveryQueries deliveries,
            SecretBox secrets,
            Outbox outbox,
            WebhookProperties properties,
            Clock clock) {
        this.webhooks = webhooks;
        this.deliveries = deliveries;
        this.secrets = secrets;
        this.outbox = outbox;
        this.properties = properties;
        this.clock = clock;
    }

    public record WebhookPage(List<Webhook> webhooks, long total) {}

    public record AttemptPage(List<DeliveryAttempt> attempts, long total) {}

    /** Deliveries newest first; {@code next} is the cursor of the following page, null at the end. */
    public record DeliveryLog(
            List<Delivery> deliveries, @Nullable String next) {}

    /**
     * A subscription with its signing secret in clear: the answer of create and rotate, the only
     * times the secret is shown. {@code previousSecretExpiresAt} is set after a rotation.
     */
    public record WithSecret(
            Webhook webhook, SigningSecret secret, @Nullable Instant previousSecretExpiresAt) {}

    @Transactional
    public WithSecret create(OrganizationId org, NewWebhook input) {
        Instant now = Times.now(clock);
        Webhook webhook = new Webhook(
                new WebhookId(Ids.newId("whk")),
                input.url(),
                input.events(),
                input.description(),
                true,
                null,
                now,
                now);
        SigningSecret secret = SigningSecret.generate();
        webhooks.insert(org, webhook, secrets.seal(secret, webhook.id().value()));
        return new WithSecret(webhook, secret, null);
    }

    @Transactional(readOnly = true)
    public Webhook get(OrganizationId org, WebhookId id) {
        return webhooks.find(org, id).orElseThrow(WebhookNotFound::new);
    }

    @Transactional(readOnly = true)
    public WebhookPage list(OrganizationId org, Page page) {
        return new WebhookPage(webhooks.list(org, page), webhooks.count(org));
    }

    @Transactional
    public Webhook update(OrganizationId org, WebhookId id, WebhookChanges changes) {
        Webhook before = webhooks.findForUpdate(org, id).orElseThrow(WebhookNotFound::new);
        Webhook after = before.apply(changes, Times.now(clock));
        if (after.sameSettingsAs(before)) {
            return before;
        }
        webhooks.update(org, after, after.targetChangedFrom(before));
        return after;
    }

    @Transactional
    public void delete(OrganizationId org, WebhookId id) {
        if (!webhooks.softDelete(org, id, Times.now(clock))) {
            throw new WebhookNotFound();
        }
    }

    /**
     * Replaces the signing secret. The previous one keeps signing alongside it for the configured
     * grace period, so receivers can switch without dropping a message; rotating again within it
     * retires the older secret at once.
     */
    @Transactional
    public WithSecret rotateSecret(OrganizationId org, WebhookId id) {
        Webhook webhook = webhooks.findForUpdate(org, id).orElseThrow(WebhookNotFound::new);
        Instant now = Times.now(clock);
        Instant previousExpiresAt = now.plus(properties.previousSecretValidity());
        SigningSecret secret = SigningSecret.generate();
        webhooks.rotateSecret(org, id, secrets.seal(secret, id.value()), previousExpiresAt, now);
        return new WithSecret(
                new Webhook(
                        webhook.id(),
                        webhook.url(),
                        webhook.events(),
                        webhook.description(),
                        webhook.enabled(),
                        webhook.disabledReason(),
                        webhook.createdAt(),
                        now),
                secret,
                previousExpiresAt);
    }

    /** Sends a {@code webhook.test} event to this subscription only, whatever it subscribes to. */
    @Transactional
    public WebhookEvent sendTest(OrganizationId org, WebhookId id) {
        Webhook webhook = get(org, id);
        if (!webhook.enabled()) {
            throw new InvalidState("The webhook is disabled; enable it before sending a test event");
        }
        return outbox.enqueue(org, EventTypes.TEST, Times.now(clock), Map.of("webhookId", id.value()), List.of(id));
    }

    /**
     * A page of the subscription's deliveries with their attempts, newest first, read by keyset:
     * {@code before} is the {@code next} of the previous page (null for the first), so a page deep
     * in a long log costs what the first does.
     */
    @Transactional(readOnly = true)
    public DeliveryLog deliveryLog(OrganizationId org, WebhookId id, @Nullable String before, int limit) {
        get(org, id);
        List<Delivery> found = deliveries.deliveries(org, id, before, limit + 1);
        if (found.size() <= limit) {
            return new DeliveryLog(found, null);
        }
        List<Delivery> page = found.subList(0, limit);
        return new DeliveryLog(page, page.get(limit - 1).id());
    }

    /**
     * Sends a delivery's event to the subscription again, as a new delivery with the same event id
     * (so a receiver that deduplicates by {@code webhook-id} sees it as the same event). Only a
     * finished delivery: one that is still being retried would race its own next attempt.
     */
    @Transactional
    public String resend(OrganizationId org, WebhookId id, String deliveryId) {
        Webhook webhook = get(org, id);
        Delivery delivery = deliveries.delivery(org, id, deliveryId).orElseThrow(() -> new NotFound("Delivery"));
        if (!webhook.enabled()) {
            throw new InvalidState("The webhook is disabled; enable it before sending a delivery again");
        }
        if (!delivery.finished()) {
            throw new InvalidState("The delivery is still being attempted; it can be sent again once it has finished");
        }
        return outbox.redeliver(org, id, delivery.eventId());
    }

    @Transactional(readOnly = true)
    public AttemptPage attempts(OrganizationId org, WebhookId id, Page page) {
        get(org, id);
        return new AttemptPage(deliveries.attempts(org, id, page), deliveries.countAttempts(org, id));
    }
}
