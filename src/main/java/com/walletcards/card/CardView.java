package com.walletcards.card;

import java.time.Instant;
import java.util.List;

/** A card as other modules see it: status, per-provider state and links. */
public record CardView(
        String walletCardId,
        String recipientId,
        String campaignId,
        CardStatus status,
        String downloadUrl,
        List<ProviderState> providers,
        Instant updatedAt) {

    public record ProviderState(String provider, String status, String downloadUrl, Instant updatedAt) {}
}
