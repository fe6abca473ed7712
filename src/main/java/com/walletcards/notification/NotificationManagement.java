package com.walletcards.notification;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignStatus;
import com.walletcards.notification.NotificationErrors.NotificationLimitExceeded;
import com.walletcards.notification.NotificationErrors.NotificationNotFound;
import com.walletcards.shared.Ids;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.Jobs;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The notification module's facade. */
@Service
public class NotificationManagement {

    /** Notifications per campaign over its lifetime, immediate and scheduled together. */
    public static final int LIMIT = 3;

    private static final Logger log = LoggerFactory.getLogger(NotificationManagement.class);
    private final NotificationQueries queries;
    private final ProviderReportQueries reports;
    private final CampaignManagement campaigns;
    private final Jobs jobs;
    private final Clock clock;

    NotificationManagement(
            NotificationQueries queries,
            ProviderReportQueries reports,
            CampaignManagement campaigns,
            Jobs jobs,
            Clock clock) {
        this.queries = queries;
        this.reports = reports;
        this.campaigns = campaigns;
        this.jobs = jobs;
        this.clock = clock;
    }

    public record NotificationPage(List<Notification> notifications, long total) {}

    /** Sends to every card that is active when the background fan-out reaches it. */
    @Transactional
    public Notification send(OrganizationId org, CampaignId campaignId, Message message) {
        Instant now = Times.now(clock);
        reserveSlot(org, campaignId);
        Notification n = Notification.immediate(Ids.newId("ntf"), org, campaignId, message, now);
        queries.insert(n);
        scheduleDelivery(n, now);
        return n;
    }

    /** Stores a pending notification that the background job sends at {@code scheduledFor}. */
    @Transactional
    public Notification schedule(OrganizationId org, CampaignId campaignId, Message message, Instant scheduledFor) {
        Instant now = Times.now(clock);
        // The window is part of validation, so it is checked before the campaign and the limit.
        Notification n = Notification.scheduled(Ids.newId("ntf"), org, campaignId, message, scheduledFor, now);
        reserveSlot(org, campaignId);
        queries.insert(n);
        scheduleDelivery(n, scheduledFor);
        return n;
    }

    /**
     * How many of the campaign's {@link #LIMIT} notifications are still free: what a send or a
     * schedule would find now (a parallel one may take the last slot first).
     */
    @Transactional(readOnly = true)
    public int remaining(OrganizationId org, CampaignId campaignId) {
        campaigns.get(org, campaignId);
        return Math.max(0, LIMIT - queries.countTowardsLimit(org, campaignId));
    }

    /** The per-provider reports of these notifications, by notification id. */
    @Transactional(readOnly = true)
    public Map<String, List<ProviderReport>> providerReports(Collection<String> notificationIds) {
        return reports.find(notificationIds);
    }

    @Transactional(readOnly = true)
    public Notification get(OrganizationId org, CampaignId campaignId, String notificationId) {
        campaigns.get(org, campaignId);
        return queries.find(org, campaignId, notificationId).orElseThrow(NotificationNotFound::new);
    }

    @Transactional(readOnly = true)
    public NotificationPage listScheduled(
            OrganizationId org, CampaignId campaignId, @Nullable NotificationStatus status, Page page) {
        campaigns.get(org, campaignId);
        return new NotificationPage(
                queries.listScheduled(org, campaignId, status, page),
                queries.count(org, campaignId, NotificationKind.scheduled, status));
    }

    /** Every notification of the campaign, of either kind, newest first. */
    @Transactional(readOnly = true)
    public NotificationPage list(
            OrganizationId org,
            CampaignId campaignId,
            @Nullable NotificationKind kind,
            @Nullable NotificationStatus status,
            Page page) {
        campaigns.get(org, campaignId);
        return new NotificationPage(
                queries.listNewestFirst(org, campaignId, kind, status, page),
                queries.count(org, campaignId, kind, status));
    }

    /**
     * Cancels a pending notification. The row lock and the conditional update make this and the
     * start of sending mutually exclusive: exactly one of them wins.
     */
    @Transactional
    public Notification cancel(OrganizationId org, CampaignId campaignId, String notificationId) {
        campaigns.get(org, campaignId);
        Notification n = queries.findForUpdate(org, campaignId, notificationId).orElseThrow(NotificationNotFound::new);
        n.cancel(Times.now(clock));
        if (!queries.cancelIfPending(n)) {
            throw new InvalidState("Only a pending scheduled notification can be cancelled");
        }
        dropScheduledExecution(n);
        return n;
    }

    /**
     * Takes one of the campaign's slots, or fails. The campaign row lock serializes concurrent
     * requests per campaign, so the count below cannot be overtaken by a parallel insert: ten
     * parallel sends on a fresh campaign give exactly three notifications.
     */
    private void reserveSlot(OrganizationId org, CampaignId campaignId) {
        Campaign campaign = campaigns.lock(org, campaignId);
        if (campaign.status() == CampaignStatus.archived || campaign.status() == CampaignStatus.completed) {
            throw new InvalidState("The campaign is " + campaign.status() + "; it sends no new notifications");
        }
        if (queries.countTowardsLimit(org, campaignId) >= LIMIT) {
            throw new NotificationLimitExceeded(LIMIT);
        }
    }

    /** In the same transaction as the notification: either both are stored or neither. */
    private void scheduleDelivery(Notification n, Instant at) {
        jobs.schedule(NotificationSending.TASK.instance(n.id()).scheduledTo(at));
    }

    /**
     * Removes the waiting execution so it does not linger until its time. Best effort: when the
     * scheduler has just picked it, the job finds the notification cancelled and does nothing.
     */
    private void dropScheduledExecution(Notification n) {
        try {
            jobs.cancel(NotificationSending.TASK.instanceId(n.id()));
        } catch (RuntimeException alreadyPickedOrGone) {
            log.debug(
                    "Execution of cancelled notification {} not removed: {}", n.id(), alreadyPickedOrGone.getMessage());
        }
    }
}
