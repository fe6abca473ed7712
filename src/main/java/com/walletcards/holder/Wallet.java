package com.walletcards.holder;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The wallets behind the providers, named as their makers name them: a holder looks for "Apple
 * Wallet", never for a provider code. The order is the one a holder on that device expects: the
 * device's own wallet first.
 */
enum Wallet {
    APPLE("alpha", "wallet.apple"),
    GOOGLE("beta", "wallet.google"),
    EU("eudiw", "wallet.eu");

    private final String provider;
    private final String messageKey;

    Wallet(String provider, String messageKey) {
        this.provider = provider;
        this.messageKey = messageKey;
    }

    String provider() {
        return provider;
    }

    /** The message key of the action's wording, such as "Add to Apple Wallet". */
    String messageKey() {
        return messageKey;
    }

    static Optional<Wallet> of(String provider) {
        return Arrays.stream(values()).filter(w -> w.provider.equals(provider)).findFirst();
    }

    static List<Wallet> ordered(List<String> providers, Device device) {
        return providers.stream()
                .map(Wallet::of)
                .flatMap(Optional::stream)
                .sorted(Comparator.comparingInt(w -> w.rank(device)))
                .toList();
    }

    private int rank(Device device) {
        if (device == Device.ANDROID && this == GOOGLE) {
            return -1;
        }
        return ordinal();
    }
}
