package com.walletcards.provider.google;

import com.google.crypto.tink.apps.paymentmethodtoken.PaymentMethodTokenSender;
import com.google.crypto.tink.apps.paymentmethodtoken.SenderIntermediateCertFactory;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * Produces callbacks as Google Wallet sends them, with Tink's own sender: a "Google" root signing
 * key (published as the keys JSON the fake serves), an intermediate key it signs, and the message
 * signed with the intermediate key for one recipient (the issuer id), {@code ECv2SigningOnly}.
 */
final class GoogleCallbackSender {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final KeyPair root;
    private final KeyPair intermediate;
    private final String recipientId;

    GoogleCallbackSender(String recipientId) {
        this(ecKey(), recipientId);
    }

    private GoogleCallbackSender(KeyPair root, String recipientId) {
        this.root = root;
        this.intermediate = ecKey();
        this.recipientId = recipientId;
    }

    /** The same Google keys, signing for another recipient (another issuer). */
    GoogleCallbackSender forRecipient(String otherRecipient) {
        return new GoogleCallbackSender(root, otherRecipient);
    }

    /** What {@code https://pay.google.com/gp/m/issuer/keys} serves: the root's public key. */
    String keysJson() {
        return JSON.writeValueAsString(Map.of(
                "keys",
                List.of(Map.of(
                        "keyValue", base64(root.getPublic().getEncoded()),
                        "protocolVersion", GoogleCallbacks.PROTOCOL,
                        "keyExpiration",
                                String.valueOf(Instant.now().plusSeconds(86_400).toEpochMilli())))));
    }

    String callback(String classId, String objectId, String eventType, String nonce, Instant expires) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("classId", classId);
        message.put("objectId", objectId);
        message.put("expTimeMillis", expires.toEpochMilli());
        message.put("eventType", eventType);
        message.put("nonce", nonce);
        try {
            String intermediateCert = new SenderIntermediateCertFactory.Builder()
                    .protocolVersion(GoogleCallbacks.PROTOCOL)
                    .senderId("GooglePayPasses")
                    .addSenderSigningKey(base64(root.getPrivate().getEncoded()))
                    .senderIntermediateSigningKey(
                            base64(intermediate.getPublic().getEncoded()))
                    .expiration(Instant.now().plusSeconds(3_600).toEpochMilli())
                    .build()
                    .create();
            return new PaymentMethodTokenSender.Builder()
                    .protocolVersion(GoogleCallbacks.PROTOCOL)
                    .senderId("GooglePayPasses")
                    .recipientId(recipientId)
                    .senderIntermediateSigningKey(
                            base64(intermediate.getPrivate().getEncoded()))
                    .senderIntermediateCert(intermediateCert)
                    .build()
                    .seal(JSON.writeValueAsString(message));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static KeyPair ecKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }
}
