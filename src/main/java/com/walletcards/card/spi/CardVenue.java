package com.walletcards.card.spi;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Where the event of a card takes place (contract §12), for every provider that has such a notion:
 * {@code venue} of the card's data, or, without one, the {@code location} text as the name.
 * Latitude and longitude are degrees and come together or not at all.
 */
public record CardVenue(
        String name,
        @Nullable String address,
        @Nullable Double latitude,
        @Nullable Double longitude) {

    public CardVenue {
        if ((latitude == null) != (longitude == null)) {
            latitude = null;
            longitude = null;
        }
    }

    public boolean hasCoordinates() {
        return latitude != null && longitude != null;
    }

    /**
     * Reads the venue from a card's data as stored. The API validates it on the way in; values
     * written before that, or of the wrong type, are read as absent rather than trusted.
     */
    public static @Nullable CardVenue of(Map<String, Object> data) {
        if (data.get("venue") instanceof Map<?, ?> venue
                && venue.get("name") instanceof String name
                && !name.isBlank()) {
            Double latitude = coordinate(venue.get("latitude"), 90);
            Double longitude = coordinate(venue.get("longitude"), 180);
            String address = venue.get("address") instanceof String a && !a.isBlank() ? a : null;
            return new CardVenue(name, address, latitude, longitude);
        }
        return data.get("location") instanceof String location && !location.isBlank()
                ? new CardVenue(location, null, null, null)
                : null;
    }

    private static @Nullable Double coordinate(@Nullable Object value, int limit) {
        return value instanceof Number n && Math.abs(n.doubleValue()) <= limit ? n.doubleValue() : null;
    }
}
