package com.walletcards.card.spi;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The part of a card that every card of a campaign shares. A provider with class-level data
 * (one template per campaign) can update it once for the whole campaign; {@code version} grows
 * with every change of the campaign.
 */
public record CampaignContent(
        String campaignId,
        String organizationName,
        String name,
        String type,
        Map<String, Object> data,
        String barcodeType,
        String timezone,
        @Nullable LocalDate startDate,
        @Nullable LocalDate endDate,
        @Nullable Instant eventStartsAt,
        @Nullable Instant eventEndsAt,
        CardDesign design,
        long version) {

    public CampaignContent {
        data = Map.copyOf(data);
    }

    /** Where the campaign's event takes place, for class-level templates; see {@link CardVenue#of}. */
    public @Nullable CardVenue venue() {
        return CardVenue.of(data);
    }
}
