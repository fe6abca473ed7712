package com.walletcards.card;

import com.walletcards.shared.ProviderName;

/** One "add to wallet" button of a card: the provider, the wallet's own name and where it leads. */
record WalletAction(ProviderName provider, String walletName, String url) {}
