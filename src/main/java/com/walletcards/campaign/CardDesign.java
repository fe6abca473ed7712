package com.walletcards.campaign;

import com.walletcards.shared.Validation;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * {@code campaignData.design}: how the campaign's cards look on the card page and at every provider
 * that has such a notion. Every part is optional; a missing colour means the neutral default.
 */
public record CardDesign(
        @Nullable String backgroundColor,
        @Nullable String foregroundColor,
        @Nullable String labelColor,
        @Nullable String logoText,
        @Nullable String description) {

    static final String KEY = "design";
    public static final CardDesign NEUTRAL = new CardDesign(null, null, null, null, null);
    static final int MAX_LOGO_TEXT = 40;
    static final int MAX_DESCRIPTION = 200;
    private static final Pattern RGB = Pattern.compile("^#[0-9A-Fa-f]{6}$");
    private static final Set<String> COLOURS = Set.of("backgroundColor", "foregroundColor", "labelColor");
    private static final Set<String> FIELDS =
            Set.of("backgroundColor", "foregroundColor", "labelColor", "logoText", "description");

    /** The design of a campaign's data; errors are collected, and an invalid design reads as neutral. */
    public static CardDesign of(Map<String, Object> campaignData) {
        return read(campaignData, new Validation());
    }

    static CardDesign read(Map<String, Object> campaignData, Validation v) {
        Object raw = campaignData.get(KEY);
        if (raw == null) {
            return NEUTRAL;
        }
        if (!(raw instanceof Map<?, ?> design)) {
            v.reject("campaignData.design", "must be an object");
            return NEUTRAL;
        }
        for (Object key : design.keySet()) {
            // A misspelt key would otherwise be ignored without a word and the card look unchanged.
            if (!FIELDS.contains(String.valueOf(key))) {
                v.reject(
                        "campaignData.design." + key, "is not a design field; allowed: " + String.join(", ", sorted()));
            }
        }
        boolean valid = FIELDS.containsAll(design.keySet());
        for (String colour : COLOURS) {
            Object value = design.get(colour);
            if (value != null && !(value instanceof String s && RGB.matcher(s).matches())) {
                v.reject("campaignData.design." + colour, "must be a colour #RRGGBB");
                valid = false;
            }
        }
        String logoText = text(design, "logoText", MAX_LOGO_TEXT, v);
        String description = text(design, "description", MAX_DESCRIPTION, v);
        boolean textsValid = (logoText != null || design.get("logoText") == null)
                && (description != null || design.get("description") == null);
        if (!valid || !textsValid) {
            return NEUTRAL;
        }
        return new CardDesign(
                (String) design.get("backgroundColor"),
                (String) design.get("foregroundColor"),
                (String) design.get("labelColor"),
                logoText,
                description);
    }

    private static @Nullable String text(Map<?, ?> design, String key, int max, Validation v) {
        Object value = design.get(key);
        if (value == null) {
            return null;
        }
        if (!(value instanceof String s)) {
            v.reject("campaignData.design." + key, "must be a string");
            return null;
        }
        return v.optionalText("campaignData.design." + key, s, max);
    }

    private static List<String> sorted() {
        return FIELDS.stream().sorted().toList();
    }
}
