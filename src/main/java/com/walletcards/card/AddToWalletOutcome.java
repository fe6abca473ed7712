package com.walletcards.card;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.shared.ProviderName;

/** What {@code /c/<code>/<provider>} answers, decided by the card module and rendered by the web layer. */
public sealed interface AddToWalletOutcome {

    /** No such card, no object of that provider on it, or a deleted recipient's card. */
    record Unknown() implements AddToWalletOutcome {}

    /** The card was revoked: the void page, never a fresh pass or offer. */
    record Revoked() implements AddToWalletOutcome {}

    /** The provider could not answer now; the holder may try again. */
    record Unavailable(ProviderName provider) implements AddToWalletOutcome {}

    /**
     * The provider is a demonstration wallet inside this service: a page to add the card to it or
     * remove it; {@code installed} says whether the card is in it now.
     */
    record DemoWallet(ProviderName provider, String campaignName, boolean installed) implements AddToWalletOutcome {}

    /** What the provider's protocol hands the holder. */
    record Ready(ProviderName provider, String campaignName, AddToWallet action) implements AddToWalletOutcome {}
}
