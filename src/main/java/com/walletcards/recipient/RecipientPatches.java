package com.walletcards.recipient;

import com.walletcards.shared.Json;
import com.walletcards.shared.PatchDocument;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.shared.Validation;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads and validates a recipient PATCH document (the API's body, the console's edit form as the
 * same document), so that both check a change alike. {@code email} is immutable.
 */
public final class RecipientPatches {

    /** The longest {@code recipientData} as JSON. */
    public static final int MAX_DATA_JSON_CHARS = 16_384;

    private static final Set<String> FIELDS =
            Set.of("email", "name", "phone", "externalId", "recipientData", "providerTypes", "locale");

    private RecipientPatches() {}

    /** The changes of a PATCH document; invalid fields are a {@code ValidationFailed}. */
    public static RecipientChanges read(@Nullable Map<String, @Nullable Object> body) {
        PatchDocument doc = PatchDocument.of(body, FIELDS);
        Validation v = new Validation();
        if (doc.has("email")) {
            v.reject("email", "cannot be changed; delete the recipient and add the new address instead");
        }
        String name = v.optionalText("name", doc.string("name"), 200);
        String phone = v.phone("phone", doc.string("phone"));
        String externalId = v.optionalText("externalId", doc.string("externalId"), 200);
        Map<String, @Nullable Object> data = doc.object("recipientData");
        checkData("", data, v);
        List<String> providers = null;
        if (doc.has("providerTypes")) {
            List<String> requested = doc.strings("providerTypes");
            if (requested == null) {
                v.reject("providerTypes", "cannot be null");
            }
            providers = ProviderTypes.validate("providerTypes", requested, v);
        }
        Locale locale = v.language("locale", doc.string("locale"));
        v.throwIfInvalid();
        return new RecipientChanges(
                doc.has("name"),
                name,
                doc.has("phone"),
                phone,
                doc.has("externalId"),
                externalId,
                data,
                providers,
                doc.has("locale"),
                locale);
    }

    /** Checks recipient data as every way of adding or changing a recipient does. */
    public static void checkData(String prefix, @Nullable Map<String, ?> data, Validation v) {
        if (data == null) {
            return;
        }
        Object barcode = data.get(Recipient.BARCODE_VALUE);
        if (barcode != null && !(barcode instanceof String)) {
            v.reject(prefix + "recipientData.barcodeValue", "must be a string");
        } else if (barcode instanceof String s) {
            v.optionalText(prefix + "recipientData.barcodeValue", s, 256);
        }
        if (Json.write(data).length() > MAX_DATA_JSON_CHARS) {
            v.reject(prefix + "recipientData", "must be at most " + MAX_DATA_JSON_CHARS + " characters of JSON");
        }
    }
}
