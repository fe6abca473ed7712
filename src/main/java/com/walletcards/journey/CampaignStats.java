package com.walletcards.journey;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.LocalDate;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A campaign's statistics (contract §16), answered from counters the database keeps with every
 * fact, never from a scan of its recipients or events. See docs/statistics.md for the definitions.
 */
public record CampaignStats(
        String campaignId, LocalDate from, LocalDate to, Funnel funnel, ByProvider byProvider, List<Day> daily) {

    /** Recipients that ever reached each stage; deleted recipients are not counted. */
    @Schema(name = "StatsFunnel")
    public record Funnel(
            long added, long cardCreated, long invited, long opened, long installed, long removed, long revoked) {}

    /**
     * Per provider: recipients whose card it ever handed over, cards it holds now, recipients that
     * ever removed it; for alpha also the Apple devices registered now.
     */
    @Schema(name = "StatsProvider")
    public record Provider(
            long handedOver,
            long installed,
            long removed,

            @Schema(description = "alpha only: Apple devices registered for the campaign's passes")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @Nullable
            Long devices) {}

    @Schema(name = "StatsByProvider")
    public record ByProvider(Provider alpha, Provider beta, Provider eudiw) {}

    /** What happened on one day, in the campaign's time zone: events, not recipients. */
    @Schema(name = "StatsDay")
    public record Day(LocalDate date, long invited, long opened, long installed, long removed) {}
}
