package com.walletcards.recipient;

import com.walletcards.shared.OrganizationId;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A recipient waiting for its card in a card batch: the wallets it asked for (null: the
 * campaign's) and whether its invitation goes out as soon as the card exists.
 */
public record PendingCard(
        String recipientId,
        OrganizationId organizationId,
        String campaignId,
        @Nullable List<String> providerTypes,
        boolean inviteOnCreate) {}
