package com.walletcards.recipient;

import com.walletcards.campaign.BarcodeValueStrategy;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardStatus;
import com.walletcards.recipient.RecipientErrors.RecipientExists;
import com.walletcards.recipient.RecipientEvents.CardsRequested;
import com.walletcards.recipient.RecipientEvents.RecipientCreated;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.ExternalEvents;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.Ids;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import com.walletcards.shared.ValidationFailed;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Adds recipients, one or many, and asks for their cards ({@link CardsRequested}) in the same
 * transaction; the issuance module issues them.
 */
@Service
public class RecipientRegistration {

    public static final int MAX_BULK = 1000;
    private final RecipientQueries queries;
    private final CampaignManagement campaigns;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final Clock clock;

    RecipientRegistration(
            RecipientQueries queries,
            CampaignManagement campaigns,
            ApplicationEventPublisher events,
            PlatformTransactionManager transactions,
            Clock clock) {
        this.queries = queries;
        this.campaigns = campaigns;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    /** Adds one recipient (status pending); its card is issued in the background. */
    public Recipient add(OrganizationId org, CampaignId campaignId, NewRecipient input) {
        try {
            return transaction.execute(tx -> {
                Campaign campaign = campaigns.acceptRecipients(org, campaignId);
                if (missingBarcodeValue(campaign, input)) {
                    throw ValidationFailed.of(
                            "recipientData.barcodeValue", "is required: the campaign uses custom barcode values");
                }
                Recipient recipient = newRecipient(org, campaignId, input, Times.now(clock));
                String batch = CardsRequested.singleAddBatch(campaignId.value());
                insert(List.of(recipient), batch, false);
                // Last, so that what the request locks stays locked only until the commit.
                events.publishEvent(new CardsRequested(org, campaignId.value(), batch, 1, true));
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
        return register(org, campaign, items, sendEmail, index -> "recipients[" + index + "].");
    }

    /**
     * The bulk path, in the caller's transaction: refuses items that are invalid, repeated among
     * the items or already in the campaign (naming fields with {@code fieldPrefix} of the item's
     * index), stores the rest with JDBC batches and schedules one card-generation job for them.
     */
    BulkAdd.Result register(
            OrganizationId org,
            Campaign campaign,
            List<BulkAdd.Item> items,
            boolean sendEmail,
            IntFunction<String> fieldPrefix) {
        CampaignId campaignId = campaign.id();
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
                String prefix = fieldPrefix.apply(item.index());
                if (taken.contains(normalized) || !seen.add(normalized)) {
                    failure = new BulkAdd.Failure(
                            ErrorCode.RECIPIENT_EXISTS.name(),
                            "A recipient with this email already exists in the campaign or earlier in this request",
                            List.of(new FieldError(prefix + "email", "is already used")));
                } else if (missingBarcodeValue(campaign, input)) {
                    failure = new BulkAdd.Failure(
                            ErrorCode.VALIDATION_FAILED.name(),
                            "recipientData.barcodeValue is required: the campaign uses custom barcode values",
                            List.of(new FieldError(prefix + "recipientData.barcodeValue", "is required")));
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
                input.locale(),
                CardStatus.pending,
                null,
                null,
                1,
                now,
                now);
    }

    /** Stores recipients with their history and schedules their card batch, all in the caller's transaction. */
    private void store(List<Recipient> recipients, String cardBatch, boolean inviteOnCreate) {
        insert(recipients, cardBatch, inviteOnCreate);
        Recipient first = recipients.get(0);
        events.publishEvent(
                new CardsRequested(first.organizationId(), first.campaignId(), cardBatch, recipients.size(), false));
    }

    private void insert(List<Recipient> recipients, String cardBatch, boolean inviteOnCreate) {
        queries.insert(recipients, cardBatch, inviteOnCreate);
        queries.addHistory(
                recipients.stream().map(r -> HistoryEntry.of(r, "added")).toList());
        events.publishEvent(new ExternalEvents(recipients.stream()
                .<ExternalEvent>map(
                        r -> new RecipientCreated(r.organizationId(), r.id(), r.campaignId(), r.createdAt()))
                .toList()));
    }

    private static boolean missingBarcodeValue(Campaign campaign, NewRecipient input) {
        return campaign.barcodeValueStrategy() == BarcodeValueStrategy.custom
                && !(input.recipientData().get(Recipient.BARCODE_VALUE) instanceof String s && !s.isBlank());
    }
}
