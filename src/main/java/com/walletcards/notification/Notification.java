package com.walletcards.notification;

import com.walletcards.campaign.CampaignId;
import com.walletcards.notification.NotificationEvents.NotificationEvent;
import com.walletcards.notification.NotificationEvents.NotificationFailed;
import com.walletcards.notification.NotificationEvents.NotificationSent;
import com.walletcards.notification.NotificationEvents.Outcome;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Validation;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The notification aggregate and its status machine: {@code pending → sending → sent | failed},
 * {@code pending → cancelled}. Immediate notifications start in {@code sending}. The counters only
 * grow, batch by batch, while it is {@code sending}.
 */
public final class Notification {

    private final String id;
    private final OrganizationId organizationId;
    private final CampaignId campaignId;
    private final NotificationKind kind;
    private NotificationStatus status;
    private final Message message;
    private final @Nullable Instant scheduledFor;
    private int targetedCards;
    private int deliveredCards;
    private int failedCards;
    private @Nullable String lastCardId;
    private final Instant createdAt;
    private @Nullable Instant sentAt;
    private @Nullable Instant cancelledAt;

    Notification(
            String id,
            OrganizationId organizationId,
            CampaignId campaignId,
            NotificationKind kind,
            NotificationStatus status,
            Message message,
            @Nullable Instant scheduledFor,
            int targetedCards,
            int deliveredCards,
            int failedCards,
            @Nullable String lastCardId,
            Instant createdAt,
            @Nullable Instant sentAt,
            @Nullable Instant cancelledAt) {
        this.id = id;
        this.organizationId = organizationId;
        this.campaignId = campaignId;
        this.kind = kind;
        this.status = status;
        this.message = message;
        this.scheduledFor = scheduledFor;
        this.targetedCards = targetedCards;
        this.deliveredCards = deliveredCards;
        this.failedCards = failedCards;
        this.lastCardId = lastCardId;
        this.createdAt = createdAt;
        this.sentAt = sentAt;
        this.cancelledAt = cancelledAt;
    }

    /** A notification that goes out now: it is {@code sending} from the start. */
    static Notification immediate(String id, OrganizationId org, CampaignId campaignId, Message message, Instant now) {
        return new Notification(
                id,
                org,
                campaignId,
                NotificationKind.immediate,
                NotificationStatus.sending,
                message,
                null,
                0,
                0,
                0,
                null,
                now,
                null,
                null);
    }

    /** A notification that waits until {@code scheduledFor}, which must lie in the allowed window. */
    static Notification scheduled(
            String id, OrganizationId org, CampaignId campaignId, Message message, Instant scheduledFor, Instant now) {
        Validation v = new Validation();
        SendTime.checkWindow(scheduledFor, now, v);
        v.throwIfInvalid();
        return new Notification(
                id,
                org,
                campaignId,
                NotificationKind.scheduled,
                NotificationStatus.pending,
                message,
                scheduledFor,
                0,
                0,
                0,
                null,
                now,
                null,
                null);
    }

    void cancel(Instant now) {
        if (status != NotificationStatus.pending) {
            throw new InvalidState("Only a pending scheduled notification can be cancelled; this one is " + status);
        }
        status = NotificationStatus.cancelled;
        cancelledAt = now;
    }

    /** The scheduled time has come: a pending notification starts sending. Returns whether there is work. */
    boolean start() {
        if (status == NotificationStatus.pending) {
            status = NotificationStatus.sending;
        }
        return status == NotificationStatus.sending;
    }

    /**
     * The campaign was deleted before the notification went out: a pending one is cancelled, one
     * that is sending stops where it is. Returns the final event, if this ended the notification.
     */
    @Nullable
    NotificationEvent abandon(Instant now) {
        if (status == NotificationStatus.pending) {
            status = NotificationStatus.cancelled;
            cancelledAt = now;
            return null;
        }
        return status == NotificationStatus.sending ? finish(now) : null;
    }

    /** The fan-out claimed the next cards, up to and including {@code lastCardId}. */
    void claimed(int cards, String lastCardId) {
        requireSending();
        targetedCards += cards;
        this.lastCardId = lastCardId;
    }

    /** Outcomes of claimed cards came in. */
    void delivered(int delivered, int failed) {
        requireSending();
        deliveredCards += delivered;
        failedCards += failed;
    }

    /**
     * Every active card was handled: {@code failed} when each delivery failed, else {@code sent}
     * (also when there was no active card at all). Returns the event to publish.
     */
    NotificationEvent finish(Instant now) {
        requireSending();
        sentAt = now;
        Outcome outcome = outcome();
        if (targetedCards > 0 && deliveredCards == 0) {
            status = NotificationStatus.failed;
            return new NotificationFailed(organizationId, outcome, now);
        }
        status = NotificationStatus.sent;
        return new NotificationSent(organizationId, outcome, now);
    }

    /** The background job gave up after its retries: whatever was not delivered by now never will be. */
    @Nullable
    NotificationEvent giveUp(Instant now) {
        if (status != NotificationStatus.pending && status != NotificationStatus.sending) {
            return null;
        }
        status = NotificationStatus.failed;
        sentAt = now;
        return new NotificationFailed(organizationId, outcome(), now);
    }

    private Outcome outcome() {
        return new Outcome(id, campaignId, kind, targetedCards, deliveredCards, failedCards);
    }

    private void requireSending() {
        if (status != NotificationStatus.sending) {
            throw new IllegalStateException("Notification " + id + " is " + status + ", not sending");
        }
    }

    public String id() {
        return id;
    }

    OrganizationId organizationId() {
        return organizationId;
    }

    public CampaignId campaignId() {
        return campaignId;
    }

    public NotificationKind kind() {
        return kind;
    }

    public NotificationStatus status() {
        return status;
    }

    public Message message() {
        return message;
    }

    public @Nullable Instant scheduledFor() {
        return scheduledFor;
    }

    public int targetedCards() {
        return targetedCards;
    }

    public int deliveredCards() {
        return deliveredCards;
    }

    public int failedCards() {
        return failedCards;
    }

    @Nullable
    String lastCardId() {
        return lastCardId;
    }

    public Instant createdAt() {
        return createdAt;
    }

    /** When the fan-out finished (status {@code sent} or {@code failed}); null before. */
    public @Nullable Instant sentAt() {
        return sentAt;
    }

    public @Nullable Instant cancelledAt() {
        return cancelledAt;
    }
}
