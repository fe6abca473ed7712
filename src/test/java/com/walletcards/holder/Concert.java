package com.walletcards.holder;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.Api;
import com.walletcards.support.Flows;
import com.walletcards.support.Pngs;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.image.BufferedImage;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A designed concert as an organizer would set it up: dark colours, a logo, a strip image, a venue
 * with coordinates and a schedule. The holder pages' browser tests and the documentation's
 * pictures show it.
 */
final class Concert {

    static final String BACKGROUND = "#0A1B2C";
    static final String NAME = "Summer Night Concert";

    private Concert() {}

    /** The campaign's id; {@code providers} null leaves every provider on. */
    static String create(Api api, Flows flows, @Nullable List<String> providers) {
        Map<String, Object> campaign = new HashMap<>(Map.of(
                "name",
                NAME,
                "startDate",
                "2031-07-01",
                "timezone",
                "Europe/Berlin",
                "campaignData",
                Map.of(
                        "location",
                        "Olympiahalle, Spiridon-Louis-Ring 21, Munich",
                        "venue",
                        Map.of(
                                "name",
                                "Olympiahalle",
                                "address",
                                "Spiridon-Louis-Ring 21, 80809 Munich",
                                "latitude",
                                48.1754,
                                "longitude",
                                11.5518),
                        "doors_open_time",
                        "18:30",
                        "start_time",
                        "19:30",
                        "end_time",
                        "23:00",
                        "design",
                        Map.of(
                                "backgroundColor", BACKGROUND,
                                "foregroundColor", "#FFFFFF",
                                "labelColor", "#9FB8D0",
                                "logoText", "Philharmonic",
                                "description", "Beethoven's Ninth under the open sky."))));
        if (providers != null) {
            campaign.put("providerTypes", providers);
        }
        String id = flows.campaign(campaign);
        assertThat(api.bytes("PUT", "/v1/campaigns/" + id + "/images/logo", Pngs.logo("Philharmonic"), "image/png")
                        .status())
                .isEqualTo(200);
        assertThat(api.bytes("PUT", "/v1/campaigns/" + id + "/images/strip", strip(), "image/png")
                        .status())
                .isEqualTo(200);
        return id;
    }

    /** A seated holder; {@code internalNote} is data the page must not show. */
    static Map<String, Object> holder() {
        return Map.of(
                "name",
                "Ada Lovelace",
                "recipientData",
                Map.of("seat", "A12", "row", "4", "tier", "Gold", "internalNote", Map.of("x", 1)));
    }

    private static byte[] strip() {
        BufferedImage image = new BufferedImage(750, 246, BufferedImage.TYPE_INT_RGB);
        var g = image.createGraphics();
        g.setPaint(new GradientPaint(0, 0, new Color(0x12355B), 750, 246, new Color(0xF5B841)));
        g.fillRect(0, 0, 750, 246);
        g.setColor(new Color(255, 255, 255, 60));
        for (int i = 0; i < 12; i++) {
            g.fillOval(40 + i * 60, 150 - (i % 4) * 25, 14, 14);
        }
        g.dispose();
        return Pngs.encode(image);
    }
}
