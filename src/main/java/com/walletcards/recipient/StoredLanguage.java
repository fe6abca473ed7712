package com.walletcards.recipient;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** A recipient's language as its column holds it: the language code ({@code en}, {@code de}) or NULL. */
final class StoredLanguage {

    private StoredLanguage() {}

    static @Nullable String of(@Nullable Locale locale) {
        return locale == null ? null : locale.getLanguage();
    }

    static @Nullable Locale read(@Nullable String language) {
        return language == null ? null : Locale.forLanguageTag(language);
    }
}
