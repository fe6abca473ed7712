package com.walletcards.journey;

import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** One thing that happened to a recipient's card, as the journey module records it. */
record Fact(
        OrganizationId organizationId,
        String campaignId,
        String recipientId,
        Step step,
        @Nullable String provider,
        Instant at,
        Map<String, Object> detail) {

    static Fact of(OrganizationId org, String campaignId, String recipientId, Step step, Instant at) {
        return new Fact(org, campaignId, recipientId, step, null, at, Map.of());
    }
}
