package com.walletcards.card.spi;

import com.walletcards.shared.ProviderName;

/**
 * One implementation of one provider, selected by {@code WALLET_PROVIDER_<NAME>_MODE}. Only the
 * selected factory of each provider is asked to {@link #create()}, so an implementation that is
 * not used never loads keys or opens connections.
 */
public interface WalletProviderFactory {

    ProviderName provider();

    /** The value of {@code WALLET_PROVIDER_<NAME>_MODE} that selects this implementation. */
    String mode();

    WalletProvider create();
}
