package com.walletcards.campaign.web;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignStatus;
import com.walletcards.campaign.CampaignType;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A campaign as the API shows it. */
@Schema(name = "Campaign")
record CampaignView(
        String id,
        String name,
        @Schema(implementation = CampaignType.class) String campaignType,
        @Schema(implementation = CampaignStatus.class) String status,
        @Schema(implementation = CampaignDataDocument.class) Map<String, Object> campaignData,
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
    @Schema(name = "CampaignSummary")
    record Summary(
            String id,
            String name,
            @Schema(implementation = CampaignType.class) String campaignType,
            @Schema(implementation = CampaignStatus.class) String status,
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
