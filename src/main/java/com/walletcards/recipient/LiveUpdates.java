package com.walletcards.recipient;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignEvents.CampaignUpdated;
import com.walletcards.card.WalletCards;
import com.walletcards.recipient.RecipientEvents.RecipientUpdated;
import java.util.Collections;
import java.util.Set;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Campaign and recipient changes reach the installed cards. A synchronous listener on purpose:
 * the propagation job is scheduled in the transaction of the change, so a change that commits is
 * never left without its push, even if the instance dies right after.
 */
@Component
class LiveUpdates {

    /** The campaign fields a card shows; metadata, provider types and status are not on the card. */
    static final Set<String> CARD_FIELDS =
            Set.of("name", "campaignType", "campaignData", "startDate", "endDate", Campaign.IMAGES);

    private final WalletCards cards;

    LiveUpdates(WalletCards cards) {
        this.cards = cards;
    }

    @EventListener
    void on(CampaignUpdated event) {
        if (!Collections.disjoint(event.changedFields(), CARD_FIELDS)) {
            cards.campaignContentChanged(
                    event.organizationId(), event.campaignId().value());
        }
    }

    @EventListener
    void on(RecipientUpdated event) {
        cards.recipientContentChanged(event.organizationId(), event.recipientId());
    }
}
