package com.walletcards.journey;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.ValidationFailed;
import java.time.Clock;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The journey module's facade: a campaign's statistics and a recipient's journey, each of one organization. */
@Service
public class Journeys {

    /** The longest range of daily figures one request may ask for. */
    public static final int MAX_DAYS = 366;

    /** Days of daily figures without {@code from}: the last 30, today included. */
    static final int DEFAULT_DAYS = 30;

    public record JourneyPage(List<JourneyEvent> events, long total) {}

    private final CampaignManagement campaigns;
    private final RecipientReads recipients;
    private final JourneyCounts counts;
    private final JourneyStore store;
    private final Clock clock;

    Journeys(
            CampaignManagement campaigns,
            RecipientReads recipients,
            JourneyCounts counts,
            JourneyStore store,
            Clock clock) {
        this.campaigns = campaigns;
        this.recipients = recipients;
        this.counts = counts;
        this.store = store;
        this.clock = clock;
    }

    /**
     * The campaign's funnel, per-provider figures and daily figures from {@code from} to {@code to}
     * (days in the campaign's time zone; by default the last 30 days up to today).
     */
    @Transactional(readOnly = true) // one connection for the campaign and its figures, not one per read
    public CampaignStats stats(
            OrganizationId org, CampaignId campaignId, @Nullable LocalDate from, @Nullable LocalDate to) {
        if (from != null && to != null && to.isBefore(from)) {
            throw ValidationFailed.of("to", "must not be before from");
        }
        if (from != null && to != null && ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
            throw ValidationFailed.of("to", "must be at most " + MAX_DAYS + " days after from");
        }
        Campaign campaign = campaigns.get(org, campaignId);
        LocalDate last = to != null ? to : from != null ? from.plusDays(DEFAULT_DAYS - 1) : today(campaign);
        LocalDate first = from != null ? from : last.minusDays(DEFAULT_DAYS - 1);
        JourneyCounts.Figures figures = counts.figures(campaignId.value(), first, last);
        Map<String, Long> totals = figures.totals();
        Map<LocalDate, Map<String, Long>> days = figures.days();
        List<CampaignStats.Day> daily = new ArrayList<>();
        for (LocalDate d = first; !d.isAfter(last); d = d.plusDays(1)) {
            Map<String, Long> day = days.getOrDefault(d, Map.of());
            daily.add(new CampaignStats.Day(
                    d, n(day, "invited"), n(day, "opened"), n(day, "installed"), n(day, "removed")));
        }
        return new CampaignStats(
                campaignId.value(),
                first,
                last,
                new CampaignStats.Funnel(
                        n(totals, "added"),
                        n(totals, "cardCreated"),
                        n(totals, "invited"),
                        n(totals, "opened"),
                        n(totals, "installed"),
                        n(totals, "removed"),
                        n(totals, "revoked")),
                byProvider(totals),
                daily);
    }

    private static CampaignStats.ByProvider byProvider(Map<String, Long> totals) {
        return new CampaignStats.ByProvider(
                provider(totals, ProviderName.alpha),
                provider(totals, ProviderName.beta),
                provider(totals, ProviderName.eudiw));
    }

    private static WalletDays.PerWallet perWallet(Map<String, Long> day, String figure) {
        return new WalletDays.PerWallet(
                n(day, ProviderName.alpha + figure),
                n(day, ProviderName.beta + figure),
                n(day, ProviderName.eudiw + figure));
    }

    /**
     * Installs and removals per wallet and day, {@code from} to {@code to} inclusive (days in the
     * campaign's time zone), with the same limits as {@link #stats}. Counted since the
     * service kept them per wallet; earlier days show only in {@link CampaignStats#daily()}.
     */
    public WalletDays walletDays(OrganizationId org, CampaignId campaignId, LocalDate from, LocalDate to) {
        if (to.isBefore(from)) {
            throw ValidationFailed.of("to", "must not be before from");
        }
        if (ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
            throw ValidationFailed.of("to", "must be at most " + MAX_DAYS + " days after from");
        }
        campaigns.get(org, campaignId);
        Map<LocalDate, Map<String, Long>> days = counts.daily(campaignId.value(), from, to);
        List<WalletDays.Day> list = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            Map<String, Long> day = days.getOrDefault(d, Map.of());
            list.add(new WalletDays.Day(d, perWallet(day, ".installed"), perWallet(day, ".removed")));
        }
        return new WalletDays(from, to, list);
    }

    /**
     * The per-wallet figures of several campaigns in one read, for a list: campaigns of another
     * organization than {@code org} are left out.
     */
    public Map<CampaignId, CampaignStats.ByProvider> byProvider(OrganizationId org, List<Campaign> of) {
        List<String> ids = of.stream()
                .filter(c -> c.organizationId().equals(org))
                .map(c -> c.id().value())
                .toList();
        Map<CampaignId, CampaignStats.ByProvider> answer = new java.util.LinkedHashMap<>();
        counts.totals(ids).forEach((id, totals) -> answer.put(new CampaignId(id), byProvider(totals)));
        return answer;
    }

    /** The recipient's journey, oldest first; another organization's recipient is not found. */
    public JourneyPage journey(OrganizationId org, CampaignId campaignId, String recipientId, Page page) {
        recipients.get(org, campaignId, recipientId);
        return new JourneyPage(
                store.page(org, campaignId.value(), recipientId, page),
                store.total(org, campaignId.value(), recipientId));
    }

    private LocalDate today(Campaign campaign) {
        try {
            return LocalDate.now(clock.withZone(campaign.timezone()));
        } catch (RuntimeException e) {
            return LocalDate.now(clock.withZone(java.time.ZoneOffset.UTC));
        }
    }

    private static CampaignStats.Provider provider(Map<String, Long> totals, ProviderName p) {
        return new CampaignStats.Provider(
                n(totals, p + ".handedOver"),
                n(totals, p + ".installed"),
                n(totals, p + ".removed"),
                p == ProviderName.alpha ? n(totals, p + ".devices") : null);
    }

    private static long n(Map<String, Long> values, String metric) {
        return values.getOrDefault(metric, 0L);
    }
}
