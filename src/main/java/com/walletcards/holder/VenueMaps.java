package com.walletcards.holder;

import com.walletcards.campaign.Venue;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * The holder page's map link. OpenStreetMap needs no key and no script on our page: the link only
 * navigates there, so the page's Content-Security-Policy stays as strict as it is.
 */
final class VenueMaps {

    private static final String OSM = "https://www.openstreetmap.org/";
    /** Zoom 17 shows the streets around a building. */
    private static final int ZOOM = 17;

    private VenueMaps() {}

    static CardPageView.Place place(Venue venue) {
        return new CardPageView.Place(venue.name(), venue.address(), mapUrl(venue));
    }

    /** A pin on the coordinates, else a search for the address; a bare name is too vague to look up. */
    static @Nullable String mapUrl(Venue venue) {
        if (venue.hasCoordinates()) {
            String lat = degrees(venue.latitude());
            String lon = degrees(venue.longitude());
            return OSM + "?mlat=" + lat + "&mlon=" + lon + "#map=" + ZOOM + "/" + lat + "/" + lon;
        }
        if (venue.address() != null && !venue.address().isBlank()) {
            return OSM + "search?query=" + URLEncoder.encode(venue.address(), StandardCharsets.UTF_8);
        }
        return null;
    }

    /** Plain decimals: Double.toString writes tiny values as 1.0E-5, which the map does not read. */
    private static String degrees(Double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
