package com.walletcards.issuance;

import com.walletcards.campaign.CampaignEvents.CampaignUpdated;
import com.walletcards.card.WalletCards;
import com.walletcards.recipient.RecipientEvents.RecipientUpdated;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Campaign and recipient changes reach the installed cards. A synchronous listener on purpose:
 * the propagation job is scheduled in the transaction of the change, so a change that commits is
 * never left without its push, even if the instance dies right after.
 */
@Component
class LiveUpdates {

    private final WalletCards cards;

    LiveUpdates(WalletCards cards) {
        this.cards = cards;
    }

    @EventListener
    void on(CampaignUpdated event) {
        if (event.change().contentChanged()) {
            cards.campaignContentChanged(
                    event.organizationId(), event.campaignId().value());
        }
    }

    @EventListener
    void on(RecipientUpdated event) {
        cards.recipientContentChanged(event.organizationId(), event.recipientId());
    }
}
