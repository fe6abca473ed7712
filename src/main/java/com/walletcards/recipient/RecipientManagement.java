package com.walletcards.recipient;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.walletcards.campaign.BarcodeValueStrategy;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardStatus;
import com.walletcards.card.CardView;
import com.walletcards.card.WalletCards;
import com.walletcards.recipient.RecipientErrors.RecipientExists;
import com.walletcards.recipient.RecipientErrors.RecipientNotFound;
import com.walletcards.recipient.RecipientEvents.RecipientCreated;
import com.walletcards.recipient.RecipientEvents.RecipientInvited;
import com.walletcards.recipient.RecipientQueries.HistoryEntry;
import com.walletcards.recipient.RecipientQueries.PendingCard;
import com.walletcards.shared.AfterCommit;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.Ids;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.shared.Times;
import com.walletcards.shared.ValidationFailed;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/** The recipient module's facade. */
@Service
public class RecipientManagement {

    public static final int MAX_BULK = 1000;
    private final RecipientQueries queries;
    private final CampaignManagement campaigns;
    private final WalletCards cards;
    private final CardIssuing issuing;
    private final Invitations invitations;
    private final ObjectProvider<SchedulerClient> scheduler;
    private final AfterCommit afterCommit;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final Clock clock;

    RecipientManagement(
            RecipientQueries queries,
            CampaignManagement campaigns,
            WalletCards cards,
            CardIssuing issuing,
            Invitations invitations,
            ObjectProvider<SchedulerClient> scheduler,
            AfterCommit afterCommit,
            ApplicationEventPublisher events,
            PlatformTransactionManager transactions,
            Clock clock) {
        this.queries = queries;
        this.campaigns = campaigns;
        this.cards = cards;
        this.issuing = issuing;
        this.invitations = invitations;
        this.scheduler = scheduler;
        this.afterCommit = afterCommit;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    public record RecipientPage(List<Recipient> recipients, long total) {}

    public record Invitation(Recipient recipient, String downloadUrl, boolean emailSent) {}

    public record BulkInvitation(
            int invited, int emailsSent, int emailsFailed, long remaining, List<Invitation> invitations) {}

    /** Adds one recipient (status pending); its card is issued in the background. */
    public Recipient add(OrganizationId org, CampaignId campaignId, NewRecipient input) {
        try {
            return transaction.execute(tx -> {
                Campaign campaign = campaigns.acceptRecipients(org, campaignId);
                requireBarcodeValue(campaign, input, "recipientData.barcodeValue");
                Recipient recipient = newRecipient(org, campaignId, input, Times.now(clock));
                store(List.of(recipient), recipient.id(), false);
                return recipient;
            });
        } catch (DuplicateKeyException sameEmail) {
            throw new RecipientExists();
        }
    }

    /**
     * Adds every valid item in one transaction with JDBC batches and one card-generation job;
     * items that are invalid, repeated in the request or already present are refused by index.
     */
    public BulkAdd.Result addAll(
            OrganizationId org, CampaignId campaignId, List<BulkAdd.Item> items, boolean sendEmail) {
        for (int attempt = 1; ; attempt++) {
            try {
                return transaction.execute(tx -> addAllOnce(org, campaignId, items, sendEmail));
            } catch (DuplicateKeyException raced) {
                if (attempt == 3) {
                    throw new RecipientExists();
                }
                // A parallel request took one of the addresses between our check and insert: check again.
            }
        }
    }

    private BulkAdd.Result addAllOnce(
            OrganizationId org, CampaignId campaignId, List<BulkAdd.Item> items, boolean sendEmail) {
        Campaign campaign = campaigns.acceptRecipients(org, campaignId);
        Instant now = Times.now(clock);
        Set<String> taken = queries.liveEmails(
                campaignId.value(),
                items.stream()
                        .filter(i -> i.recipient() != null)
                        .map(i -> Recipient.normalizedEmail(i.recipient().email()))
                        .toList());
        Set<String> seen = new HashSet<>();
        List<Recipient> accepted = new ArrayList<>();
        List<BulkAdd.Added> added = new ArrayList<>();
        List<BulkAdd.Refused> refused = new ArrayList<>();
        for (BulkAdd.Item item : items) {
            BulkAdd.Failure failure = item.failure();
            NewRecipient input = item.recipient();
            if (failure == null && input != null) {
                String normalized = Recipient.normalizedEmail(input.email());
                if (taken.contains(normalized) || !seen.add(normalized)) {
                    failure = new BulkAdd.Failure(
                            ErrorCode.RECIPIENT_EXISTS.name(),
                            "A recipient with this email already exists in the campaign or earlier in this request",
                            List.of(new FieldError("recipients[" + item.index() + "].email", "is already used")));
                } else if (missingBarcodeValue(campaign, input)) {
                    failure = new BulkAdd.Failure(
                            ErrorCode.VALIDATION_FAILED.name(),
                            "recipientData.barcodeValue is required: the campaign uses custom barcode values",
                            List.of(new FieldError(
                                    "recipients[" + item.index() + "].recipientData.barcodeValue", "is required")));
                }
            }
            if (failure != null) {
                refused.add(new BulkAdd.Refused(
                        item.index(), item.email(), failure.code(), failure.message(), failure.details()));
                continue;
            }
            Recipient r = newRecipient(org, campaignId, input, now);
            accepted.add(r);
            added.add(new BulkAdd.Added(
                    item.index(), r.id(), r.email(), r.status().name()));
        }
        if (!accepted.isEmpty()) {
            store(accepted, Ids.newId("batch"), sendEmail);
        }
        return new BulkAdd.Result(added.size(), refused.size(), added, refused);
    }

    @Transactional(readOnly = true)
    public Recipient get(OrganizationId org, CampaignId campaignId, String recipientId) {
        campaigns.get(org, campaignId);
        return queries.find(org, campaignId.value(), recipientId).orElseThrow(RecipientNotFound::new);
    }

    @Transactional(readOnly = true)
    public RecipientPage list(
            OrganizationId org,
            CampaignId campaignId,
            @Nullable String email,
            @Nullable RecipientStatus status,
            Page page) {
        campaigns.get(org, campaignId);
        return new RecipientPage(
                queries.list(org, campaignId.value(), email, status, page),
                queries.count(org, campaignId.value(), email, status));
    }

    @Transactional(readOnly = true)
    public Map<String, List<HistoryItem>> history(OrganizationId org, List<Recipient> recipients) {
        Map<String, List<HistoryItem>> items = new HashMap<>();
        queries.history(org, recipients.stream().map(Recipient::id).toList())
                .forEach((id, entries) -> items.put(
                        id,
                        entries.stream()
                                .map(h -> new HistoryItem(h.status().name(), h.at(), h.reason()))
                                .toList()));
        return items;
    }

    /** The providers a recipient's card targets: its own list, else its campaign's. */
    @Transactional(readOnly = true)
    public List<String> targetedProviders(OrganizationId org, CampaignId campaignId, Recipient r) {
        return ProviderTypes.expand(
                r.providerTypes() != null
                        ? r.providerTypes()
                        : campaigns.get(org, campaignId).providerTypes());
    }

    @Transactional(readOnly = true)
    public Map<String, CardView> cards(OrganizationId org, List<Recipient> recipients) {
        return cards.views(
                org,
                recipients.stream()
                        .map(Recipient::walletCardId)
                        .filter(java.util.Objects::nonNull)
                        .toList());
    }

    @Transactional
    public Recipient update(OrganizationId org, CampaignId campaignId, String recipientId, RecipientChanges changes) {
        Campaign campaign = campaigns.get(org, campaignId);
        Recipient r = locked(org, campaignId, recipientId);
        if (campaign.barcodeValueStrategy() == BarcodeValueStrategy.custom
                && changes.recipientData() != null
                && changes.recipientData().containsKey(RecipientCardContent.BARCODE_VALUE)
                && !(changes.recipientData().get(RecipientCardContent.BARCODE_VALUE) instanceof String s
                        && !s.isBlank())) {
            throw ValidationFailed.of(
                    "recipientData.barcodeValue", "is required: the campaign uses custom barcode values");
        }
        r.apply(changes, Times.now(clock)).ifPresent(events::publishEvent);
        queries.update(r);
        return r;
    }

    @Transactional
    public Recipient delete(OrganizationId org, CampaignId campaignId, String recipientId) {
        campaigns.get(org, campaignId);
        Recipient r = locked(org, campaignId, recipientId);
        events.publishEvent(r.delete(Times.now(clock)));
        if (r.walletCardId() != null) {
            cards.markDeleted(org, r.walletCardId());
        }
        queries.update(r);
        queries.addHistory(List.of(HistoryEntry.of(r, "deleted")));
        return r;
    }

    @Transactional
    public Recipient revoke(OrganizationId org, CampaignId campaignId, String recipientId) {
        campaigns.get(org, campaignId);
        Recipient r = locked(org, campaignId, recipientId);
        r.revoke(Times.now(clock)).ifPresent(revoked -> {
            if (r.walletCardId() != null) {
                cards.revoke(org, r.walletCardId());
            }
            queries.update(r);
            queries.addHistory(List.of(HistoryEntry.of(r, "revoked")));
            events.publishEvent(revoked);
        });
        return r;
    }

    /** Invites one recipient: its card is issued on the spot when missing; the link stays the same on re-invites. */
    public Invitation invite(
            OrganizationId org, CampaignId campaignId, String recipientId, boolean sendEmail, InviteEmail wording) {
        Invitations.Pending pending = transaction.execute(tx -> inviteInTransaction(org, campaignId, recipientId));
        boolean sent = sendEmail && invitations.send(pending, wording);
        return new Invitation(pending.recipient(), pending.downloadUrl(), sent);
    }

    private Invitations.Pending inviteInTransaction(OrganizationId org, CampaignId campaignId, String recipientId) {
        Campaign campaign = campaigns.requireAcceptingRecipients(org, campaignId);
        Recipient r = locked(org, campaignId, recipientId);
        r.ensureInvitable();
        if (r.walletCardId() == null) {
            issuing.issue(
                    org, campaign, List.of(new PendingCard(r.id(), org, campaignId.value(), r.providerTypes(), false)));
            r = locked(org, campaignId, recipientId);
        }
        campaign = campaigns.acceptInvitation(org, campaignId);
        Instant now = Times.now(clock);
        String link = cards.invite(org, List.of(r.walletCardId())).get(r.walletCardId());
        CardStatus cardStatus = cards.get(org, r.walletCardId()).status();
        r.invited(cardStatus, now);
        queries.update(r);
        queries.addHistory(List.of(HistoryEntry.of(r, "invited")));
        events.publishEvent(new RecipientInvited(org, r.id(), r.campaignId(), r.walletCardId(), link, now));
        return new Invitations.Pending(r, campaign, link);
    }

    /** Invites up to {@code limit} ready recipients (status created), oldest first. */
    public BulkInvitation inviteReady(
            OrganizationId org, CampaignId campaignId, int limit, boolean sendEmail, InviteEmail wording) {
        record Outcome(List<Invitations.Pending> invited, long remaining) {}
        Outcome outcome = transaction.execute(tx -> {
            campaigns.requireAcceptingRecipients(org, campaignId);
            List<Recipient> ready = queries.readyToInvite(org, campaignId.value(), limit);
            List<Invitations.Pending> invited = new ArrayList<>();
            if (!ready.isEmpty()) {
                Campaign campaign = campaigns.acceptInvitation(org, campaignId);
                List<HistoryEntry> history = new ArrayList<>();
                invited = issuing.invite(org, campaign, ready, history, Times.now(clock));
                queries.updateStatuses(ready);
                queries.addHistory(history);
            }
            return new Outcome(invited, queries.count(org, campaignId.value(), null, RecipientStatus.created));
        });
        int sent = 0;
        int failed = 0;
        List<Invitation> result = new ArrayList<>();
        for (Invitations.Pending p : outcome.invited()) {
            boolean ok = false;
            if (sendEmail) {
                ok = invitations.send(p, wording);
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

    /** The card's provider objects change their status from wallet callbacks: mirror that. */
    @Transactional
    public void cardStatusChanged(String walletCardId, CardStatus status) {
        queries.findByCard(walletCardId).ifPresent(r -> {
            if (r.cardStatusChanged(status, Times.now(clock))) {
                queries.addHistory(List.of(HistoryEntry.of(r, "wallet")));
            }
            queries.updateStatuses(List.of(r));
        });
    }

    private Recipient locked(OrganizationId org, CampaignId campaignId, String recipientId) {
        return queries.findForUpdate(org, campaignId.value(), recipientId).orElseThrow(RecipientNotFound::new);
    }

    private Recipient newRecipient(OrganizationId org, CampaignId campaignId, NewRecipient input, Instant now) {
        return new Recipient(
                Ids.newId("rcp"),
                org,
                campaignId.value(),
                input.email(),
                input.name(),
                input.phone(),
                input.externalId(),
                new HashMap<>(input.recipientData()),
                input.providerTypes(),
                RecipientStatus.pending,
                null,
                null,
                1,
                now,
                now);
    }

    /** Stores recipients with their history and schedules their card batch, all in the caller's transaction. */
    private void store(List<Recipient> recipients, String cardBatch, boolean inviteOnCreate) {
        queries.insert(recipients, cardBatch, inviteOnCreate);
        queries.addHistory(
                recipients.stream().map(r -> HistoryEntry.of(r, "added")).toList());
        recipients.forEach(r ->
                events.publishEvent(new RecipientCreated(r.organizationId(), r.id(), r.campaignId(), r.createdAt())));
        scheduler
                .getObject()
                .scheduleIfNotExists(CardGeneration.TASK.instance(cardBatch).scheduledTo(Times.now(clock)));
        afterCommit.runDueJobs();
    }

    private static boolean missingBarcodeValue(Campaign campaign, NewRecipient input) {
        return campaign.barcodeValueStrategy() == BarcodeValueStrategy.custom
                && !(input.recipientData().get(RecipientCardContent.BARCODE_VALUE) instanceof String s && !s.isBlank());
    }

    private static void requireBarcodeValue(Campaign campaign, NewRecipient input, String field) {
        if (missingBarcodeValue(campaign, input)) {
            throw ValidationFailed.of(field, "is required: the campaign uses custom barcode values");
        }
    }
}
