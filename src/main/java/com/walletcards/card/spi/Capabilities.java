package com.walletcards.card.spi;

/**
 * What a provider's protocol can do, so that callers ask instead of assuming.
 *
 * @param pushUpdates new content reaches an installed card without the holder doing anything
 * @param lockScreenMessages a notification can be shown on the holder's lock screen
 * @param voiding a revoked card can be shown as void in the wallet
 * @param campaignLevelUpdate the campaign part lives in one provider-side class, updated once
 *     per campaign change with {@link WalletProvider#updateCampaign}
 */
public record Capabilities(
        boolean pushUpdates, boolean lockScreenMessages, boolean voiding, boolean campaignLevelUpdate) {

    public static final Capabilities ALL = new Capabilities(true, true, true, true);
}
