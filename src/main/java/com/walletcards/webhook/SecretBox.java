package com.walletcards.webhook;

import com.google.crypto.tink.Aead;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;

/**
 * Encrypts signing secrets for the database with a Tink AEAD. The webhook id is the associated
 * data, so a ciphertext copied onto another subscription's row does not decrypt.
 */
final class SecretBox {

    private final Aead aead;

    public SecretBox(Aead aead) {
        this.aead = aead;
    }

    public String seal(SigningSecret secret, String webhookId) {
        try {
            byte[] sealed = aead.encrypt(secret.value().getBytes(StandardCharsets.UTF_8), associatedData(webhookId));
            return Base64.getEncoder().encodeToString(sealed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Could not encrypt a webhook secret", e);
        }
    }

    public SigningSecret open(String sealed, String webhookId) {
        try {
            byte[] plain = aead.decrypt(Base64.getDecoder().decode(sealed), associatedData(webhookId));
            return new SigningSecret(new String(plain, StandardCharsets.UTF_8));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new SecretUnreadable(webhookId);
        }
    }

    private static byte[] associatedData(String webhookId) {
        return ("webhook-secret:" + webhookId).getBytes(StandardCharsets.UTF_8);
    }

    /** The key that encrypted the secret is not in this instance's keyset. */
    static final class SecretUnreadable extends RuntimeException {
        SecretUnreadable(String webhookId) {
            super("The signing secret of webhook " + webhookId + " cannot be decrypted with the configured key;"
                    + " every instance needs the same WALLET_WEBHOOK_SECRET_KEY");
        }
    }
}
