package com.walletcards.card.spi;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The part of a card that belongs to its holder: name, the recipient's own data (overriding the
 * campaign's key by key) and the barcode value. {@code version} grows with every change of the
 * recipient.
 *
 * @param barcodeValue the value the card's barcode encodes; before the card exists, the
 *     recipient's custom value when the campaign asks for one, else null
 */
public record HolderContent(
        String recipientId,
        @Nullable String name,
        String email,
        Map<String, Object> data,
        @Nullable String barcodeValue,
        long version) {

    public HolderContent {
        data = Map.copyOf(data);
    }

    public HolderContent withBarcodeValue(String value) {
        return new HolderContent(recipientId, name, email, data, value, version);
    }
}
