package com.walletcards.journey.web;

import com.walletcards.access.RequiresScope.CampaignsRead;
import com.walletcards.campaign.CampaignId;
import com.walletcards.journey.CampaignStats;
import com.walletcards.journey.JourneyEvent;
import com.walletcards.journey.Journeys;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.FailsWith;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.LocalDate;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A campaign's statistics and a recipient's journey (contract §16; docs/statistics.md). */
@RestController
@RequestMapping(path = "/v1/campaigns/{campaignId}", produces = "application/json")
class JourneyController {

    private final Journeys journeys;

    JourneyController(Journeys journeys) {
        this.journeys = journeys;
    }

    @Schema(name = "RecipientJourney")
    record JourneyList(List<JourneyEvent> events, Pagination pagination) {}

    @GetMapping("/stats")
    @CampaignsRead
    @Operation(
            operationId = "getCampaignStats",
            summary = "Get a campaign's statistics",
            description = "The funnel (recipients that ever reached each stage, deleted recipients left out), figures"
                    + " per provider, and daily figures in the campaign's time zone (default: the last 30 days;"
                    + " at most " + Journeys.MAX_DAYS + " days). Answered from counters, at any campaign size.")
    @FailsWith(ErrorCode.VALIDATION_FAILED)
    Envelope<CampaignStats> stats(
            OrganizationId org,
            @PathVariable String campaignId,
            @Parameter(description = "First day, YYYY-MM-DD", schema = @Schema(type = "string", format = "date"))
                    @RequestParam(required = false)
                    @Nullable
                    String from,
            @Parameter(description = "Last day, YYYY-MM-DD", schema = @Schema(type = "string", format = "date"))
                    @RequestParam(required = false)
                    @Nullable
                    String to) {
        Validation v = new Validation();
        LocalDate first = v.date("from", from);
        LocalDate last = v.date("to", to);
        v.throwIfInvalid();
        return Envelope.of(journeys.stats(org, new CampaignId(campaignId), first, last));
    }

    @GetMapping("/recipients/{recipientId}/journey")
    @CampaignsRead
    @Operation(
            operationId = "getRecipientJourney",
            summary = "Get a recipient's journey",
            description = "What happened to the recipient's card, oldest first: invited, the invite email accepted or"
                    + " not, its page opened, handed over to a wallet, installed, removed, revoked. Events older"
                    + " than the retention period are gone.")
    Envelope<JourneyList> journey(
            OrganizationId org,
            @PathVariable String campaignId,
            @PathVariable String recipientId,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset) {
        Validation v = new Validation();
        Page page = Page.parse(limit, offset, v);
        v.throwIfInvalid();
        Journeys.JourneyPage found = journeys.journey(org, new CampaignId(campaignId), recipientId, page);
        return Envelope.of(new JourneyList(found.events(), Pagination.of(found.total(), page)));
    }
}
