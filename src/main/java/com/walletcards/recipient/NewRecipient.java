package com.walletcards.recipient;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A validated recipient to add. */
public record NewRecipient(
        String email,
        @Nullable String name,
        @Nullable String phone,
        @Nullable String externalId,
        Map<String, Object> recipientData,
        @Nullable List<String> providerTypes) {}
