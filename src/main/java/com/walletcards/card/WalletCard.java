package com.walletcards.card;

import com.walletcards.card.CardEvents.CardEvent;
import com.walletcards.card.CardEvents.CardInstalled;
import com.walletcards.card.CardEvents.CardRemoved;
import com.walletcards.card.CardEvents.CardRevoked;
import com.walletcards.card.CardEvents.CardStatusChanged;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A wallet card and its provider objects. Its status is derived: final states (revoked, deleted)
 * win; else active while any object is installed; removed once an object was installed and none
 * is any more; before any install, the lifecycle (pending, created, invited).
 */
public final class WalletCard {

    private final String id;
    private final OrganizationId organizationId;
    private final String campaignId;
    private final String recipientId;
    private CardStatus lifecycle;
    private @Nullable CardStatus finalStatus;
    private final String downloadCode;
    private final String barcodeValue;
    private final List<ProviderObject> objects;
    private final Instant createdAt;
    private Instant updatedAt;

    WalletCard(
            String id,
            OrganizationId organizationId,
            String campaignId,
            String recipientId,
            CardStatus lifecycle,
            @Nullable CardStatus finalStatus,
            String downloadCode,
            String barcodeValue,
            List<ProviderObject> objects,
            Instant createdAt,
            Instant updatedAt) {
        this.id = id;
        this.organizationId = organizationId;
        this.campaignId = campaignId;
        this.recipientId = recipientId;
        this.lifecycle = lifecycle;
        this.finalStatus = finalStatus;
        this.downloadCode = downloadCode;
        this.barcodeValue = barcodeValue;
        this.objects = new ArrayList<>(objects);
        this.createdAt = createdAt;
        this.updatedAt = updatedAt;
    }

    public CardStatus status() {
        if (finalStatus != null) {
            return finalStatus;
        }
        if (objects.stream().anyMatch(ProviderObject::installed)) {
            return CardStatus.active;
        }
        if (objects.stream().anyMatch(ProviderObject::everInstalled)) {
            return CardStatus.removed;
        }
        return lifecycle;
    }

    /** Marks the card as sent to its holder; a revoked or deleted card cannot be invited. */
    List<CardEvent> invite(Instant now) {
        if (finalStatus != null) {
            throw new InvalidState("The card is " + finalStatus + " and cannot be invited");
        }
        CardStatus before = status();
        lifecycle = CardStatus.invited;
        return changed(before, now, new ArrayList<>());
    }

    /**
     * Applies a provider's install or removal of its object. Returns nothing when the event is
     * older than the last one applied to that object, or when the card is revoked or deleted:
     * those are final, whatever the wallets say later.
     */
    Optional<List<CardEvent>> applyProviderEvent(String provider, boolean installed, Instant occurredAt, Instant now) {
        int index = indexOf(provider);
        ProviderObject object = objects.get(index);
        if (finalStatus != null || (object.lastEventAt() != null && occurredAt.isBefore(object.lastEventAt()))) {
            return Optional.empty();
        }
        CardStatus before = status();
        objects.set(index, object.withEvent(installed, occurredAt, now));
        List<CardEvent> events = new ArrayList<>();
        if (installed && !object.installed()) {
            events.add(new CardInstalled(organizationId, id, recipientId, campaignId, provider, now));
        } else if (!installed && object.installed()) {
            events.add(new CardRemoved(organizationId, id, recipientId, campaignId, provider, now));
        }
        return Optional.of(changed(before, now, events));
    }

    /** Voids the card for good; the caller voids each returned object at its provider. */
    List<CardEvent> revoke(Instant now) {
        if (finalStatus == CardStatus.revoked) {
            return List.of();
        }
        CardStatus before = status();
        finalStatus = CardStatus.revoked;
        objects.replaceAll(o -> o.voided(now));
        List<CardEvent> events = new ArrayList<>();
        events.add(new CardRevoked(organizationId, id, recipientId, campaignId, now));
        return changed(before, now, events);
    }

    /** The recipient is gone: the card stays in wallets but gets nothing more. */
    List<CardEvent> markDeleted(Instant now) {
        if (finalStatus != null) {
            return List.of();
        }
        CardStatus before = status();
        finalStatus = CardStatus.deleted;
        return changed(before, now, new ArrayList<>());
    }

    boolean hasProvider(String provider) {
        return objects.stream().anyMatch(o -> o.provider().equals(provider));
    }

    private int indexOf(String provider) {
        for (int i = 0; i < objects.size(); i++) {
            if (objects.get(i).provider().equals(provider)) {
                return i;
            }
        }
        throw new IllegalArgumentException("No " + provider + " object on card " + id);
    }

    private List<CardEvent> changed(CardStatus before, Instant now, List<CardEvent> events) {
        updatedAt = now;
        CardStatus after = status();
        if (after != before) {
            events.add(new CardStatusChanged(organizationId, id, recipientId, campaignId, before, after, now));
        }
        return events;
    }

    public String id() {
        return id;
    }

    public OrganizationId organizationId() {
        return organizationId;
    }

    public String campaignId() {
        return campaignId;
    }

    public String recipientId() {
        return recipientId;
    }

    CardStatus lifecycle() {
        return lifecycle;
    }

    @Nullable
    CardStatus finalStatus() {
        return finalStatus;
    }

    public String downloadCode() {
        return downloadCode;
    }

    public String barcodeValue() {
        return barcodeValue;
    }

    public List<ProviderObject> objects() {
        return List.copyOf(objects);
    }

    Instant createdAt() {
        return createdAt;
    }

    Instant updatedAt() {
        return updatedAt;
    }
}
