package com.walletcards.card.spi;

import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Everything a card shows: the campaign part shared by all its cards and the holder part.
 * {@link #version()} grows with every change of either, so a provider never replaces newer
 * content with older.
 */
public record CardContent(CampaignContent campaign, HolderContent holder) {

    /** Both parts' versions only grow, so their sum does too. */
    public long version() {
        return campaign.version() + holder.version();
    }

    /** The campaign's data with the holder's values on top. */
    public Map<String, Object> data() {
        Map<String, Object> merged = new LinkedHashMap<>(campaign.data());
        merged.putAll(holder.data());
        return merged;
    }

    public CardContent withBarcodeValue(String value) {
        return new CardContent(campaign, holder.withBarcodeValue(value));
    }

    public @Nullable String barcodeValue() {
        return holder.barcodeValue();
    }

    public String campaignId() {
        return campaign.campaignId();
    }

    public String campaignName() {
        return campaign.name();
    }

    public String campaignType() {
        return campaign.type();
    }

    public String organizationName() {
        return campaign.organizationName();
    }

    public CardDesign design() {
        return campaign.design();
    }

    public String recipientId() {
        return holder.recipientId();
    }

    public @Nullable String recipientName() {
        return holder.name();
    }

    public String email() {
        return holder.email();
    }

    public String barcodeType() {
        return campaign.barcodeType();
    }

    public String timezone() {
        return campaign.timezone();
    }

    public @Nullable LocalDate startDate() {
        return campaign.startDate();
    }

    public @Nullable LocalDate endDate() {
        return campaign.endDate();
    }

    public @Nullable Instant eventStartsAt() {
        return campaign.eventStartsAt();
    }

    public @Nullable Instant eventEndsAt() {
        return campaign.eventEndsAt();
    }

    /** The venue's name: the structured venue's, or the location text; see {@link #venueDetails()}. */
    public @Nullable String venue() {
        CardVenue venue = venueDetails();
        return venue == null ? null : venue.name();
    }

    /**
     * Where the event takes place, with address and coordinates when the campaign gives them. Read
     * from the merged data, so a holder's own venue or location wins as every other value does.
     */
    public @Nullable CardVenue venueDetails() {
        return CardVenue.of(data());
    }
}
