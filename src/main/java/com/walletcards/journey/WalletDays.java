package com.walletcards.journey;

import java.time.LocalDate;
import java.util.List;

/**
 * Installs and removals per wallet and day, {@code from} to {@code to} in the campaign's time zone:
 * events, as {@link CampaignStats.Day} counts them, split by the wallet that reported them.
 */
public record WalletDays(LocalDate from, LocalDate to, List<Day> days) {

    /** One figure for each wallet: Apple Wallet (alpha), Google Wallet (beta), the EU wallet (eudiw). */
    public record PerWallet(long alpha, long beta, long eudiw) {

        public long sum() {
            return alpha + beta + eudiw;
        }
    }

    public record Day(LocalDate date, PerWallet installed, PerWallet removed) {}
}
