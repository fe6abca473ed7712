package com.walletcards.provider;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * {@code X-Wallet-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">}. The
 * timestamp bounds replays to the tolerance window; the event id makes replays inside it harmless.
 */
final class CallbackSignature {

    private CallbackSignature() {}

    static boolean valid(@Nullable String header, byte[] body, String secret, Instant now, Duration tolerance) {
        if (header == null) {
            return false;
        }
        String t = null;
        String v1 = null;
        for (String part : header.split(",")) {
            String[] kv = part.trim().split("=", 2);
            if (kv.length == 2 && kv[0].equals("t")) {
                t = kv[1];
            } else if (kv.length == 2 && kv[0].equals("v1") && v1 == null) {
                v1 = kv[1];
            }
        }
        if (t == null || v1 == null) {
            return false;
        }
        long seconds;
        try {
            seconds = Long.parseLong(t);
        } catch (NumberFormatException e) {
            return false;
        }
        if (Math.abs(now.getEpochSecond() - seconds) > tolerance.toSeconds()) {
            return false;
        }
        byte[] expected = hmac(secret, (t + ".").getBytes(StandardCharsets.UTF_8), body);
        byte[] presented;
        try {
            presented = HexFormat.of().parseHex(v1);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(expected, presented);
    }

    static String sign(String secret, long t, byte[] body) {
        return "t=" + t + ",v1="
                + HexFormat.of().formatHex(hmac(secret, (t + ".").getBytes(StandardCharsets.UTF_8), body));
    }

    private static byte[] hmac(String secret, byte[] prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update(prefix);
            return mac.doFinal(body);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
