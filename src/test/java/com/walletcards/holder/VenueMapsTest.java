package com.walletcards.holder;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.campaign.Venue;
import org.junit.jupiter.api.Test;

class VenueMapsTest {

    @Test
    void coordinatesPinTheVenueOnOpenStreetMapInPlainDecimals() {
        Venue venue = new Venue("Buoy", "Somewhere at sea", 0.00001, -10.5);

        assertThat(VenueMaps.mapUrl(venue))
                .isEqualTo("https://www.openstreetmap.org/?mlat=0.00001&mlon=-10.5#map=17/0.00001/-10.5");
    }

    @Test
    void withoutCoordinatesTheMapSearchesTheAddressAndABareNameGetsNoLink() {
        assertThat(VenueMaps.mapUrl(new Venue("Olympiahalle", "Spiridon-Louis-Ring 21, München", null, null)))
                .isEqualTo("https://www.openstreetmap.org/search?query=Spiridon-Louis-Ring+21%2C+M%C3%BCnchen");
        assertThat(VenueMaps.mapUrl(new Venue("Hall A", null, null, null))).isNull();
    }
}
