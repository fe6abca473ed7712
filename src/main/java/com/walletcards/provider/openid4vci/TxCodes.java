package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Transaction codes ({@code WALLET_EUDIW_TX_CODE}): six digits sent with the invitation email, a
 * second factor next to the card link that the QR code carries. Stored as an HMAC under a key
 * derived from the issuer key: a plain hash of a million possible codes would be reversible by
 * anyone who reads the table, and a password hash would cost far more than the attempt limit needs.
 */
final class TxCodes {

    static final int LENGTH = 6;

    static final String EMAIL_LINE =
            "Your EU Digital Identity Wallet will ask for a transaction code when it adds the card: ";

    /** How an offer describes the code it asks for (OpenID4VCI 1.0 §4.1.1, {@code tx_code}). */
    record OfferDescription(@JsonProperty("input_mode") String inputMode, int length, String description) {}

    static final OfferDescription OFFER_DESCRIPTION =
            new OfferDescription("numeric", LENGTH, "The 6-digit transaction code from your invitation email");

    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    TxCodes(byte[] secret) {
        this.key = new SecretKeySpec(secret, "HmacSHA256");
    }

    String generate() {
        return String.format("%06d", RANDOM.nextInt(1_000_000));
    }

    String hash(String code) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return HexFormat.of().formatHex(mac.doFinal(code.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the code is the one hashed, compared in constant time. */
    boolean matches(String code, String expectedHash) {
        if (code.length() > 20) {
            return false;
        }
        return MessageDigest.isEqual(
                hash(code).getBytes(StandardCharsets.US_ASCII), expectedHash.getBytes(StandardCharsets.US_ASCII));
    }
}
