package com.walletcards.recipient.web;

import com.walletcards.recipient.RecipientChanges;
import com.walletcards.recipient.RecipientPatches;
import com.walletcards.shared.web.ApiSchemas;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reads a recipient PATCH; {@code email} is immutable. */
final class RecipientPatch {

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
        return RecipientPatches.read(body);
    }
}
