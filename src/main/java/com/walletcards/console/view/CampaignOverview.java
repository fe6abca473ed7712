package com.walletcards.console.view;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A campaign's overview as its page shows it: the funnel, the figures per wallet, the installs and
 * removals per wallet and day (drawn and as a table), and the delivery of its latest change.
 */
public record CampaignOverview(
        List<Stage> funnel,
        List<Wallet> wallets,
        Range range,
        String chart,
        List<ChartRow> chartRows,
        @Nullable Delivery delivery) {

    /** Whether nobody was added yet: the page then shows its empty states. */
    public boolean empty() {
        return funnel.get(0).count() == 0;
    }

    /** A funnel stage: how many reached it, the share of the stage before it, and its bar's length. */
    public record Stage(String key, long count, @Nullable String share, String bar) {}

    public record Wallet(
            String key,
            long handedOver,
            long installed,
            long removed,
            @Nullable Long devices) {}

    /**
     * The chart's days: {@code days} is 7, 30 or 90 for those links, 0 for a range of one's own;
     * {@code error} names what was wrong with a range that could not be shown.
     */
    public record Range(
            int days,
            String from,
            String to,
            String fromLabel,
            String toLabel,
            @Nullable String error) {}

    public record ChartRow(
            String date,
            long appleInstalled,
            long googleInstalled,
            long euInstalled,
            long appleRemoved,
            long googleRemoved,
            long euRemoved) {}

    public record Delivery(long version, String at, List<String> changed, List<DeliveryRow> wallets) {}

    public record DeliveryRow(String key, long target, long delivered, long pending, long failed, long stale) {}
}
