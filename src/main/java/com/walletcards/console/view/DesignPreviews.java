package com.walletcards.console.view;

import com.walletcards.campaign.CardColours;
import com.walletcards.card.spi.CardPreview;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The previews of a card in every wallet, as the design page and its fragment show them.
 *
 * @param googleText the text colour Google Wallet picks itself: black or white, whichever reads
 *     better on the background
 * @param sample whether the holder is the made-up sample rather than the first recipient
 * @param design the design's values the previews were made from, by field name
 */
public record DesignPreviews(
        CardPreview apple,
        CardPreview google,
        String googleText,
        CardPreview eu,
        HolderPreview holder,
        Contrast contrast,
        boolean sample,
        Map<String, String> design) {

    /** The holder page's part: its colours after the contrast check, and its texts. */
    public record HolderPreview(
            CardColours colours,
            String title,
            String organizer,
            String holderName,
            @Nullable String description,
            @Nullable String logoUrl,
            @Nullable String logoText,
            @Nullable String stripUrl) {}

    /** What the card page's contrast check did to the chosen colours; {@code ratio} is text against background. */
    public record Contrast(boolean foregroundReplaced, boolean labelReplaced, double ratio) {
        public boolean warns() {
            return foregroundReplaced || labelReplaced;
        }
    }
}
