package com.walletcards.card;

import com.walletcards.card.CardEvents.CardDeviceRegistration;
import com.walletcards.card.CardEvents.CardEvent;
import com.walletcards.card.CardEvents.CardInstalled;
import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The card module's side of the inbound port: finds the card that owns the reported object
 * ({@code (provider, object_ref)} is unique), locks it, and applies the card's state machine once
 * per event id.
 */
@Service
class ProviderObjectEvents implements ObjectEvents {

    private final CardQueries queries;
    private final PropagationRequests propagation;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    ProviderObjectEvents(
            CardQueries queries, PropagationRequests propagation, ApplicationEventPublisher events, Clock clock) {
        this.queries = queries;
        this.propagation = propagation;
        this.events = events;
        this.clock = clock;
    }

    @Override
    @Transactional
    public boolean report(ObjectEvent event) {
        String provider = event.provider().name();
        boolean installed = event.kind() == ObjectEvent.Kind.INSTALLED;
        Instant now = Times.now(clock);
        WalletCard card = queries.findByObjectForUpdate(provider, event.objectRef())
                .orElseThrow(() -> new NotFound("Wallet object " + event.objectRef() + " of " + provider));
        if (!queries.recordEvent(
                provider, event.eventId(), card, installed ? "INSTALL" : "REMOVE", event.occurredAt(), now)) {
            return false;
        }
        Optional<List<CardEvent>> changes = card.applyProviderEvent(provider, installed, event.occurredAt(), now);
        if (changes.isEmpty()) {
            return false;
        }
        queries.markEventApplied(provider, event.eventId());
        queries.update(card);
        changes.get().forEach(events::publishEvent);
        if (changes.get().stream().anyMatch(CardInstalled.class::isInstance)) {
            // The object may hold content older than the card's current one (a change while it was
            // not installed, or one whose batch passed this card just before it was installed).
            // The check runs as a job after this commits, so it sees every change committed by then.
            propagation.cardChanged(card.organizationId(), card.id(), card.campaignId());
        }
        return true;
    }

    @Override
    @Transactional
    public void deviceRegistration(ProviderName provider, String objectRef, boolean registered, Instant at) {
        queries.findByObjectForUpdate(provider.name(), objectRef)
                .ifPresent(card -> events.publishEvent(new CardDeviceRegistration(
                        card.organizationId(),
                        card.id(),
                        card.recipientId(),
                        card.campaignId(),
                        provider.name(),
                        registered,
                        at)));
    }
}
