package com.walletcards.campaign;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A validated PATCH: null means "leave alone", except for the dates where {@code *Set} tells an
 * explicit clear from absence. Patches of maps are JSON merge patches.
 */
public record CampaignChanges(
        @Nullable String name,
        @Nullable CampaignType type,
        @Nullable Map<String, @Nullable Object> campaignData,
        boolean startDateSet,
        @Nullable LocalDate startDate,
        boolean endDateSet,
        @Nullable LocalDate endDate,
        @Nullable ZoneId timezone,
        @Nullable List<String> providerTypes,
        @Nullable Map<String, @Nullable Object> metadata,
        @Nullable String status) {}
