package com.walletcards.recipient;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A validated recipient PATCH; {@code *Set} distinguishes an explicit null (clear) from absence. */
public record RecipientChanges(
        boolean nameSet,
        @Nullable String name,
        boolean phoneSet,
        @Nullable String phone,
        boolean externalIdSet,
        @Nullable String externalId,
        @Nullable Map<String, @Nullable Object> recipientData,
        @Nullable List<String> providerTypes) {}
