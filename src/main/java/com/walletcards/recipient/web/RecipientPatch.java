package com.walletcards.recipient.web;

import com.walletcards.recipient.RecipientChanges;
import com.walletcards.shared.PatchDocument;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.ApiSchemas;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Reads a recipient PATCH; {@code email} is immutable. */
final class RecipientPatch {

    private static final Set<String> FIELDS =
            Set.of("email", "name", "phone", "externalId", "recipientData", "providerTypes", "locale");

    private RecipientPatch() {}

    /** The documented shape of the PATCH body (all optional; recipientData is merged key by key). */
    @Schema(
            description =
                    "Only the fields present change; email cannot change (delete the recipient and add"
                            + " the new address instead). null clears name, phone, externalId and locale (the organization's language again).")
    record PatchRecipientRequest(
            @Schema(
                    maxLength = 200,
                    types = {"string", "null"},
                    example = "Ada King")
            @Nullable
            String name,

            @Schema(
                    pattern = "^\\+[1-9][0-9]{7,14}$",
                    types = {"string", "null"},
                    description = "E.164")
            @Nullable
            String phone,

            @Schema(
                    maxLength = 200,
                    types = {"string", "null"})
            @Nullable
            String externalId,

            @Schema(implementation = RecipientDataDocument.class) @Nullable
            Map<String, Object> recipientData,

            @ArraySchema(schema = @Schema(ref = ApiSchemas.PROVIDER_TYPE), minItems = 1, uniqueItems = true) @Nullable
            List<String> providerTypes,

            @Schema(
                    pattern = "^(en|de)$",
                    types = {"string", "null"},
                    description = "en or de: the language of the invite email and, before the browser's own"
                            + " preference, of the card pages; null: the organization's defaultLocale")
            @Nullable
            String locale) {}

    static RecipientChanges read(@Nullable Map<String, @Nullable Object> body) {
        PatchDocument doc = PatchDocument.of(body, FIELDS);
        Validation v = new Validation();
        if (doc.has("email")) {
            v.reject("email", "cannot be changed; delete the recipient and add the new address instead");
        }
        String name = v.optionalText("name", doc.string("name"), 200);
        String phone = v.phone("phone", doc.string("phone"));
        String externalId = v.optionalText("externalId", doc.string("externalId"), 200);
        Map<String, @Nullable Object> data = doc.object("recipientData");
        RecipientInput.checkData("", data, v);
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
}
