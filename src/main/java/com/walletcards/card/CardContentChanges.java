package com.walletcards.card;

import com.walletcards.shared.OrganizationId;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The card module's facade for content that changed elsewhere: the campaign or recipient modules
 * report it here, in the transaction of the change, and the card module pushes it to the cards.
 */
@Service
public class CardContentChanges {

    private final PropagationRequests propagation;
    private final PropagationQueries propagationQueries;

    CardContentChanges(PropagationRequests propagation, PropagationQueries propagationQueries) {
        this.propagation = propagation;
        this.propagationQueries = propagationQueries;
    }

    /**
     * The content of a campaign's cards changed: schedules pushing it to every active card of the
     * campaign. Call it in the transaction of the change; it takes constant time.
     */
    @Transactional
    public void campaignChanged(OrganizationId org, String campaignId) {
        propagation.campaignChanged(org, campaignId);
    }

    /**
     * The content of one recipient's card changed: schedules pushing it to that card. Call it in
     * the transaction of the change. A card that may still be installed later is included, since
     * its install may commit while this change does; revoked and deleted cards are not.
     */
    @Transactional
    public void recipientChanged(OrganizationId org, String recipientId) {
        propagationQueries
                .cardOfRecipient(org, recipientId)
                .filter(card -> !card.status().isFinal())
                .ifPresent(card -> propagation.cardChanged(org, card.walletCardId(), card.campaignId()));
    }
}
