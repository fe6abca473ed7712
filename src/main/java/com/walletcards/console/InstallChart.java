package com.walletcards.console;

import com.walletcards.journey.WalletDays;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Draws the installs and removals per wallet and day as an inline SVG, so the chart needs no
 * script and no request of its own: installs stack upwards from the zero line, removals downwards,
 * one column per day, Apple Wallet, Google Wallet and the EU wallet in one colour each. The figures
 * are in a table beside it; the drawing only has a title and a one-sentence description.
 */
final class InstallChart {

    /** The words of the chart, in the reader's language. */
    record Labels(
            String title,
            String description,
            String apple,
            String google,
            String eu,
            String installs,
            String removals,
            String none) {}

    static final int WIDTH = 720;
    static final int HEIGHT = 280;
    static final int LEFT = 48;
    static final int RIGHT = 12;
    static final int TOP = 30;
    static final int BOTTOM = 28;
    static final String[] COLOURS = {"#3c4350", "#1a73e8", "#8e44ad"};

    private InstallChart() {}

    /** The smallest of 1, 2, 5 × 10ⁿ that is at least {@code value} (1 for nothing at all). */
    static long niceCeiling(long value) {
        if (value <= 1) {
            return 1;
        }
        long step = 1;
        while (true) {
            for (long m : new long[] {1, 2, 5}) {
                if (m * step >= value) {
                    return m * step;
                }
            }
            step *= 10;
        }
    }

    static String svg(WalletDays data, Labels labels, Locale locale, String id) {
        List<WalletDays.Day> days = data.days();
        long maxUp = 0;
        long maxDown = 0;
        for (WalletDays.Day d : days) {
            maxUp = Math.max(maxUp, d.installed().sum());
            maxDown = Math.max(maxDown, d.removed().sum());
        }
        long up = niceCeiling(maxUp);
        long down = maxDown == 0 ? 0 : niceCeiling(maxDown);
        double plotWidth = WIDTH - LEFT - RIGHT;
        double plotHeight = HEIGHT - TOP - BOTTOM;
        double perUnit = plotHeight / (up + down);
        double zero = TOP + up * perUnit;
        double slot = plotWidth / Math.max(1, days.size());
        double bar = Math.max(1, Math.min(slot * 0.7, 40));

        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(HEIGHT)
                .append("\" role=\"img\" aria-labelledby=\"")
                .append(id)
                .append("-title ")
                .append(id)
                .append("-desc\">");
        s.append("<title id=\"")
                .append(id)
                .append("-title\">")
                .append(escape(labels.title()))
                .append("</title>");
        s.append("<desc id=\"")
                .append(id)
                .append("-desc\">")
                .append(escape(labels.description()))
                .append("</desc>");
        legend(s, labels);
        // Grid lines and their figures: the top of the installs, zero, the bottom of the removals.
        gridLine(s, TOP, Long.toString(up));
        if (up > 1) {
            long middle = up / 2;
            gridLine(s, zero - middle * perUnit, Long.toString(middle));
        }
        gridLine(s, zero, "0");
        if (down > 0) {
            gridLine(s, HEIGHT - BOTTOM, "−" + down);
        }
        for (int i = 0; i < days.size(); i++) {
            WalletDays.Day d = days.get(i);
            double x = LEFT + i * slot + (slot - bar) / 2;
            long[] installed = {
                d.installed().alpha(), d.installed().beta(), d.installed().eudiw()
            };
            long[] removed = {
                d.removed().alpha(), d.removed().beta(), d.removed().eudiw()
            };
            double y = zero;
            for (int w = 0; w < 3; w++) {
                double h = installed[w] * perUnit;
                if (h > 0) {
                    y -= h;
                    rect(s, x, y, bar, h, COLOURS[w], 1);
                }
            }
            y = zero;
            for (int w = 0; w < 3; w++) {
                double h = removed[w] * perUnit;
                if (h > 0) {
                    rect(s, x, y, bar, h, COLOURS[w], 0.45);
                    y += h;
                }
            }
        }
        s.append("<line x1=\"")
                .append(LEFT)
                .append("\" x2=\"")
                .append(WIDTH - RIGHT)
                .append("\" y1=\"")
                .append(fmt(zero))
                .append("\" y2=\"")
                .append(fmt(zero))
                .append("\" stroke=\"#1b1f27\" stroke-width=\"1\"/>");
        dateLabels(s, data, slot, locale);
        if (maxUp == 0 && maxDown == 0) {
            s.append("<text x=\"")
                    .append(LEFT + (int) plotWidth / 2)
                    .append("\" y=\"")
                    .append(fmt(TOP + plotHeight / 2))
                    .append("\" text-anchor=\"middle\" fill=\"#5b6472\" font-size=\"14\">")
                    .append(escape(labels.none()))
                    .append("</text>");
        }
        return s.append("</svg>").toString();
    }

    /** Day labels under the axis: the first, the last and up to four evenly between. */
    private static void dateLabels(StringBuilder s, WalletDays data, double slot, Locale locale) {
        List<WalletDays.Day> days = data.days();
        DateTimeFormatter format = dayFormat(locale);
        int n = days.size();
        int every = Math.max(1, (int) Math.ceil(n / 6.0));
        for (int i = 0; i < n; i++) {
            boolean last = i == n - 1;
            if (i % every != 0 && !last) {
                continue;
            }
            if (!last && i > 0 && n - 1 - i < every / 2.0) {
                continue; // too close to the last day's label
            }
            double x = LEFT + i * slot + slot / 2;
            String anchor = n == 1 ? "middle" : i == 0 ? "start" : last ? "end" : "middle";
            if (n > 1 && i == 0) {
                x = LEFT;
            } else if (n > 1 && last) {
                x = WIDTH - RIGHT;
            }
            s.append("<text x=\"")
                    .append(fmt(x))
                    .append("\" y=\"")
                    .append(HEIGHT - 8)
                    .append("\" text-anchor=\"")
                    .append(anchor)
                    .append("\" fill=\"#5b6472\" font-size=\"12\">")
                    .append(escape(days.get(i).date().format(format)))
                    .append("</text>");
        }
    }

    static DateTimeFormatter dayFormat(Locale locale) {
        return DateTimeFormatter.ofPattern("de".equals(locale.getLanguage()) ? "d. MMM" : "d MMM", locale);
    }

    private static void legend(StringBuilder s, Labels labels) {
        String[] names = {labels.apple(), labels.google(), labels.eu()};
        int x = LEFT;
        for (int w = 0; w < 3; w++) {
            rect(s, x, 8, 12, 12, COLOURS[w], 1);
            s.append("<text x=\"")
                    .append(x + 17)
                    .append("\" y=\"19\" fill=\"#1b1f27\" font-size=\"13\">")
                    .append(escape(names[w]))
                    .append("</text>");
            x += 24 + 8 * names[w].length();
        }
        s.append("<text x=\"")
                .append(WIDTH - RIGHT)
                .append("\" y=\"19\" text-anchor=\"end\" fill=\"#5b6472\"")
                .append(" font-size=\"12\">")
                .append(escape(labels.installs() + " ↑  " + labels.removals() + " ↓"))
                .append("</text>");
    }

    private static void gridLine(StringBuilder s, double y, String label) {
        s.append("<line x1=\"")
                .append(LEFT)
                .append("\" x2=\"")
                .append(WIDTH - RIGHT)
                .append("\" y1=\"")
                .append(fmt(y))
                .append("\" y2=\"")
                .append(fmt(y))
                .append("\" stroke=\"#dde1e8\" stroke-width=\"1\"/>");
        s.append("<text x=\"")
                .append(LEFT - 6)
                .append("\" y=\"")
                .append(fmt(y + 4))
                .append("\" text-anchor=\"end\" fill=\"#5b6472\" font-size=\"12\">")
                .append(escape(label))
                .append("</text>");
    }

    private static void rect(StringBuilder s, double x, double y, double w, double h, String fill, double opacity) {
        s.append("<rect x=\"")
                .append(fmt(x))
                .append("\" y=\"")
                .append(fmt(y))
                .append("\" width=\"")
                .append(fmt(w))
                .append("\" height=\"")
                .append(fmt(h))
                .append("\" fill=\"")
                .append(fill)
                .append('"');
        if (opacity < 1) {
            s.append(" fill-opacity=\"").append(opacity).append('"');
        }
        s.append("/>");
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
