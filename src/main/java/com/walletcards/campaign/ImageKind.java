package com.walletcards.campaign;

import java.util.Locale;
import java.util.Optional;

/** The images a campaign's cards can carry, named as the wallets name them. */
public enum ImageKind {
    icon,
    logo,
    strip,
    hero;

    public static Optional<ImageKind> parse(String value) {
        for (ImageKind kind : values()) {
            if (kind.name().equals(value.toLowerCase(Locale.ROOT))) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
