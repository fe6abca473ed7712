package com.walletcards.campaign.web;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.walletcards.campaign.BarcodeType;
import com.walletcards.campaign.BarcodeValueStrategy;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The documented shape of {@code campaignData}: the keys the service reads, checked as
 * {@link com.walletcards.campaign.CampaignData} checks them; every other key passes through.
 */
@Schema(
        name = "CampaignData",
        description = "The data every card of the campaign shows. The keys below are read by the service; any"
                + " other key (location, seat map, ...) is the organization's own and is passed to the cards"
                + " unchanged. At most 64 KB of JSON. On PATCH keys are merged; null removes a key.",
        additionalProperties = Schema.AdditionalPropertiesValue.TRUE)
record CampaignDataDocument(
        @Schema(implementation = BarcodeType.class, description = "Barcode format on the card", defaultValue = "qr")
        @Nullable
        String barcodeType,

        @Schema(
                implementation = BarcodeValueStrategy.class,
                description = "auto: a random value per card; custom: each recipient brings"
                        + " recipientData.barcodeValue. Locked once the campaign has recipients.",
                defaultValue = "auto")
        @Nullable
        String barcodeValueStrategy,

        @Schema(
                description = "IANA time zone of start_time, end_time and doors_open_time",
                example = "Europe/Berlin",
                defaultValue = "UTC")
        @Nullable
        String timezone,

        @Schema(
                description = "Where the event takes place; shown on the card and as {{venue}} in emails",
                example = "Hall A")
        @Nullable
        String location,

        @Schema(
                implementation = VenueDocument.class,
                description = "Where the event takes place, with address and coordinates for wallets and the"
                        + " map link of the card page. Without it, location is the venue's name. On PATCH its"
                        + " fields are merged; venue: null removes it.")
        @Nullable
        VenueDocument venue,

        @JsonProperty("doors_open_time")
        @Schema(description = "24-hour time HH:mm", pattern = HH_MM, example = "17:30")
        @Nullable
        String doorsOpenTime,

        @JsonProperty("start_time")
        @Schema(
                description = "24-hour time HH:mm; with startDate it gives eventStartsAt",
                pattern = HH_MM,
                example = "18:00")
        @Nullable
        String startTime,

        @JsonProperty("end_time")
        @Schema(
                description = "24-hour time HH:mm; not after the start on a single day means the next day",
                pattern = HH_MM,
                example = "23:00")
        @Nullable
        String endTime) {

    @Schema(name = "Venue", description = "A place; latitude and longitude are both given or both absent")
    record VenueDocument(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 1, maxLength = 200, example = "Hall A")
            String name,

            @Schema(maxLength = 500, example = "Messeplatz 1, 80339 München") @Nullable
            String address,

            @Schema(minimum = "-90", maximum = "90", format = "double", example = "48.1351") @Nullable
            Double latitude,

            @Schema(minimum = "-180", maximum = "180", format = "double", example = "11.582") @Nullable
            Double longitude) {}

    static final String HH_MM = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
}
