package com.walletcards.card.spi;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How a campaign's cards look (contract §12), for every provider that has such a notion: colours
 * as {@code #RRGGBB}, the text beside the logo, a description, and the public URLs of the
 * campaign's images. Absent values are null; the provider chooses its own neutral default.
 */
public record CardDesign(
        @Nullable String backgroundColor,
        @Nullable String foregroundColor,
        @Nullable String labelColor,
        @Nullable String logoText,
        @Nullable String description,
        Map<ImageKind, String> imageUrls) {

    public static final CardDesign NONE = new CardDesign(null, null, null, null, null, Map.of());
    private static final Pattern COLOR = Pattern.compile("#[0-9a-fA-F]{6}");

    public enum ImageKind {
        icon,
        logo,
        strip,
        hero
    }

    public CardDesign {
        imageUrls = imageUrls.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(imageUrls));
    }

    /**
     * Reads {@code campaignData.design} as stored. The API validates it on the way in; campaigns
     * written before that, or values of the wrong type, are read as absent rather than trusted.
     */
    public static CardDesign of(Map<String, Object> campaignData, Map<ImageKind, String> imageUrls) {
        if (!(campaignData.get("design") instanceof Map<?, ?> design)) {
            return imageUrls.isEmpty() ? NONE : new CardDesign(null, null, null, null, null, imageUrls);
        }
        return new CardDesign(
                color(design.get("backgroundColor")),
                color(design.get("foregroundColor")),
                color(design.get("labelColor")),
                text(design.get("logoText"), 40),
                text(design.get("description"), 200),
                imageUrls);
    }

    private static @Nullable String color(@Nullable Object value) {
        return value instanceof String s && COLOR.matcher(s).matches() ? s.toUpperCase(Locale.ROOT) : null;
    }

    private static @Nullable String text(@Nullable Object value, int max) {
        return value instanceof String s && !s.isBlank() && s.length() <= max ? s : null;
    }
}
