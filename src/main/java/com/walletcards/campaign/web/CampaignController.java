package com.walletcards.campaign.web;

import com.walletcards.access.RequiresScope.CampaignsRead;
import com.walletcards.access.RequiresScope.CampaignsWrite;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignManagement.CampaignPage;
import com.walletcards.campaign.CampaignStatus;
import com.walletcards.campaign.CampaignType;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.FailsWith;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping(path = "/v1/campaigns", produces = "application/json")
class CampaignController {

    private final CampaignManagement campaigns;

    CampaignController(CampaignManagement campaigns) {
        this.campaigns = campaigns;
    }

    record CampaignList(List<CampaignView.Summary> campaigns, Pagination pagination) {}

    record Deleted(String id, boolean deleted) {}

    @GetMapping
    @CampaignsRead
    @Operation(
            operationId = "listCampaigns",
            summary = "List campaigns",
            description =
                    "Newest first. Without status, archived campaigns are left out; status=archived lists" + " them.")
    Envelope<CampaignList> list(
            OrganizationId org,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset,
            @Parameter(
                            description = "Only campaigns in this status",
                            schema = @Schema(implementation = CampaignStatus.class))
                    @RequestParam(required = false)
                    @Nullable
                    String status,
            @Parameter(
                            description = "Only campaigns of this type",
                            schema = @Schema(implementation = CampaignType.class))
                    @RequestParam(required = false)
                    @Nullable
                    String campaignType) {
        Validation v = new Validation();
        Page page = Page.parse(limit, offset, v);
        CampaignStatus s = v.oneOf("status", status, CampaignStatus.class, EnumSet.allOf(CampaignStatus.class));
        CampaignType t = v.oneOf("campaignType", campaignType, CampaignType.class, EnumSet.allOf(CampaignType.class));
        v.throwIfInvalid();
        CampaignPage found = campaigns.list(org, s, t, page);
        return Envelope.of(new CampaignList(
                found.campaigns().stream().map(CampaignView.Summary::of).toList(), Pagination.of(found.total(), page)));
    }

    @PostMapping(consumes = "application/json")
    @ResponseStatus(HttpStatus.CREATED)
    @CampaignsWrite
    @Operation(
            operationId = "createCampaign",
            summary = "Create a campaign",
            description = "The campaign starts as draft and becomes active with its first invitation. Defaults:"
                    + " campaignData.barcodeType qr, campaignData.barcodeValueStrategy auto, timezone UTC,"
                    + " providerTypes [all].",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            examples =
                                                    @ExampleObject(
                                                            name = "event",
                                                            summary = "An evening event in Berlin",
                                                            value = """
                                            {"name": "Summer Summit", "campaignType": "event",
                                             "startDate": "2031-07-01", "timezone": "Europe/Berlin",
                                             "campaignData": {"location": "Hall A", "start_time": "18:00",
                                               "end_time": "23:00", "barcodeType": "qr"},
                                             "providerTypes": ["all"], "metadata": {"crmId": "c-17"}}"""))))
    Envelope<CampaignView> create(OrganizationId org, @RequestBody CreateCampaignRequest body) {
        return Envelope.of(CampaignView.of(campaigns.create(org, body.validated())));
    }

    @GetMapping("/{campaignId}")
    @CampaignsRead
    @Operation(operationId = "getCampaign", summary = "Get a campaign", description = "The full campaign.")
    Envelope<CampaignView> get(OrganizationId org, @PathVariable String campaignId) {
        return Envelope.of(CampaignView.of(campaigns.get(org, new CampaignId(campaignId))));
    }

    @PatchMapping(path = "/{campaignId}", consumes = "application/json")
    @CampaignsWrite
    @Operation(
            operationId = "updateCampaign",
            summary = "Change a campaign",
            description = "Only the fields present change; campaignData and metadata are merged key by key. Every"
                    + " installed card receives the new content in the background.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            schema =
                                                    @Schema(
                                                            implementation =
                                                                    CampaignPatch.PatchCampaignRequest.class))))
    @FailsWith({ErrorCode.SETTING_LOCKED, ErrorCode.INVALID_STATUS_TRANSITION})
    Envelope<CampaignView> update(
            OrganizationId org, @PathVariable String campaignId, @RequestBody Map<String, @Nullable Object> body) {
        return Envelope.of(
                CampaignView.of(campaigns.update(org, new CampaignId(campaignId), CampaignPatch.read(body))));
    }

    @DeleteMapping("/{campaignId}")
    @CampaignsWrite
    @Operation(
            operationId = "deleteCampaign",
            summary = "Delete a campaign",
            description = "The campaign and its recipients are gone for the API (404 afterwards).")
    Envelope<Deleted> delete(OrganizationId org, @PathVariable String campaignId) {
        campaigns.delete(org, new CampaignId(campaignId));
        return Envelope.of(new Deleted(campaignId, true));
    }

    @PostMapping("/{campaignId}/archive")
    @CampaignsWrite
    @Operation(
            operationId = "archiveCampaign",
            summary = "Archive a campaign",
            description =
                    "Hides it from the default list; it takes no new recipients, invitations or" + " notifications.")
    Envelope<CampaignView> archive(OrganizationId org, @PathVariable String campaignId) {
        return Envelope.of(CampaignView.of(campaigns.archive(org, new CampaignId(campaignId))));
    }

    @PostMapping("/{campaignId}/unarchive")
    @CampaignsWrite
    @Operation(
            operationId = "unarchiveCampaign",
            summary = "Unarchive a campaign",
            description = "Moves an archived campaign back to draft.")
    @FailsWith(ErrorCode.INVALID_STATE)
    Envelope<CampaignView> unarchive(OrganizationId org, @PathVariable String campaignId) {
        return Envelope.of(CampaignView.of(campaigns.unarchive(org, new CampaignId(campaignId))));
    }
}
