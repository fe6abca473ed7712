package com.walletcards.provider.openid4vci;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Stateless {@code c_nonce} values: AES-GCM encryptions of their issue time, so any instance can
 * check a nonce without a table, and a wallet can neither forge one nor stretch its window.
 */
final class Nonces {

    private static final byte[] AAD = "openid4vci c_nonce v1".getBytes(StandardCharsets.US_ASCII);
    private static final int IV_BYTES = 12;

    private final SecretKey key;
    private final Duration lifetime;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    Nonces(byte[] secret, Duration lifetime, Clock clock) {
        this.key = new SecretKeySpec(secret, 0, 16, "AES");
        this.lifetime = lifetime;
        this.clock = clock;
    }

    Duration lifetime() {
        return lifetime;
    }

    String issue() {
        try {
            byte[] iv = new byte[IV_BYTES];
            random.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
            cipher.updateAAD(AAD);
            byte[] sealed = cipher.doFinal(
                    ByteBuffer.allocate(8).putLong(clock.millis()).array());
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(ByteBuffer.allocate(IV_BYTES + sealed.length)
                            .put(iv)
                            .put(sealed)
                            .array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the nonce was issued here, within its lifetime (and not in the future). */
    boolean valid(String nonce) {
        if (nonce.length() > 200) {
            return false;
        }
        try {
            byte[] raw = Base64.getUrlDecoder().decode(nonce);
            if (raw.length <= IV_BYTES) {
                return false;
            }
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, raw, 0, IV_BYTES));
            cipher.updateAAD(AAD);
            byte[] plain = cipher.doFinal(raw, IV_BYTES, raw.length - IV_BYTES);
            if (plain.length != 8) {
                return false;
            }
            Instant issued = Instant.ofEpochMilli(ByteBuffer.wrap(plain).getLong());
            Instant now = clock.instant();
            return !issued.isAfter(now.plusSeconds(5)) && issued.plus(lifetime).isAfter(now);
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            return false;
        }
    }
}
