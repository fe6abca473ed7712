package com.walletcards.recipient;

import com.walletcards.campaign.BarcodeValueStrategy;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardEvents.CardInstalled;
import com.walletcards.card.CardEvents.CardRemoved;
import com.walletcards.card.CardEvents.CardStatusChanged;
import com.walletcards.card.CardStatus;
import com.walletcards.card.WalletCards;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import com.walletcards.shared.ValidationFailed;
import java.time.Clock;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Changes of existing recipients: edits, revocation, deletion, and what the wallets report of their cards. */
@Service
@Transactional
public class RecipientLifecycle {

    private final RecipientQueries queries;
    private final RecipientBrowseQueries browse;
    private final CampaignManagement campaigns;
    private final WalletCards cards;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    RecipientLifecycle(
            RecipientQueries queries,
            RecipientBrowseQueries browse,
            CampaignManagement campaigns,
            WalletCards cards,
            ApplicationEventPublisher events,
            Clock clock) {
        this.queries = queries;
        this.browse = browse;
        this.campaigns = campaigns;
        this.cards = cards;
        this.events = events;
        this.clock = clock;
    }

    public Recipient update(OrganizationId org, CampaignId campaignId, String recipientId, RecipientChanges changes) {
        Campaign campaign = campaigns.get(org, campaignId);
        Recipient r = queries.lock(org, campaignId.value(), recipientId);
        if (campaign.barcodeValueStrategy() == BarcodeValueStrategy.custom
                && changes.recipientData() != null
                && changes.recipientData().containsKey(Recipient.BARCODE_VALUE)
                && !(changes.recipientData().get(Recipient.BARCODE_VALUE) instanceof String s && !s.isBlank())) {
            throw ValidationFailed.of(
                    "recipientData.barcodeValue", "is required: the campaign uses custom barcode values");
        }
        r.apply(changes, Times.now(clock)).ifPresent(events::publishEvent);
        queries.update(r);
        return r;
    }

    public Recipient delete(OrganizationId org, CampaignId campaignId, String recipientId) {
        campaigns.get(org, campaignId);
        Recipient r = queries.lock(org, campaignId.value(), recipientId);
        events.publishEvent(r.delete(Times.now(clock)));
        if (r.walletCardId() != null) {
            cards.markDeleted(org, r.walletCardId());
        }
        queries.update(r);
        queries.addHistory(List.of(HistoryEntry.of(r, "deleted")));
        return r;
    }

    public Recipient revoke(OrganizationId org, CampaignId campaignId, String recipientId) {
        campaigns.get(org, campaignId);
        Recipient r = queries.lock(org, campaignId.value(), recipientId);
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

    /**
     * The wallets move a recipient with its card (installed, removed), as the spec's status table
     * has it; the card itself keeps its own status. Runs in the callback's transaction, so both
     * change together or not at all.
     */
    @EventListener
    void on(CardStatusChanged changed) {
        if (changed.to() != CardStatus.active && changed.to() != CardStatus.removed) {
            return;
        }
        queries.findByCard(changed.walletCardId()).ifPresent(r -> {
            if (r.cardStatusChanged(changed.to(), Times.now(clock))) {
                queries.updateStatuses(List.of(r));
                queries.addHistory(List.of(HistoryEntry.of(r, "wallet")));
            }
        });
    }

    /** The wallets a recipient's card is on now, which the console's table shows and filters by. */
    @EventListener
    void on(CardInstalled installed) {
        ProviderName.parse(installed.provider())
                .ifPresent(p -> browse.walletChanged(installed.walletCardId(), p, true, installed.at()));
    }

    @EventListener
    void on(CardRemoved removed) {
        ProviderName.parse(removed.provider())
                .ifPresent(p -> browse.walletChanged(removed.walletCardId(), p, false, removed.at()));
    }
}
