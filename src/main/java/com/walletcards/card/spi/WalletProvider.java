package com.walletcards.card.spi;

import java.util.List;
import org.jspecify.annotations.Nullable;

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

    /**
     * Shows one message on many objects. Returns, per object in the same order, {@code null} when
     * delivered or why not. Providers with a batch API override this; the default sends one by one.
     */
    default List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
        List<@Nullable String> outcomes = new java.util.ArrayList<>(objects.size());
        for (ProviderObjectRef object : objects) {
            try {
                deliverMessage(object, message);
                outcomes.add(null);
            } catch (ProviderFailure failure) {
                outcomes.add(failure.getMessage() == null ? "provider failure" : failure.getMessage());
            }
        }
        return outcomes;
    }

    /** Where the "add to wallet" action of the card page leads for this provider. */
    String addToWalletPath(String downloadCode);

    record NewObject(String walletCardId, CardContent content) {}

    record ObjectUpdate(ProviderObjectRef object, CardContent content) {}
}
