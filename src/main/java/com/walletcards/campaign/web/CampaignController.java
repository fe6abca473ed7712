package com.walletcards.campaign.web;

import com.walletcards.access.RequiresScope.CampaignsRead;
import com.walletcards.access.RequiresScope.CampaignsWrite;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignManagement.CampaignPage;
import com.walletcards.campaign.CampaignStatus;
import com.walletcards.campaign.CampaignType;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
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
    Envelope<CampaignList> list(
            OrganizationId org,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset,
            @RequestParam(required = false) @Nullable String status,
            @RequestParam(required = false) @Nullable String campaignType) {
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
    Envelope<CampaignView> create(OrganizationId org, @RequestBody CreateCampaignRequest body) {
        return Envelope.of(CampaignView.of(campaigns.create(org, body.validated())));
    }

    @GetMapping("/{campaignId}")
    @CampaignsRead
    Envelope<CampaignView> get(OrganizationId org, @PathVariable String campaignId) {
        return Envelope.of(CampaignView.of(campaigns.get(org, new CampaignId(campaignId))));
    }

    @PatchMapping(path = "/{campaignId}", consumes = "application/json")
    @CampaignsWrite
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            schema =
                                    @io.swagger.v3.oas.annotations.media.Schema(
                                            implementation = CampaignPatch.PatchCampaignRequest.class)))
    Envelope<CampaignView> update(
            OrganizationId org, @PathVariable String campaignId, @RequestBody Map<String, @Nullable Object> body) {
        return Envelope.of(
                CampaignView.of(campaigns.update(org, new CampaignId(campaignId), CampaignPatch.read(body))));
    }

    @DeleteMapping("/{campaignId}")
    @CampaignsWrite
    Envelope<Deleted> delete(OrganizationId org, @PathVariable String campaignId) {
        campaigns.delete(org, new CampaignId(campaignId));
        return Envelope.of(new Deleted(campaignId, true));
    }

    @PostMapping("/{campaignId}/archive")
    @CampaignsWrite
    Envelope<CampaignView> archive(OrganizationId org, @PathVariable String campaignId) {
        return Envelope.of(CampaignView.of(campaigns.archive(org, new CampaignId(campaignId))));
    }

    @PostMapping("/{campaignId}/unarchive")
    @CampaignsWrite
    Envelope<CampaignView> unarchive(OrganizationId org, @PathVariable String campaignId) {
        return Envelope.of(CampaignView.of(campaigns.unarchive(org, new CampaignId(campaignId))));
    }
}
