package com.walletcards.recipient;

import com.walletcards.card.CardStatus;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;

/** One line of a recipient's status history: the status it reached, why, and when. */
public record HistoryEntry(
        OrganizationId organizationId, String recipientId, CardStatus status, String reason, Instant at) {

    public static HistoryEntry of(Recipient r, String reason) {
        return new HistoryEntry(r.organizationId(), r.id(), r.status(), reason, r.updatedAt());
    }
}
