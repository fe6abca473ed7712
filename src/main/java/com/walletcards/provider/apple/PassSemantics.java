package com.walletcards.provider.apple;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardVenue;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An event ticket's {@code semantics} (Apple's SemanticTags): what the wallet, Maps and the
 * system's event guide read as data rather than as text on the pass. Only values the service
 * knows are written; a key with no value is left out rather than sent empty.
 */
final class PassSemantics {

    private PassSemantics() {}

    /** Empty for every style but event tickets, which are what the semantic event tags describe. */
    static Optional<Map<String, Object>> of(CardContent content, PassFields.When when, ZoneId zone) {
        if (!content.campaignType().equals("event")) {
            return Optional.empty();
        }
        Map<String, Object> tags = new LinkedHashMap<>();
        tags.put("eventType", "PKEventTypeGeneric");
        tags.put("eventName", content.campaignName());
        CardVenue venue = content.venueDetails();
        if (venue != null) {
            tags.put("venueName", venue.name());
            if (venue.hasCoordinates()) {
                tags.put("venueLocation", PassJson.location(venue));
            }
        }
        if (when.starts() != null) {
            tags.put("eventStartDate", PassJson.w3c(when.starts(), zone));
        }
        if (when.ends() != null) {
            tags.put("eventEndDate", PassJson.w3c(when.ends(), zone));
        }
        if (when.doors() != null) {
            tags.put("venueDoorsOpenDate", PassJson.w3c(when.doors(), zone));
        }
        if (content.recipientName() != null) {
            tags.put("attendeeName", content.recipientName());
        }
        Map<String, String> data = frontData(content);
        if (data.containsKey("gate")) {
            tags.put("venueEntrance", data.get("gate"));
        }
        Map<String, Object> seat = new LinkedHashMap<>();
        putIfPresent(seat, "seatSection", data.get("section"));
        putIfPresent(seat, "seatRow", data.get("row"));
        putIfPresent(seat, "seatNumber", data.get("seat"));
        if (!seat.isEmpty()) {
            tags.put("seats", List.of(seat));
        }
        String level = data.getOrDefault("tier", data.get("category"));
        if (level != null) {
            tags.put("admissionLevel", level);
        }
        return Optional.of(tags);
    }

    /** The holder's known front keys with their text values, as the fields show them. */
    private static Map<String, String> frontData(CardContent content) {
        Map<String, String> values = new LinkedHashMap<>();
        new java.util.TreeMap<>(content.holder().data()).forEach((key, value) -> {
            if (value instanceof String || value instanceof Number || value instanceof Boolean) {
                String text = String.valueOf(value);
                PassFields.known(key).ifPresent(k -> {
                    if (!text.isBlank()) {
                        values.putIfAbsent(k.key(), text);
                    }
                });
            }
        });
        return values;
    }

    private static void putIfPresent(Map<String, Object> map, String key, String value) {
        if (value != null) {
            map.put(key, value);
        }
    }
}
