package com.walletcards.card.spi;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Everything a card shows: campaign data merged with the recipient's overrides. {@code version}
 * grows with every change of either, so a provider never replaces newer content with older.
 */
public record CardContent(
        String campaignId,
        String campaignName,
        String campaignType,
        String recipientId,
        @Nullable String recipientName,
        String email,
        Map<String, Object> data,
        String barcodeType,
        @Nullable String customBarcodeValue,
        String timezone,
        @Nullable LocalDate startDate,
        @Nullable LocalDate endDate,
        @Nullable Instant eventStartsAt,
        @Nullable Instant eventEndsAt,
        long version) {

    public @Nullable String venue() {
        Object location = data.get("location");
        return location instanceof String s ? s : null;
    }
}
