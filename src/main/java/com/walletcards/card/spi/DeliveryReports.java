package com.walletcards.card.spi;

import com.walletcards.shared.ProviderName;

/**
 * The inbound port through which a provider tells the card module that new content reached a
 * holder's device, for protocols whose devices fetch content themselves after a push (Apple) or
 * whenever the holder's wallet asks again (OpenID4VCI). The card module implements it and counts
 * the content versions these facts deliver (docs/update-delivery.md). A report about an object
 * the card module does not know changes nothing.
 */
public interface DeliveryReports {

    /** The device asked which of its objects changed and was told this one. */
    void asked(ProviderName provider, String objectRef, String device);

    /**
     * The object's content was fetched at {@code contentVersion}: every waiting target the device
     * was told about (or the object itself, for a protocol without devices) got it.
     */
    void fetched(ProviderName provider, String objectRef, long contentVersion);

    /** The device no longer holds the object (the push service said it is gone): it is no target. */
    void deviceGone(ProviderName provider, String objectRef, String device);
}
