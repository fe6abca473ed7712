package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignStatus;
import com.walletcards.campaign.CampaignType;
import com.walletcards.console.view.CampaignRow;
import com.walletcards.journey.CampaignStats;
import com.walletcards.journey.Journeys;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.Page;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The campaigns of the signed-in user's organization: a list with filters, search and pages, and
 * one campaign. The organization comes from the session only; another's campaign is 404.
 */
@Controller
class CampaignPages {

    static final int PAGE_SIZE = 20;

    private static final List<String> DONE =
            List.of("created", "saved", "unchanged", "archived", "unarchived", "refused");

    private final CampaignManagement campaigns;
    private final RecipientReads recipients;
    private final Journeys journeys;
    private final CampaignOverviews overviews;

    CampaignPages(
            CampaignManagement campaigns, RecipientReads recipients, Journeys journeys, CampaignOverviews overviews) {
        this.campaigns = campaigns;
        this.recipients = recipients;
        this.journeys = journeys;
        this.overviews = overviews;
    }

    @GetMapping("/console/campaigns")
    String list(
            @AuthenticationPrincipal SignedIn user,
            @RequestParam(required = false) @Nullable String status,
            @RequestParam(required = false) @Nullable String type,
            @RequestParam(required = false) @Nullable String q,
            @RequestParam(required = false, defaultValue = "1") String page,
            @RequestParam(required = false) @Nullable String done,
            Model model) {
        CampaignStatus statusFilter = parse(CampaignStatus.class, status);
        CampaignType typeFilter = parse(CampaignType.class, type);
        String search = q == null || q.isBlank() ? null : q.strip();
        if (search != null && search.length() > 200) {
            search = search.substring(0, 200);
        }
        int number = pageNumber(page);
        CampaignManagement.CampaignPage found = campaigns.search(
                user.organization(), statusFilter, typeFilter, search, new Page(PAGE_SIZE, (number - 1) * PAGE_SIZE));
        // One read of the counters for the whole page, not one per row.
        Map<CampaignId, CampaignStats.ByProvider> wallets = journeys.byProvider(user.organization(), found.campaigns());
        List<CampaignRow> rows = found.campaigns().stream()
                .map(c -> row(user, c, wallets.get(c.id())))
                .toList();
        long pages = Math.max(1, (found.total() + PAGE_SIZE - 1) / PAGE_SIZE);
        model.addAttribute("user", user.view());
        model.addAttribute("rows", rows);
        model.addAttribute("total", found.total());
        model.addAttribute("page", number);
        model.addAttribute("pages", pages);
        model.addAttribute("status", statusFilter == null ? "" : statusFilter.name());
        model.addAttribute("type", typeFilter == null ? "" : typeFilter.name());
        model.addAttribute("q", search == null ? "" : search);
        model.addAttribute(
                "statuses",
                Arrays.stream(CampaignStatus.values()).map(Enum::name).toList());
        model.addAttribute(
                "types", Arrays.stream(CampaignType.values()).map(Enum::name).toList());
        model.addAttribute("canWrite", user.role().writesCampaigns());
        model.addAttribute("done", "deleted".equals(done) ? done : null);
        return "console/campaigns";
    }

    @GetMapping("/console/campaigns/{id}")
    String campaign(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam(required = false) @Nullable String done,
            @RequestParam(required = false) @Nullable String days,
            @RequestParam(required = false) @Nullable String from,
            @RequestParam(required = false) @Nullable String to,
            Locale locale,
            Model model) {
        Campaign campaign =
                campaigns.find(user.organization(), new CampaignId(id)).orElseThrow(() -> new NotFound("Campaign"));
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", row(user, campaign, null));
        model.addAttribute("canWrite", user.role().writesCampaigns());
        model.addAttribute("archived", campaign.status() == CampaignStatus.archived);
        // Only the known outcomes of the console's own writes; anything else in the address is ignored.
        model.addAttribute("done", done != null && DONE.contains(done) ? done : null);
        model.addAttribute("zone", CampaignOverviews.zone(campaign).getId());
        model.addAttribute("overview", overviews.of(user.organization(), campaign, days, from, to, locale));
        return "console/campaign";
    }

    /**
     * The recipients come from the recipient module's kept counts (the list's total, which reads
     * no recipient beyond the page's one), the installed cards per wallet from the journey counters.
     */
    private CampaignRow row(SignedIn user, Campaign c, CampaignStats.@Nullable ByProvider wallets) {
        long count = recipients
                .list(user.organization(), c.id(), null, null, new Page(1, 0))
                .total();
        return new CampaignRow(
                c.id().value(),
                c.name(),
                c.type().name(),
                c.status().name(),
                count,
                wallets == null ? 0 : wallets.alpha().installed(),
                wallets == null ? 0 : wallets.beta().installed(),
                wallets == null ? 0 : wallets.eudiw().installed());
    }

    private static int pageNumber(String raw) {
        try {
            return (int) Math.min(Math.max(1, Long.parseLong(raw.strip())), 1_000_000);
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static <E extends Enum<E>> @Nullable E parse(Class<E> type, @Nullable String raw) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        return Arrays.stream(type.getEnumConstants())
                .filter(e -> e.name().equals(raw))
                .findFirst()
                .orElse(null);
    }
}
