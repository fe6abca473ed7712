package com.walletcards.card.spi;

import com.walletcards.shared.ProviderName;
import java.time.Instant;

/**
 * The inbound port of every provider: how it tells the card module that one of its objects was
 * installed or removed. The card module implements it; provider adapters and the generic signed
 * callback call it.
 */
public interface ObjectEvents {

    /**
     * Applies the event to the card that owns the object. Returns whether it changed anything: a
     * repeated event id, an event older than the last one applied to the object, or a revoked or
     * deleted card change nothing.
     *
     * @throws com.walletcards.shared.NotFound when the provider has no such object
     */
    boolean report(ObjectEvent event);

    /**
     * A device registered for updates of the object ({@code registered}) or unregistered: Apple
     * Wallet's pass web service, once per device. Changes nothing of the card (its install and
     * removal are {@link #report}ed); the card module publishes it for those who count devices.
     * An unknown object is ignored.
     */
    void deviceRegistration(ProviderName provider, String objectRef, boolean registered, Instant at);
}
