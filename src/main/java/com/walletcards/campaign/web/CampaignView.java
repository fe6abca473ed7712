package com.walletcards.campaign.web;

import com.walletcards.campaign.Campaign;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A campaign as the API shows it. */
record CampaignView(
        String id,
        String name,
        String campaignType,
        String status,
        Map<String, Object> campaignData,
        @Nullable LocalDate startDate,
        @Nullable LocalDate endDate,
        @Nullable Instant eventStartsAt,
        @Nullable Instant eventEndsAt,
        List<String> providerTypes,
        Map<String, Object> metadata,
        Instant createdAt,
        Instant updatedAt) {

    static CampaignView of(Campaign c) {
        return new CampaignView(
                c.id().value(),
                c.name(),
                c.type().name(),
                c.status().name(),
                c.campaignData(),
                c.startDate(),
                c.endDate(),
                c.schedule().startsAt(),
                c.schedule().endsAt(),
                c.providerTypes(),
                c.metadata(),
                c.createdAt(),
                c.updatedAt());
    }

    /** The list shows a summary of each campaign. */
    record Summary(
            String id,
            String name,
            String campaignType,
            String status,
            @Nullable LocalDate startDate,
            @Nullable LocalDate endDate,
            Instant createdAt,
            Instant updatedAt) {
        static Summary of(Campaign c) {
            return new Summary(
                    c.id().value(),
                    c.name(),
                    c.type().name(),
                    c.status().name(),
                    c.startDate(),
                    c.endDate(),
                    c.createdAt(),
                    c.updatedAt());
        }
    }
}
