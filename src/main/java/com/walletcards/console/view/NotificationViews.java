package com.walletcards.console.view;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** What the notification pages show: the composer's values, the list's rows and their wallets. */
public final class NotificationViews {

    private NotificationViews() {}

    /**
     * The composer as entered: {@code when} is {@code now} or {@code later}; {@code scheduledFor}
     * is a local date-time in the campaign's zone, as a {@code datetime-local} field holds it.
     */
    public record Composer(String header, String body, String when, String scheduledFor) {

        public static Composer empty() {
            return new Composer("", "", "now", "");
        }

        public boolean later() {
            return "later".equals(when);
        }
    }

    /** One notification: times already in the campaign's zone and the page's language. */
    public record Row(
            String id,
            String kind,
            String status,
            String header,
            String body,
            String created,
            @Nullable String scheduledFor,
            @Nullable String sentAt,
            @Nullable String cancelledAt,
            int targeted,
            int delivered,
            int failed,
            List<WalletReport> wallets,
            boolean cancellable) {}

    /** One wallet's part of a notification; {@code wallet} is the wallet's own name. */
    public record WalletReport(String wallet, int targeted, int delivered, int failed, int unsupported) {}
}
