package com.walletcards.provider;

import com.walletcards.card.ProviderEventsIntake;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.Validation;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Verifies and applies provider callbacks: signature first (a bad one changes nothing and tells
 * nothing), then the event, applied once per event id.
 */
@Service
public class ProviderCallbacks {

    private static final Set<String> INSTALL = Set.of("SAVE", "INSTALL");
    private static final Set<String> REMOVE = Set.of("DELETE", "UNINSTALL");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final ProviderEventsIntake providerEvents;
    private final CallbackProperties properties;
    private final Clock clock;

    ProviderCallbacks(ProviderEventsIntake providerEvents, CallbackProperties properties, Clock clock) {
        this.providerEvents = providerEvents;
        this.properties = properties;
        this.clock = clock;
    }

    public boolean receive(String provider, @Nullable String signature, byte[] body) {
        if (!providerEvents.providerExists(provider)) {
            throw new NotFound("Provider " + provider);
        }
        // Without a secret nothing could ever pass; saying so beats a 401 that reads like a bad signature.
        String secret = properties
                .secret(provider)
                .orElseThrow(() -> new ApiException(
                        ErrorCode.NOT_FOUND,
                        "Callbacks for provider " + provider + " are not enabled: no callback secret is configured"));
        if (!CallbackSignature.valid(signature, body, secret, clock.instant(), properties.signatureTolerance())) {
            throw new ApiException(ErrorCode.UNAUTHORIZED, "Missing, invalid or expired X-Wallet-Signature");
        }
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (JacksonException e) {
            throw new ApiException(ErrorCode.INVALID_JSON, "The callback body is not valid JSON");
        }
        Validation v = new Validation();
        String eventId = v.requiredText("eventId", text(json, "eventId"), 100);
        String event = v.requiredText("event", text(json, "event"), 20);
        String cardId = v.requiredText("walletCardId", text(json, "walletCardId"), 100);
        if (event != null && !INSTALL.contains(event) && !REMOVE.contains(event)) {
            v.reject("event", "must be one of SAVE, INSTALL, DELETE, UNINSTALL");
        }
        Instant occurredAt = clock.instant();
        String occurred = text(json, "occurredAt");
        if (occurred != null) {
            try {
                occurredAt = java.time.OffsetDateTime.parse(occurred).toInstant();
            } catch (DateTimeParseException e) {
                v.reject("occurredAt", "must be an ISO 8601 date-time with offset");
            }
        }
        v.throwIfInvalid();
        return providerEvents.apply(provider, cardId, eventId, INSTALL.contains(event), occurredAt);
    }

    private static @Nullable String text(JsonNode json, String field) {
        JsonNode node = json == null ? null : json.get(field);
        return node != null && node.isString() ? node.asString() : null;
    }
}
