package com.walletcards.card;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A card's object at one provider and what the provider last told us about it. */
public record ProviderObject(
        String provider,
        String objectRef,
        boolean installed,
        boolean everInstalled,
        boolean voided,
        @Nullable Instant lastEventAt,
        long contentVersion,
        @Nullable String lastError,
        Instant updatedAt) {

    /**
     * The object of a new card whose reference is allocated before the provider is called: never
     * installed, not void, and nothing heard from the provider yet.
     */
    static ProviderObject allocated(String provider, String objectRef, long contentVersion, Instant now) {
        return new ProviderObject(provider, objectRef, false, false, false, null, contentVersion, null, now);
    }

    /** What the provider object's state is called in the API. */
    public String status() {
        if (voided) {
            return "revoked";
        }
        if (installed) {
            return "installed";
        }
        return everInstalled ? "removed" : "created";
    }

    ProviderObject withEvent(boolean nowInstalled, Instant occurredAt, Instant now) {
        return new ProviderObject(
                provider,
                objectRef,
                nowInstalled,
                everInstalled || nowInstalled,
                voided,
                occurredAt,
                contentVersion,
                lastError,
                now);
    }

    ProviderObject voided(Instant now) {
        return new ProviderObject(
                provider, objectRef, installed, everInstalled, true, lastEventAt, contentVersion, lastError, now);
    }
}
