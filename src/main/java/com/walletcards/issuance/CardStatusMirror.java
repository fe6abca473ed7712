package com.walletcards.issuance;

import com.walletcards.card.CardEvents.CardStatusChanged;
import com.walletcards.card.CardStatus;
import com.walletcards.recipient.RecipientLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * A recipient's status follows its card where the wallets drive it (installed, removed). Runs in
 * the callback's transaction, so both change together or not at all.
 */
@Component
class CardStatusMirror {

    private final RecipientLifecycle recipients;

    CardStatusMirror(RecipientLifecycle recipients) {
        this.recipients = recipients;
    }

    @EventListener
    void on(CardStatusChanged event) {
        if (event.to() == CardStatus.active || event.to() == CardStatus.removed) {
            recipients.cardStatusChanged(event.walletCardId(), event.to());
        }
    }
}
