package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.console.CampaignChangeForm.Difference;
import com.walletcards.console.view.ChangeSummaryView;
import com.walletcards.console.view.ChangeSummaryView.ChangedField;
import com.walletcards.console.view.ChangeSummaryView.Hidden;
import com.walletcards.journey.CampaignStats;
import com.walletcards.journey.Journeys;
import com.walletcards.provider.WalletChanges;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.Json;
import com.walletcards.shared.NotFound;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

/**
 * The safe change of a campaign: any subset of its fields, posted by the edit form or any other
 * page (the field naming is {@link CampaignChangeForm}'s). Nothing changes → back with "nothing
 * changed"; no installed card would change → applied at once; otherwise a summary of what the
 * wallets will do, and only its "Confirm and send" applies the change, if the campaign is still as
 * the summary showed it.
 */
@Controller
class CampaignChangePages {

    /** Top-level fields no holder sees (CampaignField.shownOnCards says the same for the API's names). */
    private static final Set<String> NOT_ON_CARDS = Set.of("providerTypes", "metadata");

    private final CampaignManagement campaigns;
    private final Journeys journeys;
    private final AuditLog audit;
    private final CampaignEditPages forms;

    CampaignChangePages(CampaignManagement campaigns, Journeys journeys, AuditLog audit, CampaignEditPages forms) {
        this.campaigns = campaigns;
        this.journeys = journeys;
        this.audit = audit;
        this.forms = forms;
    }

    private record Change(Map<String, @Nullable Object> patch, List<Difference> differences) {}

    @PostMapping("/console/campaigns/{id}/changes")
    String change(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            HttpServletRequest request,
            HttpServletResponse response,
            Model model) {
        ConsoleWrites.require(user);
        Campaign campaign = campaign(user, id);
        Map<String, String[]> params = request.getParameterMap();
        if (CampaignEditPages.rowsOnly(params)) {
            return form(user, campaign, params, Map.of(), model);
        }
        try {
            Change change = read(campaign, params);
            if (change.differences().isEmpty()) {
                return "redirect:/console/campaigns/" + id + "?done=unchanged";
            }
            CampaignStats.ByProvider cards = journeys.stats(user.organization(), campaign.id(), null, null)
                    .byProvider();
            long installed = cards.alpha().installed()
                    + cards.beta().installed()
                    + cards.eudiw().installed();
            boolean shown = change.differences().stream().anyMatch(d -> shownOnCards(d.path()));
            if (installed == 0 || !shown) {
                return apply(user, campaign, change);
            }
            return summary(user, campaign, change, cards, false, model);
        } catch (ApiException refused) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            return form(user, campaign, params, CampaignEditPages.errors(refused), model);
        }
    }

    @PostMapping("/console/campaigns/{id}/changes/confirm")
    String confirm(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            HttpServletRequest request,
            HttpServletResponse response,
            Model model) {
        ConsoleWrites.require(user);
        Campaign campaign = campaign(user, id);
        Map<String, String[]> params = request.getParameterMap();
        try {
            Change change = read(campaign, params);
            if (change.differences().isEmpty()) {
                return "redirect:/console/campaigns/" + id + "?done=unchanged";
            }
            String[] seen = params.get("version");
            if (seen == null || seen.length == 0 || !seen[0].equals(ConsoleWrites.version(campaign))) {
                // Someone changed the campaign after the summary was shown: what it said may be wrong.
                response.setStatus(HttpServletResponse.SC_CONFLICT);
                CampaignStats.ByProvider cards = journeys.stats(user.organization(), campaign.id(), null, null)
                        .byProvider();
                return summary(user, campaign, change, cards, true, model);
            }
            return apply(user, campaign, change);
        } catch (ApiException refused) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            return form(user, campaign, params, CampaignEditPages.errors(refused), model);
        }
    }

    /** The posted change against the campaign now, checked as the API checks a PATCH. */
    private static Change read(Campaign campaign, Map<String, String[]> params) {
        Map<String, Object> current = CampaignChangeForm.current(campaign);
        Map<String, @Nullable Object> patch =
                CampaignChangeForm.pruned(CampaignChangeForm.patch(params, campaign.metadata()), current);
        CampaignInput.changes(patch);
        Map<String, Object> merged = CampaignChangeForm.merged(current, patch);
        CampaignInput.checkMerged(merged);
        return new Change(patch, CampaignChangeForm.differences(current, merged));
    }

    private String apply(SignedIn user, Campaign campaign, Change change) {
        campaigns.update(user.organization(), campaign.id(), CampaignInput.changes(change.patch()));
        audit.record(
                user.organization(),
                AuditLog.Actor.user(user),
                "campaign.updated",
                "campaign",
                campaign.id().value(),
                Json.write(Map.of(
                        "fields",
                        change.differences().stream().map(Difference::path).toList())));
        return "redirect:/console/campaigns/" + campaign.id().value() + "?done=saved";
    }

    private String summary(
            SignedIn user,
            Campaign campaign,
            Change change,
            CampaignStats.ByProvider cards,
            boolean changedMeanwhile,
            Model model) {
        List<ChangedField> fields = change.differences().stream()
                .map(d -> new ChangedField(
                        d.path(),
                        d.before() == null ? "" : d.before(),
                        d.after() == null ? "" : d.after(),
                        shownOnCards(d.path()),
                        appleMessage(d.path())))
                .toList();
        List<Hidden> hidden = CampaignChangeForm.hiddenFields(change.patch()).stream()
                .map(e -> new Hidden(e.getKey(), e.getValue()))
                .toList();
        Long devices = cards.alpha().devices();
        model.addAttribute("user", user.view());
        model.addAttribute("campaignId", campaign.id().value());
        model.addAttribute("campaignName", campaign.name());
        model.addAttribute(
                "summary",
                new ChangeSummaryView(
                        fields,
                        cards.alpha().installed(),
                        devices == null ? 0 : devices,
                        cards.beta().installed(),
                        cards.eudiw().installed(),
                        hidden,
                        ConsoleWrites.version(campaign),
                        changedMeanwhile));
        return "console/campaign-changes";
    }

    private String form(
            SignedIn user, Campaign campaign, Map<String, String[]> params, Map<String, String> errors, Model model) {
        model.addAttribute("campaignId", campaign.id().value());
        return forms.page(
                user, model, CampaignEditPages.posted(CampaignEditPages.of(campaign, Map.of()), params, errors));
    }

    private static boolean shownOnCards(String path) {
        String top = path.contains(".") ? path.substring(0, path.indexOf('.')) : path;
        return !NOT_ON_CARDS.contains(top);
    }

    private static @Nullable String appleMessage(String path) {
        return WalletChanges.appleMessage(path).orElse(null);
    }

    private Campaign campaign(SignedIn user, String id) {
        return campaigns.find(user.organization(), new CampaignId(id)).orElseThrow(() -> new NotFound("Campaign"));
    }
}
