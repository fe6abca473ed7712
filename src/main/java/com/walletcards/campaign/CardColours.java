package com.walletcards.campaign;

import org.jspecify.annotations.Nullable;

/**
 * The card's colours on a page or in an email: the campaign's design where it is readable, and readable
 * replacements where it is not. Text must reach a contrast of 4.5:1 against its background
 * (WCAG 2 AA for normal text); a colour that misses it is replaced by black or white, whichever
 * reads better, so a careless design never makes a ticket unreadable.
 */
public record CardColours(String background, String foreground, String label) {

    public static final double MIN_CONTRAST = 4.5;
    private static final String DEFAULT_BACKGROUND = "#1E293B";

    public static CardColours of(CardDesign design) {
        String background = design.backgroundColor() == null ? DEFAULT_BACKGROUND : design.backgroundColor();
        String foreground = readable(design.foregroundColor(), background);
        String label = design.labelColor() != null && contrast(design.labelColor(), background) >= MIN_CONTRAST
                ? design.labelColor()
                : foreground;
        return new CardColours(background, foreground, label);
    }

    private static String readable(@Nullable String wanted, String background) {
        if (wanted != null && contrast(wanted, background) >= MIN_CONTRAST) {
            return wanted;
        }
        return contrast("#000000", background) >= contrast("#FFFFFF", background) ? "#000000" : "#FFFFFF";
    }

    /** The WCAG contrast ratio of two #RRGGBB colours: 1 (none) to 21 (black on white). */
    public static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        return 0.2126 * channel(rgb >> 16) + 0.7152 * channel(rgb >> 8) + 0.0722 * channel(rgb);
    }

    private static double channel(int value) {
        double c = (value & 0xFF) / 255.0;
        return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
