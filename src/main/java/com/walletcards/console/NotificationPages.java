package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignStatus;
import com.walletcards.card.ActiveCards;
import com.walletcards.console.view.NotificationViews.Composer;
import com.walletcards.console.view.NotificationViews.Row;
import com.walletcards.console.view.NotificationViews.WalletReport;
import com.walletcards.notification.Message;
import com.walletcards.notification.Notification;
import com.walletcards.notification.NotificationManagement;
import com.walletcards.notification.NotificationManagement.NotificationPage;
import com.walletcards.notification.NotificationStatus;
import com.walletcards.notification.ProviderReport;
import com.walletcards.notification.SendTime;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.Json;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.Page;
import com.walletcards.shared.ProviderName;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A campaign's push notifications: the list with each one's per-wallet report, the composer (with
 * its lock-screen preview and the campaign's remaining lifetime quota), the confirmation that says
 * how many cards get the message, and the cancellation of a pending one. Every write is the API's
 * own operation ({@link NotificationManagement}: its checks, slot lock, events and webhooks), is
 * audited with the user as actor, and is refused to viewers with 403.
 */
@Controller
class NotificationPages {

    static final int PAGE_SIZE = 20;

    private final CampaignManagement campaigns;
    private final NotificationManagement notifications;
    private final ActiveCards cards;
    private final AuditLog audit;
    private final Clock clock;

    NotificationPages(
            CampaignManagement campaigns,
            NotificationManagement notifications,
            ActiveCards cards,
            AuditLog audit,
            Clock clock) {
        this.campaigns = campaigns;
        this.notifications = notifications;
        this.cards = cards;
        this.audit = audit;
        this.clock = clock;
    }

    @GetMapping("/console/campaigns/{id}/notifications")
    String list(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam(required = false, defaultValue = "0") String offset,
            @RequestParam(required = false) @Nullable String done,
            Model model) {
        Campaign campaign = campaign(user, id);
        ZoneId zone = RecipientPages.zone(campaign);
        int from = offset(offset);
        NotificationPage page =
                notifications.list(user.organization(), campaign.id(), null, null, new Page(PAGE_SIZE, from));
        Map<String, List<ProviderReport>> reports = notifications.providerReports(
                page.notifications().stream().map(Notification::id).toList());
        common(user, campaign, model);
        model.addAttribute(
                "rows",
                page.notifications().stream()
                        .map(n -> row(n, reports.getOrDefault(n.id(), List.of()), zone))
                        .toList());
        model.addAttribute("total", page.total());
        model.addAttribute("previous", from > 0 ? Math.max(0, from - PAGE_SIZE) : null);
        model.addAttribute("next", from + PAGE_SIZE < page.total() ? from + PAGE_SIZE : null);
        model.addAttribute("done", done != null && done.matches("[a-z]{1,20}") ? done : null);
        return "console/notifications";
    }

    @GetMapping("/console/campaigns/{id}/notifications/new")
    String compose(@AuthenticationPrincipal SignedIn user, @PathVariable String id, Model model) {
        Campaign campaign = writable(user, id);
        return composer(user, campaign, Composer.empty(), Map.of(), null, model);
    }

    /** The confirmation's "Change": the composer again with what it showed. */
    @PostMapping("/console/campaigns/{id}/notifications/new")
    String change(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam MultiValueMap<String, String> form,
            Model model) {
        Campaign campaign = writable(user, id);
        return composer(user, campaign, NotificationForm.posted(form), Map.of(), null, model);
    }

    /** The confirmation: the message checked as the API checks it, and the cards it will reach. */
    @PostMapping("/console/campaigns/{id}/notifications/review")
    String review(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam MultiValueMap<String, String> form,
            HttpServletResponse response,
            Model model) {
        Campaign campaign = writable(user, id);
        Composer entered = NotificationForm.posted(form);
        ZoneId zone = RecipientPages.zone(campaign);
        NotificationForm.Checked checked;
        try {
            checked = NotificationForm.check(entered, zone, Instant.now(clock));
        } catch (ApiException refused) {
            return refused(user, campaign, entered, refused, response, model);
        }
        // In the API's order after the body: the campaign's state (409), then the limit (429). The
        // composer says why in either case (its notices) and offers no sending.
        if (closed(campaign)) {
            response.setStatus(HttpServletResponse.SC_CONFLICT);
            return composer(user, campaign, entered, Map.of(), null, model);
        }
        if (notifications.remaining(user.organization(), campaign.id()) == 0) {
            response.setStatus(429);
            return composer(user, campaign, entered, Map.of(), null, model);
        }
        common(user, campaign, model);
        model.addAttribute("composer", entered);
        model.addAttribute("hidden", NotificationForm.hidden(entered));
        model.addAttribute(
                "cards", cards.count(user.organization(), campaign.id().value()));
        model.addAttribute(
                "at", checked.scheduledFor() == null ? null : RecipientPages.time(checked.scheduledFor(), zone));
        return "console/notification-confirm";
    }

    @PostMapping("/console/campaigns/{id}/notifications")
    String send(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam MultiValueMap<String, String> form,
            HttpServletResponse response,
            Model model) {
        Campaign campaign = writable(user, id);
        Composer entered = NotificationForm.posted(form);
        Notification sent;
        try {
            NotificationForm.Checked checked =
                    NotificationForm.check(entered, RecipientPages.zone(campaign), Instant.now(clock));
            Message message = checked.message();
            sent = checked.scheduledFor() == null
                    ? notifications.send(user.organization(), campaign.id(), message)
                    : notifications.schedule(user.organization(), campaign.id(), message, checked.scheduledFor());
        } catch (NotFound gone) {
            throw gone;
        } catch (ApiException refused) {
            return refused(user, campaign, entered, refused, response, model);
        }
        Instant at = sent.scheduledFor();
        boolean later = at != null;
        audit.record(
                user.organization(),
                AuditLog.Actor.user(user),
                later ? "notification.scheduled" : "notification.created",
                "notification",
                sent.id(),
                at != null ? Json.write(Map.of("scheduledFor", at.toString())) : "{}");
        return "redirect:/console/campaigns/" + id + "/notifications?done=" + (later ? "scheduled" : "sent");
    }

    @GetMapping("/console/campaigns/{id}/notifications/{nid}/cancel")
    String confirmCancel(
            @AuthenticationPrincipal SignedIn user, @PathVariable String id, @PathVariable String nid, Model model) {
        Campaign campaign = writable(user, id);
        Notification n = notifications.get(user.organization(), campaign.id(), nid);
        common(user, campaign, model);
        model.addAttribute("notification", row(n, List.of(), RecipientPages.zone(campaign)));
        return "console/notification-cancel";
    }

    @PostMapping("/console/campaigns/{id}/notifications/{nid}/cancel")
    String cancel(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String nid,
            HttpServletResponse response,
            Model model) {
        Campaign campaign = writable(user, id);
        try {
            notifications.cancel(user.organization(), campaign.id(), nid);
        } catch (NotFound gone) {
            throw gone;
        } catch (ApiException refused) {
            // Sending started first, or it was cancelled already: the page says so, with the status now.
            response.setStatus(HttpServletResponse.SC_CONFLICT);
            confirmCancel(user, id, nid, model);
            model.addAttribute("problem", refused.getMessage());
            return "console/notification-cancel";
        }
        audit.record(
                user.organization(), AuditLog.Actor.user(user), "notification.cancelled", "notification", nid, "{}");
        return "redirect:/console/campaigns/" + id + "/notifications?done=cancelled";
    }

    @GetMapping("/console/assets/notifications.js")
    ResponseEntity<Resource> script() {
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "javascript"))
                .cacheControl(CacheControl.noCache())
                .body(new ClassPathResource("console/notifications.js"));
    }

    /** The composer again with the API's refusal: 400 for the fields, 409 for the campaign's state, 429 for the quota. */
    private String refused(
            SignedIn user,
            Campaign campaign,
            Composer entered,
            ApiException refused,
            HttpServletResponse response,
            Model model) {
        response.setStatus(
                refused.code() == ErrorCode.NOTIFICATION_LIMIT_EXCEEDED
                        ? 429
                        : refused.details().isEmpty()
                                ? HttpServletResponse.SC_CONFLICT
                                : HttpServletResponse.SC_BAD_REQUEST);
        Map<String, String> errors = new LinkedHashMap<>();
        refused.details().forEach(d -> errors.putIfAbsent(d.field(), d.message()));
        // The limit needs no words of its own: the page shows the quota, now 0, and why.
        String problem = refused.code() == ErrorCode.NOTIFICATION_LIMIT_EXCEEDED
                        || !refused.details().isEmpty()
                ? null
                : refused.getMessage();
        return composer(user, campaign, entered, errors, problem, model);
    }

    private String composer(
            SignedIn user,
            Campaign campaign,
            Composer values,
            Map<String, String> errors,
            @Nullable String problem,
            Model model) {
        ZoneId zone = RecipientPages.zone(campaign);
        common(user, campaign, model);
        model.addAttribute("composer", values);
        model.addAttribute("errors", errors);
        model.addAttribute("problem", problem);
        model.addAttribute("maxHeader", Message.MAX_HEADER);
        model.addAttribute("maxBody", Message.MAX_BODY);
        model.addAttribute("until", RecipientPages.time(Instant.now(clock).plus(SendTime.MAX_AHEAD), zone));
        model.addAttribute("maxDays", SendTime.MAX_AHEAD.toDays());
        return "console/notification-compose";
    }

    /** What every notification page shows: the campaign, its zone, the quota, the user's rights. */
    private void common(SignedIn user, Campaign campaign, Model model) {
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute("zone", RecipientPages.zone(campaign).getId());
        model.addAttribute("remaining", notifications.remaining(user.organization(), campaign.id()));
        model.addAttribute("limit", NotificationManagement.LIMIT);
        model.addAttribute("canWrite", user.role().writesCampaigns());
        model.addAttribute("closed", closed(campaign));
    }

    /** An archived or completed campaign sends no new notifications (the module refuses them with 409). */
    private static boolean closed(Campaign campaign) {
        return campaign.status() == CampaignStatus.archived || campaign.status() == CampaignStatus.completed;
    }

    private static Row row(Notification n, List<ProviderReport> reports, ZoneId zone) {
        return new Row(
                n.id(),
                n.kind().name(),
                n.status().name(),
                n.message().header(),
                n.message().body(),
                RecipientPages.time(n.createdAt(), zone),
                n.scheduledFor() == null ? null : RecipientPages.time(n.scheduledFor(), zone),
                n.sentAt() == null ? null : RecipientPages.time(n.sentAt(), zone),
                n.cancelledAt() == null ? null : RecipientPages.time(n.cancelledAt(), zone),
                n.targetedCards(),
                n.deliveredCards(),
                n.failedCards(),
                reports.stream()
                        .map(r -> new WalletReport(
                                ProviderName.parse(r.provider())
                                        .map(ProviderName::walletName)
                                        .orElse(r.provider()),
                                r.targetedCards(),
                                r.deliveredCards(),
                                r.failedCards(),
                                r.unsupportedCards()))
                        .toList(),
                n.status() == NotificationStatus.pending);
    }

    private static int offset(String raw) {
        try {
            return (int) Math.min(Math.max(0, Long.parseLong(raw.strip())), 1_000_000);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private Campaign campaign(SignedIn user, String id) {
        return campaigns.find(user.organization(), new CampaignId(id)).orElseThrow(() -> new NotFound("Campaign"));
    }

    /** Another organization's campaign is not found (404) before a viewer is refused (403). */
    private Campaign writable(SignedIn user, String id) {
        Campaign campaign = campaign(user, id);
        ConsoleWrites.require(user);
        return campaign;
    }
}
