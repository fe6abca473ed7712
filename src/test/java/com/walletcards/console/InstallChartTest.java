package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.journey.WalletDays;
import com.walletcards.journey.WalletDays.PerWallet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The installs chart as the service draws it: its scale, its bars, its labels in both languages. */
class InstallChartTest {

    private static final InstallChart.Labels ENGLISH = new InstallChart.Labels(
            "Installs and removals per wallet and day",
            "From 1 Nov to 30 Nov: 7 installs and 1 removals.",
            "Apple Wallet",
            "Google Wallet",
            "EU wallet",
            "Installs",
            "Removals",
            "No installs or removals in this range");
    private static final InstallChart.Labels GERMAN = new InstallChart.Labels(
            "Installationen und Entfernungen je Wallet und Tag",
            "Vom 1. Nov. bis 30. Nov.: 7 Installationen & 1 Entfernung <ungefähr>.",
            "Apple Wallet",
            "Google Wallet",
            "EU-Wallet",
            "Installationen",
            "Entfernungen",
            "Keine Installationen oder Entfernungen in diesem Zeitraum");
    private static final LocalDate START = LocalDate.of(2031, 11, 1);

    @Test
    void theScaleEndsAtTheNextRoundNumberAboveTheBusiestDay() {
        assertThat(List.of(0L, 1L, 2L, 3L, 5L, 6L, 10L, 11L, 99L, 101L, 1_000_001L).stream()
                        .map(InstallChart::niceCeiling))
                .containsExactly(1L, 1L, 2L, 5L, 5L, 10L, 10L, 20L, 100L, 200L, 2_000_000L);
    }

    @Test
    void aRangeWithoutAnyInstallSaysSoAndDrawsNoBar() {
        String svg = InstallChart.svg(days(30, i -> zero(), i -> zero()), ENGLISH, Locale.ENGLISH, "c");
        assertThat(svg).startsWith("<svg").endsWith("</svg>");
        assertThat(svg).contains("No installs or removals in this range").doesNotContain("<rect x=\"" + 50);
        assertThat(bars(svg)).as("only the legend's three swatches").hasSize(3);
        assertThat(svg).contains("role=\"img\"", "aria-labelledby=\"c-title c-desc\"");
    }

    @Test
    void oneDayIsOneColumnWhoseWalletsStackUpToTheTopOfTheScale() {
        String svg = InstallChart.svg(
                days(1, i -> new PerWallet(3, 1, 1), i -> new PerWallet(0, 1, 0)), ENGLISH, Locale.ENGLISH, "c");
        List<double[]> bars = bars(svg).subList(3, bars(svg).size());
        assertThat(bars).hasSize(4);
        double plot = InstallChart.HEIGHT - InstallChart.TOP - InstallChart.BOTTOM;
        double perUnit = plot / (5 + 1);
        // Apple's three installs from the zero line up, then Google's one and the EU wallet's one.
        assertThat(bars.get(0)[3]).isCloseTo(3 * perUnit, org.assertj.core.data.Offset.offset(0.1));
        assertThat(bars.get(2)[1]).isCloseTo(InstallChart.TOP, org.assertj.core.data.Offset.offset(0.1));
        // Google's removal below it.
        assertThat(bars.get(3)[1]).isCloseTo(InstallChart.TOP + 5 * perUnit, org.assertj.core.data.Offset.offset(0.1));
        assertThat(svg).contains(">5</text>", ">2</text>", ">0</text>", ">−1</text>", ">1 Nov</text>");
        assertThat(svg).doesNotContain("No installs");
    }

    @Test
    void ninetyDaysFitTheWidthWithAFewDayLabels() {
        String svg = InstallChart.svg(
                days(90, i -> new PerWallet(i % 3, i % 5, 0), i -> zero()), ENGLISH, Locale.ENGLISH, "c");
        List<double[]> bars = bars(svg).subList(3, bars(svg).size());
        assertThat(bars).isNotEmpty();
        assertThat(bars).allSatisfy(b -> {
            assertThat(b[0]).isGreaterThanOrEqualTo(InstallChart.LEFT);
            assertThat(b[0] + b[2]).isLessThanOrEqualTo(InstallChart.WIDTH - InstallChart.RIGHT + 0.1);
        });
        Matcher labels =
                Pattern.compile("font-size=\"12\">(\\d+ [A-Z][a-z]{2})</text>").matcher(svg);
        List<String> found = new ArrayList<>();
        while (labels.find()) {
            found.add(labels.group(1));
        }
        assertThat(found).hasSizeBetween(3, 7).startsWith("1 Nov").endsWith("29 Jan");
        assertThat(svg).contains(">10</text>", ">5</text>").doesNotContain("−");
    }

    @Test
    void germanLabelsAndDatesAndEscapedText() {
        String svg = InstallChart.svg(days(7, i -> new PerWallet(0, 0, 1), i -> zero()), GERMAN, Locale.GERMAN, "c");
        assertThat(svg)
                .contains(
                        "<title id=\"c-title\">Installationen und Entfernungen je Wallet und Tag</title>",
                        "&amp; 1 Entfernung &lt;ungefähr&gt;",
                        ">EU-Wallet</text>",
                        ">1. Nov.</text>",
                        ">7. Nov.</text>",
                        "Installationen ↑  Entfernungen ↓");
        String english =
                InstallChart.svg(days(7, i -> new PerWallet(0, 0, 1), i -> zero()), ENGLISH, Locale.ENGLISH, "c");
        assertThat(english).contains(">EU wallet</text>", ">7 Nov</text>", "Installs ↑  Removals ↓");
    }

    @Test
    void aShareIsNeverRoundedToAllOrNothing() {
        assertThat(CampaignOverviews.percent(1, 3)).isEqualTo("33 %");
        assertThat(CampaignOverviews.percent(999, 1000)).isEqualTo("99 %");
        assertThat(CampaignOverviews.percent(1, 1000)).isEqualTo("<1 %");
        assertThat(CampaignOverviews.percent(0, 5)).isEqualTo("0 %");
        assertThat(CampaignOverviews.percent(5, 5)).isEqualTo("100 %");
    }

    private static PerWallet zero() {
        return new PerWallet(0, 0, 0);
    }

    private static WalletDays days(
            int n,
            java.util.function.IntFunction<PerWallet> installed,
            java.util.function.IntFunction<PerWallet> removed) {
        List<WalletDays.Day> days = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            days.add(new WalletDays.Day(START.plusDays(i), installed.apply(i), removed.apply(i)));
        }
        return new WalletDays(START, START.plusDays(n - 1L), days);
    }

    /** Every rect as x, y, width, height, in drawing order. */
    private static List<double[]> bars(String svg) {
        Matcher m = Pattern.compile("<rect x=\"([\\d.]+)\" y=\"([\\d.]+)\" width=\"([\\d.]+)\" height=\"([\\d.]+)\"")
                .matcher(svg);
        List<double[]> bars = new ArrayList<>();
        while (m.find()) {
            bars.add(new double[] {
                Double.parseDouble(m.group(1)),
                Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3)),
                Double.parseDouble(m.group(4))
            });
        }
        return bars;
    }
}
