package com.walletcards.card.spi;

import java.util.List;

/**
 * One wallet provider ({@code alpha}, {@code beta}, {@code eudiw}). Methods take batches where
 * the service works in batches. A failure throws {@link ProviderFailure}.
 */
public interface WalletProvider {

    /** {@code alpha}, {@code beta} or {@code eudiw}. */
    String name();

    /** Creates the provider-side object of each card; returns the object references in the same order. */
    List<String> createObjects(List<NewObject> cards);

    /** Pushes new content to installed objects. */
    void updateObjects(List<ObjectUpdate> updates);

    /** Invalidates an object: the wallet shows the card as void. */
    void voidObject(ProviderObjectRef object);

    /** Shows a message on the lock screen, linked to the card. */
    void deliverMessage(ProviderObjectRef object, PushMessage message);

    /** Where the "add to wallet" action of the card page leads for this provider. */
    String addToWalletPath(String downloadCode);

    record NewObject(String walletCardId, CardContent content) {}

    record ObjectUpdate(ProviderObjectRef object, CardContent content) {}
}
