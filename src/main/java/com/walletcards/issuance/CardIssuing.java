package com.walletcards.issuance;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignStatus;
import com.walletcards.card.NewCard;
import com.walletcards.card.WalletCards;
import com.walletcards.card.spi.CardContent;
import com.walletcards.recipient.HistoryEntry;
import com.walletcards.recipient.PendingCard;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientCards;
import com.walletcards.recipient.RecipientEvents.RecipientInvited;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.ExternalEvents;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Issues the cards of one card-generation batch, a chunk per transaction: a crash loses at most
 * the chunk in flight, which the retried job issues again (recipients without a card are picked
 * up; those with one are not, so no recipient ever gets two).
 */
@Component
class CardIssuing {

    static final int CHUNK = 500;
    private final RecipientCards recipients;
    private final CampaignManagement campaigns;
    private final CardContents contents;
    private final WalletCards cards;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    CardIssuing(
            RecipientCards recipients,
            CampaignManagement campaigns,
            CardContents contents,
            WalletCards cards,
            ApplicationEventPublisher events,
            Clock clock) {
        this.recipients = recipients;
        this.campaigns = campaigns;
        this.contents = contents;
        this.cards = cards;
        this.events = events;
        this.clock = clock;
    }

    record Chunk(int size, List<Invitations.Pending> emails) {}

    @Transactional
    public Chunk issueChunk(String cardBatch) {
        List<PendingCard> pending = recipients.pendingInBatch(cardBatch, CHUNK);
        if (pending.isEmpty()) {
            return new Chunk(0, List.of());
        }
        // A batch belongs to one campaign: a bulk add has its own, the single adds of a campaign share one.
        OrganizationId org = pending.get(0).organizationId();
        String campaignId = pending.get(0).campaignId();
        Campaign campaign = campaigns.find(org, new CampaignId(campaignId)).orElse(null);
        if (campaign == null) { // deleted meanwhile: nobody to issue cards for
            recipients.abandon(pending.stream().map(PendingCard::recipientId).toList());
            return new Chunk(pending.size(), List.of());
        }
        List<Invitations.Pending> emails = issue(org, campaign, pending);
        return new Chunk(pending.size(), emails);
    }

    /**
     * Creates the cards (and sends invitations where asked) for recipients of one campaign. The
     * campaign was read once for the chunk, and so is the content of its cards.
     */
    List<Invitations.Pending> issue(OrganizationId org, Campaign campaign, List<PendingCard> pending) {
        Instant now = Times.now(clock);
        // Read before the cards are made: a recipient deleted meanwhile is missing and gets none.
        List<Recipient> batch = recipients.find(
                org, pending.stream().map(PendingCard::recipientId).toList());
        Map<String, CardContent> content = contents.forBatch(org, campaign, batch);
        Map<String, PendingCard> byId = pending.stream().collect(Collectors.toMap(PendingCard::recipientId, p -> p));
        List<NewCard> requested = batch.stream()
                .map(r -> new NewCard(r.id(), providers(byId.get(r.id()), campaign), content.get(r.id())))
                .toList();
        Map<String, String> cardIds = cards.create(org, campaign.id().value(), requested);
        List<HistoryEntry> history = new ArrayList<>();
        List<Recipient> invitees = new ArrayList<>();
        Set<String> inviteOnCreate = pending.stream()
                .filter(PendingCard::inviteOnCreate)
                .map(PendingCard::recipientId)
                .collect(Collectors.toSet());
        for (Recipient r : batch) {
            r.cardCreated(cardIds.get(r.id()), now);
            history.add(HistoryEntry.of(r, "card created"));
            if (inviteOnCreate.contains(r.id())) {
                invitees.add(r);
            }
        }
        List<Invitations.Pending> emails = new ArrayList<>();
        if (!invitees.isEmpty() && acceptsInvitations(org, campaign)) {
            emails = invite(org, campaign, invitees, history, now);
        }
        recipients.saveStatuses(batch, history);
        return emails;
    }

    /**
     * Invites recipients whose cards exist: marks cards and recipients, records the history and
     * publishes the events. The caller saves the recipients; emails go out after commit.
     */
    List<Invitations.Pending> invite(
            OrganizationId org,
            Campaign campaign,
            List<Recipient> recipients,
            List<HistoryEntry> history,
            Instant now) {
        Map<String, String> links = cards.invite(
                org, recipients.stream().map(Recipient::walletCardId).toList());
        List<Invitations.Pending> invited = new ArrayList<>();
        List<ExternalEvent> published = new ArrayList<>();
        for (Recipient r : recipients) {
            String link = links.get(r.walletCardId());
            r.invited(now);
            history.add(HistoryEntry.of(r, "invited"));
            published.add(new RecipientInvited(org, r.id(), r.campaignId(), r.walletCardId(), link, now));
            invited.add(new Invitations.Pending(r, campaign, link));
        }
        events.publishEvent(new ExternalEvents(published));
        return invited;
    }

    /** The recipient's own choice of wallets, else the campaign's. */
    private static List<String> providers(PendingCard pending, Campaign campaign) {
        return ProviderTypes.expand(
                pending.providerTypes() != null ? pending.providerTypes() : campaign.providerTypes());
    }

    private boolean acceptsInvitations(OrganizationId org, Campaign campaign) {
        if (campaign.status() == CampaignStatus.archived || campaign.status() == CampaignStatus.completed) {
            return false; // cards are still issued; inviting waits for an explicit invite
        }
        campaigns.acceptInvitation(org, campaign.id());
        return true;
    }
}
