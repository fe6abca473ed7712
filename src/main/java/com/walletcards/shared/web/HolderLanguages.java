package com.walletcards.shared.web;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The languages of the pages holders see (the card page and the pages behind its wallet buttons):
 * the browser's preference decides, never the server's own locale.
 */
public final class HolderLanguages {

    public static final List<Locale> SUPPORTED = List.of(Locale.ENGLISH, Locale.GERMAN);

    private HolderLanguages() {}

    /** English or German, whichever the browser prefers first; English when it names neither. */
    public static Locale of(@Nullable String acceptLanguage) {
        return named(acceptLanguage).orElse(Locale.ENGLISH);
    }

    /** English or German, whichever the browser prefers first; empty when it names neither. */
    public static Optional<Locale> named(@Nullable String acceptLanguage) {
        if (acceptLanguage == null || acceptLanguage.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(Locale.lookup(Locale.LanguageRange.parse(acceptLanguage), SUPPORTED));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }
}
