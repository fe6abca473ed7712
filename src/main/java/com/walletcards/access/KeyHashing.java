package com.walletcards.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Keys carry 192 random bits, so a single fast SHA-256 is enough to store them safely: there is
 * nothing to brute-force, and authentication stays one indexed lookup per request (ADR 0005).
 */
final class KeyHashing {

    static final String PREFIX = "wk_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private KeyHashing() {}

    static String newSecret() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String hash(String secret) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The first characters of a key, shown in listings so people can tell keys apart. */
    static String displayPrefix(String secret) {
        return secret.substring(0, Math.min(secret.length(), 10));
    }
}
