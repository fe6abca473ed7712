package com.walletcards.webhook;

import com.walletcards.shared.Json;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * An event as subscribers receive it: {@code {id, type, createdAt, data}}. The id is also the
 * {@code webhook-id} header, the same for every attempt, so receivers can drop duplicates.
 */
public record WebhookEvent(String id, String type, Instant createdAt, Map<String, Object> data) {

    public WebhookEvent {
        data = Collections.unmodifiableMap(new TreeMap<>(data)); // sorted keys: stable bytes; nulls allowed
    }

    /** The exact body sent, fixed once so that every attempt signs and sends the same bytes. */
    String payload() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", id);
        body.put("type", type);
        body.put("createdAt", DateTimeFormatter.ISO_INSTANT.format(createdAt));
        body.put("data", data);
        return Json.write(body);
    }
}
