package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardStatus;
import com.walletcards.card.CardView;
import com.walletcards.console.view.RecipientViews;
import com.walletcards.journey.JourneyEvent;
import com.walletcards.journey.Journeys;
import com.walletcards.provider.HolderDevices;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientBrowse;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.shared.Page;
import com.walletcards.shared.ProviderName;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A campaign's recipients: the table (keyset pages of 50, search, filters, two orders) and one
 * recipient with its card's journey. Reads only, through the recipient and journey facades; the
 * writes are {@link RecipientActions}.
 */
@Controller
class RecipientPages {

    static final int PAGE_SIZE = 50;
    static final int JOURNEY_PAGE_SIZE = 20;

    private final CampaignManagement campaigns;
    private final RecipientReads recipients;
    private final Journeys journeys;
    private final HolderDevices devices;

    RecipientPages(CampaignManagement campaigns, RecipientReads recipients, Journeys journeys, HolderDevices devices) {
        this.campaigns = campaigns;
        this.recipients = recipients;
        this.journeys = journeys;
        this.devices = devices;
    }

    @GetMapping("/console/campaigns/{id}/recipients")
    String list(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam(required = false) @Nullable String q,
            @RequestParam(required = false) @Nullable String status,
            @RequestParam(required = false) @Nullable String wallet,
            @RequestParam(required = false) @Nullable String sort,
            @RequestParam(required = false) @Nullable String after,
            @RequestParam(required = false) @Nullable String before,
            Model model) {
        CampaignId campaignId = new CampaignId(id);
        Campaign campaign = campaigns.get(user.organization(), campaignId);
        String search = q == null || q.isBlank() ? null : q.strip();
        CardStatus statusFilter = parse(CardStatus.class, status);
        ProviderName walletFilter = parse(ProviderName.class, wallet);
        RecipientBrowse.Order order =
                "activity".equals(sort) ? RecipientBrowse.Order.activity : RecipientBrowse.Order.added;
        RecipientBrowse.Cursor cursor = before != null && !before.isBlank()
                ? new RecipientBrowse.Cursor(before, true)
                : after != null && !after.isBlank() ? new RecipientBrowse.Cursor(after, false) : null;
        RecipientBrowse.Result page = recipients.browse(
                user.organization(),
                campaignId,
                new RecipientBrowse(search, statusFilter, walletFilter, order, cursor, PAGE_SIZE));
        ZoneId zone = zone(campaign);
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute(
                "total",
                recipients
                        .list(user.organization(), campaignId, null, null, new Page(1, 0))
                        .total());
        model.addAttribute(
                "rows",
                page.rows().stream()
                        .map(r -> new RecipientViews.Row(
                                r.recipient().id(),
                                r.recipient().email(),
                                r.recipient().name(),
                                r.recipient().externalId(),
                                r.recipient().status().name(),
                                r.wallets().stream()
                                        .map(ProviderName::walletName)
                                        .toList(),
                                time(r.lastActivity(), zone)))
                        .toList());
        model.addAttribute("next", page.next() == null ? null : page.next().key());
        model.addAttribute(
                "previous", page.previous() == null ? null : page.previous().key());
        model.addAttribute("q", search == null ? "" : search);
        model.addAttribute("status", statusFilter == null ? "" : statusFilter.name());
        model.addAttribute("wallet", walletFilter == null ? "" : walletFilter.name());
        model.addAttribute("sort", order.name());
        model.addAttribute(
                "statuses", Arrays.stream(CardStatus.values()).map(Enum::name).toList());
        model.addAttribute("wallets", Arrays.asList(ProviderName.values()));
        model.addAttribute("canWrite", user.role().writesCampaigns());
        return "console/recipients";
    }

    @GetMapping("/console/campaigns/{id}/recipients/{rid}")
    String recipient(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String rid,
            @RequestParam(required = false, defaultValue = "1") String events,
            @RequestParam(required = false) @Nullable String done,
            Model model) {
        CampaignId campaignId = new CampaignId(id);
        Campaign campaign = campaigns.get(user.organization(), campaignId);
        Recipient r = recipients.get(user.organization(), campaignId, rid);
        ZoneId zone = zone(campaign);
        int number = pageNumber(events);
        Journeys.JourneyPage journey = journeys.journey(
                user.organization(), campaignId, rid, new Page(JOURNEY_PAGE_SIZE, (number - 1) * JOURNEY_PAGE_SIZE));
        long pages = Math.max(1, (journey.total() + JOURNEY_PAGE_SIZE - 1) / JOURNEY_PAGE_SIZE);
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute("recipient", detail(user, campaignId, r, zone));
        model.addAttribute(
                "events", journey.events().stream().map(e -> event(e, zone)).toList());
        model.addAttribute("eventPage", number);
        model.addAttribute("eventPages", pages);
        model.addAttribute("zone", zone.getId());
        model.addAttribute(
                "devices",
                r.walletCardId() == null
                        ? List.of()
                        : devices.apple(r.walletCardId()).stream()
                                .map(d -> new RecipientViews.Device(d.shortId(), time(d.registeredAt(), zone)))
                                .toList());
        model.addAttribute("canWrite", user.role().writesCampaigns());
        model.addAttribute("done", done != null && done.matches("[a-z]{1,20}") ? done : null);
        return "console/recipient";
    }

    private RecipientViews.Detail detail(SignedIn user, CampaignId campaignId, Recipient r, ZoneId zone) {
        CardView card = r.walletCardId() == null
                ? null
                : recipients.cards(user.organization(), List.of(r)).get(r.walletCardId());
        Map<String, String> data = new LinkedHashMap<>();
        r.recipientData().forEach((k, v) -> data.put(k, String.valueOf(v)));
        return new RecipientViews.Detail(
                r.id(),
                r.email(),
                r.name(),
                r.phone(),
                r.externalId(),
                r.locale() == null ? null : r.locale().getLanguage(),
                data,
                r.status().name(),
                card == null ? null : card.status().name(),
                card == null ? null : card.downloadUrl(),
                recipients.wallets(user.organization(), campaignId, r.id()).stream()
                        .map(ProviderName::walletName)
                        .toList(),
                time(r.createdAt(), zone),
                time(r.updatedAt(), zone));
    }

    private static RecipientViews.Event event(JourneyEvent e, ZoneId zone) {
        String wallet = e.provider() == null
                ? null
                : ProviderName.parse(e.provider()).map(ProviderName::walletName).orElse(e.provider());
        Object device = e.detail().get("device");
        Object count = e.detail().get("count");
        return new RecipientViews.Event(
                e.type().name(),
                wallet,
                time(e.at(), zone),
                device instanceof String d && d.matches("[a-z]{1,20}") ? d : null,
                count instanceof Number n ? n.longValue() : null);
    }

    /** A time in the campaign's zone, in the page's language. */
    static String time(Instant at, ZoneId zone) {
        Locale locale = LocaleContextHolder.getLocale();
        return DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT)
                .withLocale(locale)
                .withZone(zone)
                .format(at);
    }

    static ZoneId zone(Campaign campaign) {
        try {
            return campaign.timezone();
        } catch (RuntimeException e) {
            return ZoneOffset.UTC;
        }
    }

    private static int pageNumber(String raw) {
        try {
            return (int) Math.min(Math.max(1, Long.parseLong(raw.strip())), 100_000);
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    static <E extends Enum<E>> @Nullable E parse(Class<E> type, @Nullable String raw) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        return Arrays.stream(type.getEnumConstants())
                .filter(e -> e.name().equals(raw))
                .findFirst()
                .orElse(null);
    }
}
