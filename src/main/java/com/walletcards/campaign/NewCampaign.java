package com.walletcards.campaign;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A validated create request. */
public record NewCampaign(
        String name,
        CampaignType type,
        Map<String, Object> campaignData,
        @Nullable LocalDate startDate,
        @Nullable LocalDate endDate,
        @Nullable ZoneId timezone,
        List<String> providerTypes,
        Map<String, Object> metadata) {}
