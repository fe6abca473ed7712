package com.walletcards.provider.google;

import com.google.crypto.tink.apps.paymentmethodtoken.PaymentMethodTokenRecipient;
import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.ProviderName;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Google's save and delete callbacks, verified with Tink: the message must be signed
 * ({@code ECv2SigningOnly}) by an intermediate key that Google's published keys signed, for this
 * sender id and this issuer as recipient. Tink does not look inside the message, so the expiry
 * and the issuer prefix of the ids are checked here. The nonce becomes the event id, so a
 * repeated delivery applies once.
 */
final class GoogleCallbacks {

    private static final Logger log = LoggerFactory.getLogger(GoogleCallbacks.class);
    static final String PROTOCOL = "ECv2SigningOnly";

    /** A verified callback: what happened to which object. */
    record Callback(String classId, String objectId, ObjectEvent.Kind kind, String eventId) {}

    private record Keys(String json, Instant fetchedAt) {}

    private final GoogleWalletSettings settings;
    private final String issuerId;
    private final WalletRecords records;
    private final Clock clock;
    private final RestClient http;
    private volatile @Nullable Keys keys;

    GoogleCallbacks(GoogleWalletSettings settings, String issuerId, WalletRecords records, Clock clock) {
        this.settings = settings;
        this.issuerId = issuerId;
        this.records = records;
        this.clock = clock;
        JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(HttpClient.newBuilder()
                .connectTimeout(settings.requestTimeout())
                .build());
        factory.setReadTimeout(settings.requestTimeout());
        this.http = RestClient.builder().requestFactory(factory).build();
    }

    Callback verify(byte[] body) {
        String sealed = new String(body, StandardCharsets.UTF_8);
        String signedMessage;
        try {
            signedMessage = recipient(currentKeys()).unseal(sealed);
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new ApiException(
                    ErrorCode.UNAUTHORIZED, "The callback is not signed by Google Wallet for this issuer");
        }
        JsonNode message;
        try {
            message = GoogleWalletApi.JSON.readTree(signedMessage);
        } catch (JacksonException e) {
            throw new ApiException(ErrorCode.UNAUTHORIZED, "The callback's signed message is not JSON");
        }
        long expires = message.path("expTimeMillis").asLong(0);
        if (expires <= clock.millis()) {
            throw new ApiException(ErrorCode.UNAUTHORIZED, "The callback has expired");
        }
        String classId = message.path("classId").asString("");
        String objectId = message.path("objectId").asString("");
        String prefix = issuerId + ".";
        if (!classId.startsWith(prefix) || !objectId.startsWith(prefix)) {
            throw new ApiException(ErrorCode.UNAUTHORIZED, "The callback is about another issuer's pass");
        }
        String nonce = message.path("nonce").asString("");
        if (nonce.isBlank()) {
            throw new ApiException(ErrorCode.UNAUTHORIZED, "The callback has no nonce");
        }
        ObjectEvent.Kind kind = switch (message.path("eventType").asString("")) {
            case "save" -> ObjectEvent.Kind.INSTALLED;
            case "del" -> ObjectEvent.Kind.REMOVED;
            default -> throw new ApiException(ErrorCode.VALIDATION_FAILED, "eventType must be save or del");
        };
        return new Callback(classId, objectId, kind, eventId(nonce));
    }

    /** After the event is applied: the object's users are known, no reconciliation needed. */
    void applied(Callback callback) {
        records.usersReported(callback.objectId(), callback.kind() == ObjectEvent.Kind.INSTALLED);
    }

    ObjectEvent event(Callback callback) {
        return new ObjectEvent(
                ProviderName.beta, callback.objectId(), callback.eventId(), callback.kind(), clock.instant());
    }

    private PaymentMethodTokenRecipient recipient(String keysJson) throws GeneralSecurityException {
        return new PaymentMethodTokenRecipient.Builder()
                .protocolVersion(PROTOCOL)
                .senderId(settings.callbackSenderId())
                .recipientId(issuerId)
                .senderVerifyingKeys(keysJson)
                .build();
    }

    /** Google's signing keys, fetched from the configured URL and kept for a while. */
    private String currentKeys() {
        Keys cached = keys;
        Instant now = clock.instant();
        if (cached != null
                && cached.fetchedAt().plus(settings.callbackKeysTtl()).isAfter(now)) {
            return cached.json();
        }
        try {
            String json = http.get().uri(settings.callbackKeysUrl()).retrieve().body(String.class);
            if (json == null || json.isBlank()) {
                throw new RestClientException("empty answer");
            }
            keys = new Keys(json, now);
            return json;
        } catch (RestClientException e) {
            if (cached != null) {
                log.warn("Google's callback keys could not be refreshed, using the last ones: {}", e.getMessage());
                return cached.json();
            }
            throw new ApiException(
                    ErrorCode.SERVICE_UNAVAILABLE, "Google's callback signing keys cannot be fetched right now");
        }
    }

    /** The event id: the nonce, hashed when it would not fit the event id column. */
    private static String eventId(String nonce) {
        String id = "google:" + nonce;
        if (id.length() <= 100) {
            return id;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(nonce.getBytes(StandardCharsets.UTF_8));
            return "google:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
