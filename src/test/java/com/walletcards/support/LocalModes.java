package com.walletcards.support;

import com.walletcards.shared.ProviderName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tests run every provider in its {@code local} mode unless they test a real protocol: the service's
 * defaults are the real protocols (contract §11), which would write a pass certificate chain and an
 * issuer key into the data directory and answer "add to wallet" as the real wallets expect.
 * {@link DatabaseTest} and {@link ModuleDatabaseTest} name the same settings themselves.
 */
public final class LocalModes {

    private LocalModes() {}

    /** {@code wallet.providers.settings.<name>.mode=local} for every provider. */
    public static Map<String, String> properties() {
        Map<String, String> properties = new LinkedHashMap<>();
        for (ProviderName name : ProviderName.values()) {
            properties.put("wallet.providers.settings." + name + ".mode", "local");
        }
        return properties;
    }

    /** The same as command-line arguments, for a test that starts the application itself. */
    public static List<String> arguments() {
        return properties().entrySet().stream()
                .map(e -> "--" + e.getKey() + "=" + e.getValue())
                .toList();
    }
}
