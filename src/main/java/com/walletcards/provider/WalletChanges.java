package com.walletcards.provider;

import com.walletcards.provider.apple.ChangeMessages;
import java.util.Optional;

/**
 * What the wallets tell a holder when a campaign changes, for pages that show it before a change
 * is sent. The protocol adapters keep the knowledge (Apple Wallet's change messages live beside its
 * pass layout); this is the provider module's one door to it, so no other module reaches into an
 * adapter.
 */
public final class WalletChanges {

    private WalletChanges() {}

    /**
     * The change message Apple Wallet shows on the lock screen when this field of a campaign
     * changes (a path of the campaigns API's PATCH body, such as {@code campaignData.start_time});
     * {@code %@} stands for the new value. Empty: the pass changes without a message.
     */
    public static Optional<String> appleMessage(String campaignField) {
        return ChangeMessages.shownFor(campaignField).map(ChangeMessages.Field::message);
    }
}
