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

    /**
     * An event card with a whole design: colours, logo text, description, a logo and a hero image
     * (same-origin paths, as the console's previews use them), and a barcode value.
     */
    public static CardContent designed() {
        CardContent plain = of("cmp_1", "rcp_1", 3);
        CampaignContent c = plain.campaign();
        CardDesign design = new CardDesign(
                "#AA0011",
                "#FFFFFF",
                null,
                "Night Owls",
                "Bring your own chair",
                Map.of(CardDesign.ImageKind.logo, "/images/logo.png", CardDesign.ImageKind.hero, "/images/hero.png"));
        return new CardContent(
                        new CampaignContent(
                                c.campaignId(),
                                c.organizationName(),
                                c.name(),
                                c.type(),
                                c.data(),
                                c.barcodeType(),
                                c.timezone(),
                                c.startDate(),
                                c.endDate(),
                                c.eventStartsAt(),
                                c.eventEndsAt(),
                                design,
                                c.version()),
                        plain.holder())
                .withBarcodeValue("ABC123");
    }
}
