package com.walletcards.card;

import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import java.time.Instant;
import org.springframework.stereotype.Service;

/**
 * The card module's facade for provider callbacks that name cards rather than provider objects (the
 * generic signed callback): it finds the card's object and reports the event as the adapters do.
 */
@Service
public class ProviderEventsIntake {

    private final CardQueries queries;
    private final WalletProviders providers;
    private final ObjectEvents objectEvents;

    ProviderEventsIntake(CardQueries queries, WalletProviders providers, ObjectEvents objectEvents) {
        this.queries = queries;
        this.providers = providers;
        this.objectEvents = objectEvents;
    }

    public boolean providerExists(String name) {
        return providers.exists(name);
    }

    /**
     * Applies a provider's report about the object of {@code provider} on a card, found by the
     * card id (the generic signed callback names cards, not objects). See {@link ObjectEvents#report}.
     */
    public boolean apply(String provider, String cardId, String eventId, boolean installed, Instant occurredAt) {
        ProviderName name = ProviderName.parse(provider).orElseThrow(() -> new NotFound("Provider " + provider));
        if (!queries.exists(cardId)) {
            throw new NotFound("Wallet card");
        }
        String objectRef = queries.objectRef(cardId, provider)
                .orElseThrow(() -> new NotFound("The card has no " + provider + " object; wallet card"));
        return objectEvents.report(new ObjectEvent(
                name,
                objectRef,
                eventId,
                installed ? ObjectEvent.Kind.INSTALLED : ObjectEvent.Kind.REMOVED,
                occurredAt));
    }
}
