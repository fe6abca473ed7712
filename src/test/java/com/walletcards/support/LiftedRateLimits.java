package com.walletcards.support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tests play thousands of holders, wallets and devices from one address, so the per-address
 * limits of the public paths are lifted in every test that starts the application; their own test
 * (PublicRateLimitsTest) sets small ones. {@link DatabaseTest} and {@link ModuleDatabaseTest} name
 * the same settings themselves.
 */
public final class LiftedRateLimits {

    private LiftedRateLimits() {}

    public static Map<String, String> properties() {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String group : List.of("holder", "openid4vci", "callbacks", "apple")) {
            properties.put("wallet.rate-limits." + group + ".per-second", "1000000");
            properties.put("wallet.rate-limits." + group + ".burst", "1000000");
        }
        return properties;
    }
}
