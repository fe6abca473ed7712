package com.walletcards.holder;

import com.walletcards.shared.DeviceClass;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** The kind of device a page is shown on, as far as its User-Agent tells. */
public enum Device {
    IOS,
    ANDROID,
    DESKTOP;

    public static Device of(@Nullable String userAgent) {
        if (userAgent == null) {
            return DESKTOP;
        }
        String ua = userAgent.toLowerCase(Locale.ROOT);
        if (ua.contains("iphone") || ua.contains("ipad") || ua.contains("ipod")) {
            return IOS;
        }
        if (ua.contains("android")) {
            return ANDROID;
        }
        return DESKTOP;
    }

    /** The class kept in a card's journey. */
    DeviceClass deviceClass() {
        return this == IOS ? DeviceClass.ios : this == ANDROID ? DeviceClass.android : DeviceClass.other;
    }

    boolean phone() {
        return this != DESKTOP;
    }
}
