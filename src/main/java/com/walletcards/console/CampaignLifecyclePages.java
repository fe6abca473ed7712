package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignStatus;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.Json;
import com.walletcards.shared.NotFound;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

/**
 * Archiving, unarchiving and deleting a campaign: each first a page that says what happens (as
 * contract §5 describes it), then a POST with the CSRF token that does it, audited.
 */
@Controller
class CampaignLifecyclePages {

    /** The three moves, as they appear in the address. */
    enum Move {
        archive,
        unarchive,
        delete;

        boolean allowedFrom(CampaignStatus status) {
            return switch (this) {
                case archive -> status != CampaignStatus.archived;
                case unarchive -> status == CampaignStatus.archived;
                case delete -> true;
            };
        }
    }

    private final CampaignManagement campaigns;
    private final AuditLog audit;

    CampaignLifecyclePages(CampaignManagement campaigns, AuditLog audit) {
        this.campaigns = campaigns;
        this.audit = audit;
    }

    @GetMapping("/console/campaigns/{id}/{move:archive|unarchive|delete}")
    String confirm(
            @AuthenticationPrincipal SignedIn user, @PathVariable String id, @PathVariable String move, Model model) {
        ConsoleWrites.require(user);
        Campaign campaign = campaign(user, id);
        Move m = Move.valueOf(move);
        if (!m.allowedFrom(campaign.status())) {
            return "redirect:/console/campaigns/" + id;
        }
        model.addAttribute("user", user.view());
        model.addAttribute("campaignId", campaign.id().value());
        model.addAttribute("campaignName", campaign.name());
        model.addAttribute("move", m.name());
        return "console/campaign-confirm";
    }

    @PostMapping("/console/campaigns/{id}/{move:archive|unarchive|delete}")
    String move(@AuthenticationPrincipal SignedIn user, @PathVariable String id, @PathVariable String move) {
        ConsoleWrites.require(user);
        Campaign campaign = campaign(user, id);
        Move m = Move.valueOf(move);
        try {
            switch (m) {
                case archive -> campaigns.archive(user.organization(), campaign.id());
                case unarchive -> campaigns.unarchive(user.organization(), campaign.id());
                case delete -> campaigns.delete(user.organization(), campaign.id());
            }
        } catch (ApiException refused) {
            // Unarchiving what someone else unarchived meanwhile: the campaign page shows its state.
            return "redirect:/console/campaigns/" + id + "?done=refused";
        }
        audit.record(
                user.organization(),
                AuditLog.Actor.user(user),
                "campaign." + m.name() + "d",
                "campaign",
                campaign.id().value(),
                Json.write(Map.of("name", campaign.name())));
        return m == Move.delete
                ? "redirect:/console/campaigns?done=deleted"
                : "redirect:/console/campaigns/" + id + "?done=" + m.name() + "d";
    }

    private Campaign campaign(SignedIn user, String id) {
        return campaigns.find(user.organization(), new CampaignId(id)).orElseThrow(() -> new NotFound("Campaign"));
    }
}
