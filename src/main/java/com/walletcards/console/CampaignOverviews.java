package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.card.CardUpdates.ContentUpdate;
import com.walletcards.card.CardUpdates.DeliveryCounts;
import com.walletcards.console.view.CampaignOverview;
import com.walletcards.console.view.CampaignOverview.ChartRow;
import com.walletcards.console.view.CampaignOverview.Delivery;
import com.walletcards.console.view.CampaignOverview.DeliveryRow;
import com.walletcards.console.view.CampaignOverview.Range;
import com.walletcards.console.view.CampaignOverview.Stage;
import com.walletcards.console.view.CampaignOverview.Wallet;
import com.walletcards.issuance.UpdateReports;
import com.walletcards.journey.CampaignStats;
import com.walletcards.journey.Journeys;
import com.walletcards.journey.WalletDays;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.FormatStyle;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;

/**
 * Puts a campaign's overview together from the journey module's counters and the issuance
 * module's update delivery; every figure is read from counters, so the page costs the same for ten
 * recipients and a million.
 */
@Component
class CampaignOverviews {

    static final Set<Integer> RANGES = Set.of(7, 30, 90);
    static final int DEFAULT_DAYS = 30;
    private static final String[] WALLETS = {"alpha", "beta", "eudiw"};

    private final Journeys journeys;
    private final UpdateReports updates;
    private final MessageSource messages;
    private final Clock clock;

    CampaignOverviews(Journeys journeys, UpdateReports updates, MessageSource messages, Clock clock) {
        this.journeys = journeys;
        this.updates = updates;
        this.messages = messages;
        this.clock = clock;
    }

    CampaignOverview of(
            OrganizationId org,
            Campaign campaign,
            @Nullable String days,
            @Nullable String from,
            @Nullable String to,
            Locale locale) {
        ZoneId zone = zone(campaign);
        Range range = range(days, from, to, LocalDate.now(clock.withZone(zone)), locale);
        LocalDate first = LocalDate.parse(range.from());
        LocalDate last = LocalDate.parse(range.to());
        CampaignStats stats = journeys.stats(org, campaign.id(), last, last);
        WalletDays walletDays = journeys.walletDays(org, campaign.id(), first, last);
        InstallChart.Labels labels = labels(walletDays, range, locale);
        List<ChartRow> rows = new ArrayList<>();
        DateTimeFormatter dayFormat =
                DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(locale);
        for (WalletDays.Day d : walletDays.days()) {
            rows.add(new ChartRow(
                    d.date().format(dayFormat),
                    d.installed().alpha(),
                    d.installed().beta(),
                    d.installed().eudiw(),
                    d.removed().alpha(),
                    d.removed().beta(),
                    d.removed().eudiw()));
        }
        return new CampaignOverview(
                funnel(stats.funnel()),
                wallets(stats.byProvider()),
                range,
                InstallChart.svg(walletDays, labels, locale, "installs-chart"),
                rows,
                latest(org, campaign, zone, locale));
    }

    /** The range asked for: 7, 30 or 90 days up to today, or from–to; anything else is 30 days and says why. */
    Range range(@Nullable String days, @Nullable String from, @Nullable String to, LocalDate today, Locale locale) {
        String error = null;
        if ((from != null && !from.isBlank()) || (to != null && !to.isBlank())) {
            try {
                LocalDate first = LocalDate.parse(from == null ? "" : from.strip());
                LocalDate last = LocalDate.parse(to == null ? "" : to.strip());
                if (last.isBefore(first)) {
                    error = text("console.overview.range.reversed", locale);
                } else if (ChronoUnit.DAYS.between(first, last) >= Journeys.MAX_DAYS) {
                    error = text("console.overview.range.tooLong", locale, Journeys.MAX_DAYS);
                } else {
                    return range(0, first, last, null, locale);
                }
            } catch (DateTimeParseException e) {
                error = text("console.overview.range.invalid", locale);
            }
        }
        int n = DEFAULT_DAYS;
        if (days != null) {
            try {
                int asked = Integer.parseInt(days.strip());
                n = RANGES.contains(asked) ? asked : DEFAULT_DAYS;
            } catch (NumberFormatException e) {
                n = DEFAULT_DAYS;
            }
        }
        return range(n, today.minusDays(n - 1L), today, error, locale);
    }

    private static Range range(int days, LocalDate first, LocalDate last, @Nullable String error, Locale locale) {
        DateTimeFormatter format =
                DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(locale);
        return new Range(days, first.toString(), last.toString(), first.format(format), last.format(format), error);
    }

    private InstallChart.Labels labels(WalletDays days, Range range, Locale locale) {
        long installs = days.days().stream().mapToLong(d -> d.installed().sum()).sum();
        long removals = days.days().stream().mapToLong(d -> d.removed().sum()).sum();
        return new InstallChart.Labels(
                text("console.overview.chart.title", locale),
                text(
                        "console.overview.chart.description",
                        locale,
                        range.fromLabel(),
                        range.toLabel(),
                        installs,
                        removals),
                text("console.wallet.alpha", locale),
                text("console.wallet.beta", locale),
                text("console.wallet.eudiw", locale),
                text("console.overview.chart.installs", locale),
                text("console.overview.chart.removals", locale),
                text("console.overview.chart.none", locale));
    }

    private static List<Stage> funnel(CampaignStats.Funnel f) {
        List<Stage> stages = new ArrayList<>();
        long base = Math.max(1, f.added());
        stages.add(stage("added", f.added(), null, base));
        stages.add(stage("cardCreated", f.cardCreated(), f.added(), base));
        stages.add(stage("invited", f.invited(), f.cardCreated(), base));
        stages.add(stage("opened", f.opened(), f.invited(), base));
        stages.add(stage("installed", f.installed(), f.opened(), base));
        stages.add(stage("removed", f.removed(), f.installed(), base));
        stages.add(stage("revoked", f.revoked(), f.added(), base));
        return stages;
    }

    /** {@code previous} is the stage the share is of; the bar is the share of everyone added. */
    private static Stage stage(String key, long count, @Nullable Long previous, long base) {
        String share = previous == null || previous == 0 ? null : percent(count, previous);
        double bar = Math.min(100, 100.0 * count / base);
        return new Stage(key, count, share, String.format(Locale.ROOT, "%.1f", bar));
    }

    static String percent(long part, long whole) {
        double p = 100.0 * part / whole;
        long rounded = Math.round(p);
        // Never 100 % for less than all, never 0 % for some.
        if (rounded == 100 && part < whole) {
            rounded = 99;
        } else if (rounded == 0 && part > 0) {
            rounded = 1;
        }
        return (part > 0 && p < 1 ? "<" : "") + rounded + " %";
    }

    private static List<Wallet> wallets(CampaignStats.ByProvider p) {
        return List.of(
                new Wallet(
                        "alpha",
                        p.alpha().handedOver(),
                        p.alpha().installed(),
                        p.alpha().removed(),
                        p.alpha().devices()),
                new Wallet(
                        "beta",
                        p.beta().handedOver(),
                        p.beta().installed(),
                        p.beta().removed(),
                        null),
                new Wallet(
                        "eudiw",
                        p.eudiw().handedOver(),
                        p.eudiw().installed(),
                        p.eudiw().removed(),
                        null));
    }

    private @Nullable Delivery latest(OrganizationId org, Campaign campaign, ZoneId zone, Locale locale) {
        List<ContentUpdate> newest =
                updates.list(org, campaign.id(), new Page(1, 0)).updates();
        if (newest.isEmpty()) {
            return null;
        }
        ContentUpdate u = newest.get(0);
        List<DeliveryRow> rows = new ArrayList<>();
        for (String wallet : WALLETS) {
            DeliveryCounts c = u.byProvider().getOrDefault(wallet, new DeliveryCounts(0, 0, 0, 0, 0));
            rows.add(new DeliveryRow(wallet, c.target(), c.delivered(), c.pending(), c.failed(), c.stale()));
        }
        String at = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT)
                .withLocale(locale)
                .withZone(zone)
                .format(u.at());
        return new Delivery(u.version(), at, u.changed(), rows);
    }

    static ZoneId zone(Campaign campaign) {
        try {
            return campaign.timezone();
        } catch (RuntimeException e) {
            return ZoneOffset.UTC;
        }
    }

    private String text(String key, Locale locale, Object... args) {
        return messages.getMessage(key, args, key, locale);
    }
}
