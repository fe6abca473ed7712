package com.walletcards.issuance.web;

import com.walletcards.access.RequiresScope.CampaignsRead;
import com.walletcards.campaign.CampaignId;
import com.walletcards.card.CardUpdates.ContentUpdate;
import com.walletcards.card.CardUpdates.UpdatePage;
import com.walletcards.issuance.UpdateReports;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The content versions of a campaign that reached cards, and how far each got per provider. */
@RestController
@RequestMapping(path = "/v1/campaigns/{campaignId}/updates", produces = "application/json")
class UpdateController {

    private final UpdateReports reports;

    UpdateController(UpdateReports reports) {
        this.reports = reports;
    }

    @Schema(name = "ContentUpdateList")
    record UpdateList(List<ContentUpdate> updates, Pagination pagination) {}

    @GetMapping
    @CampaignsRead
    @Operation(
            operationId = "listContentUpdates",
            summary = "List content updates and their delivery",
            description = "The campaign's content versions that reached cards, newest first: a campaign"
                    + " content change, a recipient's content change or a revocation, the field names it"
                    + " changed, and per provider how many targets (Apple devices, Google objects, EU wallet"
                    + " credentials) it went to and how many of them have it (delivered), wait for it"
                    + " (pending), were refused (failed) or did not fetch it in time (stale).")
    Envelope<UpdateList> list(
            OrganizationId org,
            @PathVariable String campaignId,
            @Parameter(description = "At most this many versions (1-100, default 20)")
                    @RequestParam(required = false)
                    @Nullable
                    String limit,
            @Parameter(description = "Skip this many versions") @RequestParam(required = false) @Nullable
                    String offset) {
        Validation v = new Validation();
        Page page = Page.parse(limit, offset, v);
        v.throwIfInvalid();
        UpdatePage found = reports.list(org, new CampaignId(campaignId), page);
        return Envelope.of(new UpdateList(found.updates(), Pagination.of(found.total(), page)));
    }
}
