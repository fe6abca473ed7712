package com.walletcards.provider.examplewallet;

import com.walletcards.card.WalletCards;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.shared.ProviderName;

/**
 * Two imagined protocol adapters for {@code ModularityTests}: one that keeps to {@code shared}
 * and {@code card::spi}, one that reaches into the card module's internals.
 */
final class ExampleAdapters {

    private ExampleAdapters() {}

    /** Keeps to the SPI. */
    static final class Clean {
        ProviderName name = ProviderName.beta;
        ProviderObjectRef last = new ProviderObjectRef("card", "beta", "ref");
    }

    /** Reaches past the SPI into the card module's facade. */
    static final class Leaky {
        WalletCards cards;

        Leaky(WalletCards cards) {
            this.cards = cards;
        }
    }
}
