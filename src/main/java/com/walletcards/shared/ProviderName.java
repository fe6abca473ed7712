package com.walletcards.shared;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The wallet providers the service knows, in one place: the API's provider names, the
 * configuration prefix of each ({@code WALLET_PROVIDER_<NAME>_...}) and the wallet's own name
 * that holders recognise.
 */
public enum ProviderName {
    alpha("Apple Wallet"),
    beta("Google Wallet"),
    eudiw("EU Digital Identity Wallet");

    private final String walletName;

    ProviderName(String walletName) {
        this.walletName = walletName;
    }

    /** What holders call this wallet: "Add to {walletName}". */
    public String walletName() {
        return walletName;
    }

    /** The environment variable that chooses this provider's implementation. */
    public String modeVariable() {
        return "WALLET_PROVIDER_" + name().toUpperCase(Locale.ROOT) + "_MODE";
    }

    public static Optional<ProviderName> parse(String name) {
        return Arrays.stream(values()).filter(p -> p.name().equals(name)).findFirst();
    }
}
