package com.walletcards.recipient.web;

import com.walletcards.recipient.NewRecipient;
import com.walletcards.recipient.RecipientPatches;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.shared.Validation;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The rules of one recipient's fields, shared by single add, bulk add (per item) and PATCH. */
final class RecipientInput {

    static final Set<String> FIELDS =
            Set.of("email", "name", "phone", "externalId", "recipientData", "providerTypes", "locale");
    static final int MAX_DATA_JSON_CHARS = RecipientPatches.MAX_DATA_JSON_CHARS;

    private RecipientInput() {}

    static @Nullable NewRecipient validate(
            String prefix,
            @Nullable String email,
            @Nullable String name,
            @Nullable String phone,
            @Nullable String externalId,
            @Nullable Map<String, Object> recipientData,
            @Nullable List<String> providerTypes,
            @Nullable String locale,
            Validation v) {
        String validEmail = v.email(prefix + "email", email, true);
        String validName = v.optionalText(prefix + "name", name, 200);
        String validPhone = v.phone(prefix + "phone", phone);
        String validExternal = v.optionalText(prefix + "externalId", externalId, 200);
        checkData(prefix, recipientData, v);
        List<String> providers = ProviderTypes.validate(prefix + "providerTypes", providerTypes, v);
        Locale language = v.language(prefix + "locale", locale);
        if (v.hasErrors()) {
            return null;
        }
        return new NewRecipient(
                validEmail,
                validName,
                validPhone,
                validExternal,
                recipientData == null ? Map.of() : recipientData,
                providers,
                language);
    }

    static void checkData(String prefix, @Nullable Map<String, ?> data, Validation v) {
        RecipientPatches.checkData(prefix, data, v);
    }
}
