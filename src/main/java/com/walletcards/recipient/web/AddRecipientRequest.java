package com.walletcards.recipient.web;

import com.walletcards.recipient.NewRecipient;
import com.walletcards.shared.Validation;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/campaigns/{id}/recipients}. */
record AddRecipientRequest(
        @Nullable String email,
        @Nullable String name,
        @Nullable String phone,
        @Nullable String externalId,
        @Nullable Map<String, Object> recipientData,
        @Nullable List<String> providerTypes) {

    NewRecipient validated() {
        Validation v = new Validation();
        NewRecipient r = RecipientInput.validate("", email, name, phone, externalId, recipientData, providerTypes, v);
        v.throwIfInvalid();
        return r;
    }
}
