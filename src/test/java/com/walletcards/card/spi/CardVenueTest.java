package com.walletcards.card.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CardVenueTest {

    @Test
    void theStructuredVenueWinsOverTheLocationText() {
        CardVenue venue = CardVenue.of(Map.of(
                "location",
                "Hall A",
                "venue",
                Map.of("name", "Messe", "address", "Messeplatz 1", "latitude", 48.1, "longitude", 11)));

        assertThat(venue).isEqualTo(new CardVenue("Messe", "Messeplatz 1", 48.1, 11.0));
        assertThat(venue.hasCoordinates()).isTrue();
    }

    @Test
    void withoutAVenueTheLocationTextIsItsNameAndWithoutEitherThereIsNone() {
        assertThat(CardVenue.of(Map.of("location", "Hall A"))).isEqualTo(new CardVenue("Hall A", null, null, null));
        assertThat(CardVenue.of(Map.of("location", " "))).isNull();
        assertThat(CardVenue.of(Map.of())).isNull();
    }

    @Test
    void storedValuesOfTheWrongShapeAreReadAsAbsentNotTrusted() {
        CardVenue venue =
                CardVenue.of(Map.of("venue", Map.of("name", "Messe", "latitude", 91, "longitude", 11, "address", 5)));

        assertThat(venue).isEqualTo(new CardVenue("Messe", null, null, null));
        assertThat(CardVenue.of(Map.of("venue", "Messe", "location", "Hall A")).name())
                .isEqualTo("Hall A");
    }

    @Test
    void aCardsVenueIsTheHoldersWhenTheHolderHasOne() {
        CampaignContent campaign = new CampaignContent(
                "c",
                "Org",
                "Launch",
                "event",
                Map.of("location", "Hall A"),
                "qr",
                "UTC",
                null,
                null,
                null,
                null,
                CardDesign.NONE,
                1);
        HolderContent holder = new HolderContent("r", null, "a@example.com", Map.of("location", "Hall C"), null, 1);

        CardContent card = new CardContent(campaign, holder);

        assertThat(campaign.venue().name()).isEqualTo("Hall A");
        assertThat(card.venue()).isEqualTo("Hall C");
        assertThat(card.venueDetails()).isEqualTo(new CardVenue("Hall C", null, null, null));
    }
}
