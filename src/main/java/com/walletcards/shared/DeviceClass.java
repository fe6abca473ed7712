package com.walletcards.shared;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The class of device a holder's request came from, as far as its User-Agent tells: all that is
 * kept of a User-Agent in a card's journey (never the header itself, never an address).
 */
public enum DeviceClass {
    ios,
    android,
    other;

    public static DeviceClass of(@Nullable String userAgent) {
        if (userAgent == null) {
            return other;
        }
        String ua = userAgent.toLowerCase(Locale.ROOT);
        if (ua.contains("iphone") || ua.contains("ipad") || ua.contains("ipod")) {
            return ios;
        }
        if (ua.contains("android")) {
            return android;
        }
        return other;
    }
}
