package com.walletcards.campaign;

import com.walletcards.shared.Validation;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Where the campaign's event takes place: {@code campaignData.venue}, or, for campaigns that only
 * have the free text {@code campaignData.location}, that text as the venue's name. Coordinates are
 * both present or both absent, so a map link never points at half a place.
 */
public record Venue(
        String name,
        @Nullable String address,
        @Nullable Double latitude,
        @Nullable Double longitude) {

    static final String KEY = "venue";
    static final String LOCATION = "location";
    static final int MAX_NAME = 200;
    static final int MAX_ADDRESS = 500;
    private static final Set<String> FIELDS = Set.of("name", "address", "latitude", "longitude");

    public Venue {
        if ((latitude == null) != (longitude == null)) {
            throw new IllegalArgumentException("latitude and longitude come together");
        }
    }

    public boolean hasCoordinates() {
        return latitude != null && longitude != null;
    }

    /**
     * The campaign's venue: the structured one when it is readable, else the location text as its
     * name, else none.
     */
    public static Optional<Venue> of(Map<String, Object> campaignData) {
        Venue structured = read(campaignData, new Validation());
        if (structured != null) {
            return Optional.of(structured);
        }
        return campaignData.get(LOCATION) instanceof String location && !location.isBlank()
                ? Optional.of(new Venue(location, null, null, null))
                : Optional.empty();
    }

    /** Reads {@code campaignData.venue}, collecting errors; null when absent or invalid. */
    static @Nullable Venue read(Map<String, Object> campaignData, Validation v) {
        Object raw = campaignData.get(KEY);
        if (raw == null) {
            return null;
        }
        if (!(raw instanceof Map<?, ?> venue)) {
            v.reject("campaignData.venue", "must be an object");
            return null;
        }
        boolean valid = true;
        for (Object key : venue.keySet()) {
            // A misspelt key (lat, lng) would otherwise be dropped silently and the map link missing.
            if (!FIELDS.contains(String.valueOf(key))) {
                v.reject(
                        "campaignData.venue." + key,
                        "is not a venue field; allowed: address, latitude, longitude, name");
                valid = false;
            }
        }
        String name = text(venue, "name", v);
        if (venue.get("name") == null) {
            v.reject("campaignData.venue.name", "is required");
        }
        String address = text(venue, "address", v);
        boolean addressValid = address != null || venue.get("address") == null;
        Double latitude = coordinate(venue, "latitude", 90, v);
        Double longitude = coordinate(venue, "longitude", 180, v);
        boolean coordinatesValid = (latitude != null || venue.get("latitude") == null)
                && (longitude != null || venue.get("longitude") == null);
        if (coordinatesValid && (latitude == null) != (longitude == null)) {
            String missing = latitude == null ? "latitude" : "longitude";
            v.reject("campaignData.venue." + missing, "is required when the other coordinate is set");
            coordinatesValid = false;
        }
        if (!valid || name == null || !addressValid || !coordinatesValid) {
            return null;
        }
        return new Venue(name, address, latitude, longitude);
    }

    private static @Nullable String text(Map<?, ?> venue, String field, Validation v) {
        Object value = venue.get(field);
        if (value == null) {
            return null;
        }
        if (!(value instanceof String s)) {
            v.reject("campaignData.venue." + field, "must be a string");
            return null;
        }
        return field.equals("name")
                ? v.requiredText("campaignData.venue.name", s, MAX_NAME)
                : v.optionalText("campaignData.venue." + field, s, MAX_ADDRESS);
    }

    private static @Nullable Double coordinate(Map<?, ?> venue, String field, int limit, Validation v) {
        Object value = venue.get(field);
        if (value == null) {
            return null;
        }
        if (!(value instanceof Number number)) {
            v.reject("campaignData.venue." + field, "must be a number");
            return null;
        }
        double degrees = number.doubleValue();
        if (!Double.isFinite(degrees) || degrees < -limit || degrees > limit) {
            v.reject("campaignData.venue." + field, "must be between -" + limit + " and " + limit);
            return null;
        }
        return degrees;
    }
}
