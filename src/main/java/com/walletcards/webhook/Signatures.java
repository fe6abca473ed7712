package com.walletcards.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures: {@code v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">}.
 * Several secrets (during a rotation) give several signatures separated by spaces; a receiver
 * accepts the message when any of them verifies.
 */
final class Signatures {

    private Signatures() {}

    public static String header(String messageId, long timestamp, byte[] body, List<SigningSecret> secrets) {
        return secrets.stream()
                .map(secret -> "v1," + sign(messageId, timestamp, body, secret))
                .collect(Collectors.joining(" "));
    }

    static String sign(String messageId, long timestamp, byte[] body, SigningSecret secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.key(), "HmacSHA256"));
            mac.update((messageId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
