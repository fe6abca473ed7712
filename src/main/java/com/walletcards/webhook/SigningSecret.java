package com.walletcards.webhook;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * A subscription's signing secret in the Standard Webhooks form: {@code whsec_} followed by the
 * base64 of 24 random bytes. The HMAC key is the decoded bytes, not the text.
 */
public record SigningSecret(String value) {

    public static final String PREFIX = "whsec_";
    private static final int BYTES = 24;
    private static final SecureRandom RANDOM = new SecureRandom();

    public SigningSecret {
        if (!value.startsWith(PREFIX)) {
            throw new IllegalArgumentException("A signing secret starts with " + PREFIX);
        }
    }

    public static SigningSecret generate() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return new SigningSecret(PREFIX + Base64.getEncoder().encodeToString(bytes));
    }

    byte[] key() {
        return Base64.getDecoder().decode(value.substring(PREFIX.length()));
    }

    /** Never prints the secret, so that it cannot end up in a log by accident. */
    @Override
    public String toString() {
        return PREFIX + "…";
    }
}
