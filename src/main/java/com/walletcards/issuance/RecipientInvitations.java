package com.walletcards.issuance;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.WalletCards;
import com.walletcards.email.OutgoingEmail;
import com.walletcards.recipient.HistoryEntry;
import com.walletcards.recipient.PendingCard;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientCards;
import com.walletcards.recipient.RecipientEvents.RecipientInvited;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Invites recipients, one or all that are ready; emails go out after the invitation has committed. */
@Service
public class RecipientInvitations {

    private final RecipientCards recipients;
    private final CampaignManagement campaigns;
    private final WalletCards cards;
    private final CardIssuing issuing;
    private final Invitations mail;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final Clock clock;

    RecipientInvitations(
            RecipientCards recipients,
            CampaignManagement campaigns,
            WalletCards cards,
            CardIssuing issuing,
            Invitations mail,
            ApplicationEventPublisher events,
            PlatformTransactionManager transactions,
            Clock clock) {
        this.recipients = recipients;
        this.campaigns = campaigns;
        this.cards = cards;
        this.issuing = issuing;
        this.mail = mail;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    public record Invitation(Recipient recipient, String downloadUrl, boolean emailSent) {}

    public record BulkInvitation(
            int invited, int emailsSent, int emailsFailed, long remaining, List<Invitation> invitations) {}

    /** Invites one recipient: its card is issued on the spot when missing; the link stays the same on re-invites. */
    public Invitation invite(
            OrganizationId org, CampaignId campaignId, String recipientId, boolean sendEmail, InviteEmail wording) {
        Invitations.Pending pending = transaction.execute(tx -> inviteInTransaction(org, campaignId, recipientId));
        boolean sent = sendEmail && mail.send(pending, wording);
        return new Invitation(pending.recipient(), pending.downloadUrl(), sent);
    }

    private Invitations.Pending inviteInTransaction(OrganizationId org, CampaignId campaignId, String recipientId) {
        Campaign campaign = campaigns.requireAcceptingRecipients(org, campaignId);
        Recipient r = recipients.lock(org, campaignId, recipientId);
        r.ensureInvitable();
        if (r.walletCardId() == null) {
            issuing.issue(
                    org, campaign, List.of(new PendingCard(r.id(), org, campaignId.value(), r.providerTypes(), false)));
            r = recipients.lock(org, campaignId, recipientId);
        }
        campaign = campaigns.acceptInvitation(org, campaignId);
        Instant now = Times.now(clock);
        String link = cards.invite(org, List.of(r.walletCardId())).get(r.walletCardId());
        r.invited(now);
        recipients.save(r, HistoryEntry.of(r, "invited"));
        events.publishEvent(new RecipientInvited(org, r.id(), r.campaignId(), r.walletCardId(), link, now));
        return new Invitations.Pending(r, campaign, link);
    }

    /** How many recipients of the campaign have a ready card and were never invited (status created). */
    public long readyToInvite(OrganizationId org, CampaignId campaignId) {
        campaigns.get(org, campaignId);
        return recipients.readyToInvite(campaignId);
    }

    /**
     * The invitation email a recipient would receive with this wording, composed as an invite
     * composes it, without inviting: the card's link when it has a card, else a sample address.
     */
    public OutgoingEmail preview(OrganizationId org, CampaignId campaignId, String recipientId, InviteEmail wording) {
        return mail.compose(previewed(org, campaignId, recipientId), wording);
    }

    /** Sends the previewed invitation to {@code to} (a campaign manager checking it), not to the recipient. */
    public boolean sendTest(
            OrganizationId org, CampaignId campaignId, String recipientId, InviteEmail wording, String to) {
        return mail.sendTest(previewed(org, campaignId, recipientId), wording, to);
    }

    private Invitations.Pending previewed(OrganizationId org, CampaignId campaignId, String recipientId) {
        Campaign campaign = campaigns.get(org, campaignId);
        Recipient r = recipients.find(org, List.of(recipientId)).stream()
                .filter(found -> found.campaignId().equals(campaignId.value()))
                .findFirst()
                .orElseThrow(() -> new NotFound("Recipient"));
        String link = r.walletCardId() == null
                ? null
                : cards.views(org, List.of(r.walletCardId())).entrySet().stream()
                        .map(e -> e.getValue().downloadUrl())
                        .findFirst()
                        .orElse(null);
        return new Invitations.Pending(r, campaign, link == null ? SAMPLE_LINK : link);
    }

    /** Stands in for the link of a card not issued yet; inviting issues the card and its real link. */
    static final String SAMPLE_LINK = "https://wallet.example/c/sample";

    /** Invites up to {@code limit} ready recipients (status created), oldest first. */
    public BulkInvitation inviteReady(
            OrganizationId org, CampaignId campaignId, int limit, boolean sendEmail, InviteEmail wording) {
        record Outcome(List<Invitations.Pending> invited, long remaining) {}
        Outcome outcome = transaction.execute(tx -> {
            campaigns.requireAcceptingRecipients(org, campaignId);
            List<Recipient> ready = recipients.lockReadyToInvite(org, campaignId, limit);
            List<Invitations.Pending> invited = new ArrayList<>();
            if (!ready.isEmpty()) {
                Campaign campaign = campaigns.acceptInvitation(org, campaignId);
                List<HistoryEntry> history = new ArrayList<>();
                invited = issuing.invite(org, campaign, ready, history, Times.now(clock));
                recipients.saveStatuses(ready, history);
            }
            return new Outcome(invited, recipients.readyToInvite(campaignId));
        });
        int sent = 0;
        int failed = 0;
        List<Invitation> result = new ArrayList<>();
        for (Invitations.Pending p : outcome.invited()) {
            boolean ok = false;
            if (sendEmail) {
                ok = mail.send(p, wording);
                if (ok) {
                    sent++;
                } else {
                    failed++;
                }
            }
            result.add(new Invitation(p.recipient(), p.downloadUrl(), ok));
        }
        return new BulkInvitation(result.size(), sent, failed, outcome.remaining(), result);
    }
}
