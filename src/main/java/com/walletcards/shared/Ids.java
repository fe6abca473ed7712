package com.walletcards.shared;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;

/**
 * Time-ordered opaque identifiers: a short type prefix and a UUIDv7 in lower-case hex.
 *
 * <p>Within one millisecond a 12-bit counter keeps ids strictly increasing, so creation order is
 * id order even for rows created in one batch; string order equals time order because the hex
 * form is fixed-length.
 */
public final class Ids {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Clock CLOCK = Clock.systemUTC();
    private static long lastMillis;
    private static int sequence;

    private Ids() {}

    public static String newId(String prefix) {
        return prefix + "_" + uuidV7Hex();
    }

    static String uuidV7Hex() {
        long millis;
        int seq;
        synchronized (Ids.class) {
            long now = CLOCK.millis();
            if (now > lastMillis) {
                lastMillis = now;
                sequence = RANDOM.nextInt(1 << 10); // leave headroom before the counter overflows
            } else if (++sequence >= (1 << 12)) {
                lastMillis++;
                sequence = 0;
            }
            millis = lastMillis;
            seq = sequence;
        }
        long high = (millis << 16) | (0x7L << 12) | seq;
        long low = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        HexFormat hex = HexFormat.of();
        return hex.toHexDigits(high) + hex.toHexDigits(low);
    }
}
