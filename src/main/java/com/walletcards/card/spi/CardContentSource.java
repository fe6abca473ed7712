package com.walletcards.card.spi;

import com.walletcards.shared.OrganizationId;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where card content comes from. The recipient module implements it (it knows campaign and
 * recipient); the card module only asks, so it depends on neither.
 */
public interface CardContentSource {

    /** Current content per recipient id; recipients that no longer exist are missing from the map. */
    Map<String, CardContent> contents(OrganizationId organizationId, List<String> recipientIds);

    /** The campaign part alone, for providers that update it once per campaign; empty when the campaign is gone. */
    Optional<CampaignContent> campaignContent(OrganizationId organizationId, String campaignId);
}
