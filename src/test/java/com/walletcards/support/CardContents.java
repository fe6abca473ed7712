package com.walletcards.support;

import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.HolderContent;
import java.util.Map;

/** Card content as the recipient module would give it, for module tests that start without it. */
public final class CardContents {

    private CardContents() {}

    /** A holder's card of an event campaign at {@code campaignVersion}; the holder part is at version 1. */
    public static CardContent of(String campaignId, String recipientId, long campaignVersion) {
        return new CardContent(
                new CampaignContent(
                        campaignId,
                        "Module tests",
                        "Launch",
                        "event",
                        Map.of("venue", "Hall 1"),
                        "qr",
                        "UTC",
                        null,
                        null,
                        null,
                        null,
                        CardDesign.NONE,
                        campaignVersion),
                new HolderContent(recipientId, "Ada", recipientId + "@example.com", Map.of(), null, 1));
    }
}
