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
        @Nullable List<String> providerTypes) {

    /** Changes nothing; each {@code with...} sets one field, so no reader counts positions. */
    public static final RecipientChanges NONE = new RecipientChanges(false, null, false, null, false, null, null, null);

    public RecipientChanges withName(@Nullable String name) {
        return new RecipientChanges(
                true, name, phoneSet, phone, externalIdSet, externalId, recipientData, providerTypes);
    }

    public RecipientChanges withPhone(@Nullable String phone) {
        return new RecipientChanges(
                nameSet, name, true, phone, externalIdSet, externalId, recipientData, providerTypes);
    }

    public RecipientChanges withExternalId(@Nullable String externalId) {
        return new RecipientChanges(nameSet, name, phoneSet, phone, true, externalId, recipientData, providerTypes);
    }

    /** Merged into the recipient's data as a JSON merge patch. */
    public RecipientChanges withRecipientData(Map<String, @Nullable Object> recipientData) {
        return new RecipientChanges(
                nameSet, name, phoneSet, phone, externalIdSet, externalId, recipientData, providerTypes);
    }

    public RecipientChanges withProviderTypes(List<String> providerTypes) {
        return new RecipientChanges(
                nameSet, name, phoneSet, phone, externalIdSet, externalId, recipientData, providerTypes);
    }
}
