package com.walletcards.card.spi;

import com.walletcards.shared.OrganizationId;
import java.util.List;
import java.util.Map;

/**
 * Where card content comes from. The recipient module implements it (it knows campaign and
 * recipient); the card module only asks, so it depends on neither.
 */
public interface CardContentSource {

    /** Current content per recipient id; recipients that no longer exist are missing from the map. */
    Map<String, CardContent> contents(OrganizationId organizationId, List<String> recipientIds);
}
