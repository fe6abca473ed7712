package com.walletcards.recipient;

import java.util.List;
import java.util.Locale;
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
        @Nullable List<String> providerTypes,
        boolean localeSet,
        @Nullable Locale locale) {

    /** Leaves the language as it is. */
    public RecipientChanges(
            boolean nameSet,
            @Nullable String name,
            boolean phoneSet,
            @Nullable String phone,
            boolean externalIdSet,
            @Nullable String externalId,
            @Nullable Map<String, @Nullable Object> recipientData,
            @Nullable List<String> providerTypes) {
        this(nameSet, name, phoneSet, phone, externalIdSet, externalId, recipientData, providerTypes, false, null);
    }

    /** Changes nothing; each {@code with...} sets one field, so no reader counts positions. */
    public static final RecipientChanges NONE = new RecipientChanges(false, null, false, null, false, null, null, null);

    public RecipientChanges withName(@Nullable String name) {
        return new RecipientChanges(
                true,
                name,
                phoneSet,
                phone,
                externalIdSet,
                externalId,
                recipientData,
                providerTypes,
                localeSet,
                locale);
    }

    public RecipientChanges withPhone(@Nullable String phone) {
        return new RecipientChanges(
                nameSet, name, true, phone, externalIdSet, externalId, recipientData, providerTypes, localeSet, locale);
    }

    public RecipientChanges withExternalId(@Nullable String externalId) {
        return new RecipientChanges(
                nameSet, name, phoneSet, phone, true, externalId, recipientData, providerTypes, localeSet, locale);
    }

    /** Merged into the recipient's data as a JSON merge patch. */
    public RecipientChanges withRecipientData(Map<String, @Nullable Object> recipientData) {
        return new RecipientChanges(
                nameSet,
                name,
                phoneSet,
                phone,
                externalIdSet,
                externalId,
                recipientData,
                providerTypes,
                localeSet,
                locale);
    }

    public RecipientChanges withProviderTypes(List<String> providerTypes) {
        return new RecipientChanges(
                nameSet,
                name,
                phoneSet,
                phone,
                externalIdSet,
                externalId,
                recipientData,
                providerTypes,
                localeSet,
                locale);
    }

    /** null: the organization's language again. */
    public RecipientChanges withLocale(@Nullable Locale locale) {
        return new RecipientChanges(
                nameSet, name, phoneSet, phone, externalIdSet, externalId, recipientData, providerTypes, true, locale);
    }
}
