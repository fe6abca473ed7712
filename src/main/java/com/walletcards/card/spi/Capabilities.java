package com.walletcards.card.spi;

/**
 * What a provider's protocol can do, so that callers ask instead of assuming. Built by naming
 * each capability, {@code Capabilities.NONE.withPushUpdates().withVoiding()}, so that no reader
 * has to count positions.
 *
 * @param pushUpdates new content reaches an installed card without the holder doing anything
 * @param lockScreenMessages a notification can be shown on the holder's lock screen
 * @param voiding a revoked card can be shown as void in the wallet
 * @param campaignLevelUpdate the campaign part lives in one provider-side class, updated once
 *     per campaign change with {@link WalletProvider#updateCampaign}
 */
public record Capabilities(
        boolean pushUpdates, boolean lockScreenMessages, boolean voiding, boolean campaignLevelUpdate) {

    public static final Capabilities NONE = new Capabilities(false, false, false, false);

    public static final Capabilities ALL =
            NONE.withPushUpdates().withLockScreenMessages().withVoiding().withCampaignLevelUpdate();

    public Capabilities withPushUpdates() {
        return new Capabilities(true, lockScreenMessages, voiding, campaignLevelUpdate);
    }

    public Capabilities withLockScreenMessages() {
        return new Capabilities(pushUpdates, true, voiding, campaignLevelUpdate);
    }

    public Capabilities withVoiding() {
        return new Capabilities(pushUpdates, lockScreenMessages, true, campaignLevelUpdate);
    }

    public Capabilities withCampaignLevelUpdate() {
        return new Capabilities(pushUpdates, lockScreenMessages, voiding, true);
    }
}
