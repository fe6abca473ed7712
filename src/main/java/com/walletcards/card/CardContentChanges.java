package com.walletcards.card;

import com.walletcards.shared.OrganizationId;
import java.util.List;
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
    private final ContentVersions versions;

    CardContentChanges(
            PropagationRequests propagation, PropagationQueries propagationQueries, ContentVersions versions) {
        this.propagation = propagation;
        this.propagationQueries = propagationQueries;
        this.versions = versions;
    }

    /**
     * The content of a campaign's cards changed: schedules pushing it to every active card of the
     * campaign. Call it in the transaction of the change; it takes constant time.
     */
    @Transactional
    public void campaignChanged(OrganizationId org, String campaignId) {
        campaignChanged(org, campaignId, List.of());
    }

    /**
     * As {@link #campaignChanged(OrganizationId, String)}, and records the change as the
     * campaign's next content version, naming the fields it changed.
     */
    @Transactional
    public void campaignChanged(OrganizationId org, String campaignId, List<String> changedFields) {
        versions.record(org, campaignId, ContentVersions.Kind.campaign, null, changedFields);
        propagation.campaignChanged(org, campaignId);
    }

    /**
     * The content of one recipient's card changed: schedules pushing it to that card. Call it in
     * the transaction of the change. A card that may still be installed later is included, since
     * its install may commit while this change does; revoked and deleted cards are not.
     */
    @Transactional
    public void recipientChanged(OrganizationId org, String recipientId) {
        recipientChanged(org, recipientId, List.of());
    }

    /**
     * As {@link #recipientChanged(OrganizationId, String)}, and records the change as a content
     * version of the card's campaign, naming the fields it changed.
     */
    @Transactional
    public void recipientChanged(OrganizationId org, String recipientId, List<String> changedFields) {
        propagationQueries
                .cardOfRecipient(org, recipientId)
                .filter(card -> !card.status().isFinal())
                .ifPresent(card -> {
                    versions.record(
                            org, card.campaignId(), ContentVersions.Kind.recipient, card.walletCardId(), changedFields);
                    propagation.cardChanged(org, card.walletCardId(), card.campaignId());
                });
    }
}
