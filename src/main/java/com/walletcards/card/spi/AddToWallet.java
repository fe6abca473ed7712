package com.walletcards.card.spi;

import java.net.URI;

/** What a holder's "add to wallet" action gets, in the form the provider's protocol needs. */
public sealed interface AddToWallet {

    /** A file the wallet opens on download, such as a signed {@code .pkpass}. */
    record Download(String contentType, String fileName, byte[] content) implements AddToWallet {}

    /** The wallet's own page, such as Google's save link. */
    record Redirect(URI location) implements AddToWallet {}

    /**
     * An offer to show: {@code offerUri} as a QR code for a wallet on another device, and
     * {@code sameDeviceLink} for a wallet on this one (OpenID4VCI credential offers).
     */
    record Offer(String offerUri, String sameDeviceLink) implements AddToWallet {}

    /**
     * No wallet app at all: the provider is a demonstration wallet inside this service (its
     * {@code local} mode). The holder's page says so and lets the holder add the card to it and
     * remove it, each reported as the provider's own install or removal.
     */
    record DemoWallet() implements AddToWallet {}
}
