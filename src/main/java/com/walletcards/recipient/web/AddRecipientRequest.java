package com.walletcards.recipient.web;

import com.walletcards.recipient.NewRecipient;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.ApiSchemas;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/campaigns/{id}/recipients}. */
@Schema(name = "NewRecipient")
record AddRecipientRequest(
        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                format = "email",
                maxLength = 254,
                description = "Unique (case-insensitively) among the campaign's recipients that are not"
                        + " deleted; cannot change later",
                example = "ada@example.com")
        @Nullable
        String email,

        @Schema(maxLength = 200, example = "Ada Lovelace") @Nullable
        String name,

        @Schema(pattern = "^\\+[1-9][0-9]{7,14}$", description = "E.164", example = "+4915112345678") @Nullable
        String phone,

        @Schema(maxLength = 200, description = "Your own id of this person", example = "crm-7") @Nullable
        String externalId,

        @Schema(implementation = RecipientDataDocument.class) @Nullable
        Map<String, Object> recipientData,

        @ArraySchema(
                schema = @Schema(ref = ApiSchemas.PROVIDER_TYPE),
                minItems = 1,
                uniqueItems = true,
                arraySchema = @Schema(description = "Overrides the campaign's providerTypes for this card"))
        @Nullable
        List<String> providerTypes,

        @Schema(
                allowableValues = {"en", "de"},
                description = "The language of the invite email and, before the browser's own preference, of"
                        + " the card pages; without it, the organization's defaultLocale")
        @Nullable
        String locale) {

    NewRecipient validated() {
        Validation v = new Validation();
        NewRecipient r =
                RecipientInput.validate("", email, name, phone, externalId, recipientData, providerTypes, locale, v);
        v.throwIfInvalid();
        return r;
    }
}
