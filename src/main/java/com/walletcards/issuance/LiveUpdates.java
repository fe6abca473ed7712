package com.walletcards.issuance;

import com.walletcards.campaign.CampaignEvents.CampaignUpdated;
import com.walletcards.campaign.CampaignField;
import com.walletcards.card.CardContentChanges;
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

    private final CardContentChanges contentChanges;

    LiveUpdates(CardContentChanges contentChanges) {
        this.contentChanges = contentChanges;
    }

    @EventListener
    void on(CampaignUpdated event) {
        if (event.change().contentChanged()) {
            contentChanges.campaignChanged(
                    event.organizationId(),
                    event.campaignId().value(),
                    event.change().fields().stream()
                            .filter(CampaignField::shownOnCards)
                            .map(CampaignField::apiName)
                            .sorted()
                            .toList());
        }
    }

    @EventListener
    void on(RecipientUpdated event) {
        contentChanges.recipientChanged(event.organizationId(), event.recipientId(), event.changed());
    }
}
