package com.walletcards.campaign;

import com.walletcards.campaign.CampaignErrors.CampaignNotFound;
import com.walletcards.campaign.CampaignEvents.CampaignCreated;
import com.walletcards.campaign.CampaignEvents.CampaignDeleted;
import com.walletcards.campaign.CampaignEvents.CampaignEvent;
import com.walletcards.campaign.CampaignEvents.CampaignStatusChanged;
import com.walletcards.shared.Ids;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** The campaign module's facade: load, call one aggregate method, save, publish. */
@Service
public class CampaignManagement {

    private final CampaignQueries queries;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    CampaignManagement(CampaignQueries queries, ApplicationEventPublisher events, Clock clock) {
        this.queries = queries;
        this.events = events;
        this.clock = clock;
    }

    public record CampaignPage(List<Campaign> campaigns, long total) {}

    @Transactional
    public Campaign create(OrganizationId org, NewCampaign input) {
        Instant now = Times.now(clock);
        Campaign campaign = Campaign.create(new CampaignId(Ids.newId("cmp")), org, input, now);
        queries.insert(campaign);
        events.publishEvent(new CampaignCreated(org, campaign.id(), now));
        return campaign;
    }

    // No transaction of its own: one statement, which needs none, and a read-only transaction only
    // adds its BEGIN and COMMIT round trips. Inside a caller's transaction it runs in that one.
    public Campaign get(OrganizationId org, CampaignId id) {
        return queries.find(org, id).orElseThrow(CampaignNotFound::new);
    }

    /** Like {@link #get} without failing: for callers inside a transaction that must not roll back. */
    public Optional<Campaign> find(OrganizationId org, CampaignId id) {
        return queries.find(org, id);
    }

    public CampaignPage list(
            OrganizationId org, @Nullable CampaignStatus status, @Nullable CampaignType type, Page page) {
        CampaignQueries.PageRows rows = queries.page(org, status, type, page);
        return new CampaignPage(rows.campaigns(), rows.total());
    }

    /** As {@link #list}, and with a name search (any case, anywhere in the name), as the console asks. */
    public CampaignPage search(
            OrganizationId org,
            @Nullable CampaignStatus status,
            @Nullable CampaignType type,
            @Nullable String nameContains,
            Page page) {
        CampaignQueries.PageRows rows = queries.page(org, status, type, nameContains, page);
        return new CampaignPage(rows.campaigns(), rows.total());
    }

    @Transactional
    public Campaign update(OrganizationId org, CampaignId id, CampaignChanges changes) {
        Campaign campaign = locked(org, id);
        return save(campaign, campaign.apply(changes, Times.now(clock)));
    }

    @Transactional
    public Campaign archive(OrganizationId org, CampaignId id) {
        Campaign campaign = locked(org, id);
        return save(campaign, campaign.archive(Times.now(clock)).stream().toList());
    }

    @Transactional
    public Campaign unarchive(OrganizationId org, CampaignId id) {
        Campaign campaign = locked(org, id);
        return save(campaign, campaign.unarchive(Times.now(clock)).stream().toList());
    }

    @Transactional
    public void delete(OrganizationId org, CampaignId id) {
        Instant now = Times.now(clock);
        if (!queries.softDelete(org, id, now)) {
            throw new CampaignNotFound();
        }
        events.publishEvent(new CampaignDeleted(org, id, now));
    }

    /**
     * For the recipient module, inside its transaction: the campaign must accept recipients, and
     * from now on counts as having them (which locks its barcode strategy).
     */
    @Transactional
    public Campaign acceptRecipients(OrganizationId org, CampaignId id) {
        Campaign campaign = get(org, id);
        if (!campaign.hasRecipients()) {
            // The first adds: the mark waits for a PATCH holding the row, and the campaign is read
            // again after it, so a barcode strategy that PATCH committed is the one checked. Later
            // adds skip both: once marked, a campaign's strategy can no longer change.
            queries.markHasRecipients(org, id);
            campaign = get(org, id);
        }
        campaign.ensureAcceptsRecipients();
        return campaign;
    }

    /** For the recipient module: the campaign exists and is neither archived nor completed. */
    @Transactional(readOnly = true)
    public Campaign requireAcceptingRecipients(OrganizationId org, CampaignId id) {
        Campaign campaign = get(org, id);
        campaign.ensureAcceptsRecipients();
        return campaign;
    }

    /** For the recipient module: the first invitation activates a draft campaign. */
    @Transactional
    public Campaign acceptInvitation(OrganizationId org, CampaignId id) {
        Campaign campaign = get(org, id);
        campaign.ensureAcceptsRecipients();
        if (campaign.status() != CampaignStatus.draft) {
            return campaign;
        }
        Campaign fresh = locked(org, id);
        return save(
                fresh, fresh.activateOnFirstInvite(Times.now(clock)).stream().toList());
    }

    /**
     * For modules that keep a per-campaign invariant (the notification limit): the live campaign,
     * row-locked until the caller's transaction ends, so their check-then-write serializes per
     * campaign and with a concurrent delete. Must run inside the caller's transaction.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public Campaign lock(OrganizationId org, CampaignId id) {
        return locked(org, id);
    }

    /** Completes a batch of active campaigns whose event is over; returns how many. */
    @Transactional
    int completeEndedCampaigns(int batchSize) {
        Instant now = Times.now(clock);
        int completed = 0;
        for (Campaign campaign : queries.dueForCompletion(now, batchSize)) {
            Optional<CampaignStatusChanged> event = campaign.completeIfOver(now);
            if (event.isPresent()) {
                save(campaign, List.of(event.get()));
                completed++;
            }
        }
        return completed;
    }

    private Campaign locked(OrganizationId org, CampaignId id) {
        return queries.findForUpdate(org, id).orElseThrow(CampaignNotFound::new);
    }

    private Campaign save(Campaign campaign, List<? extends CampaignEvent> changes) {
        if (!changes.isEmpty()) {
            queries.update(campaign);
            changes.forEach(events::publishEvent);
        }
        return campaign;
    }
}
