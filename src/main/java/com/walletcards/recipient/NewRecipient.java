package com.walletcards.recipient;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A validated recipient to add.
 *
 * @param locale the language of its invite email and card pages; null: its organization's
 */
public record NewRecipient(
        String email,
        @Nullable String name,
        @Nullable String phone,
        @Nullable String externalId,
        Map<String, Object> recipientData,
        @Nullable List<String> providerTypes,
        @Nullable Locale locale) {

    /** A recipient in its organization's language. */
    public NewRecipient(
            String email,
            @Nullable String name,
            @Nullable String phone,
            @Nullable String externalId,
            Map<String, Object> recipientData,
            @Nullable List<String> providerTypes) {
        this(email, name, phone, externalId, recipientData, providerTypes, null);
    }
}
