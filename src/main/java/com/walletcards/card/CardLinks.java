package com.walletcards.card;

import org.springframework.stereotype.Component;

/**
 * The public links of a card: its download page and each provider's "add to wallet" page. Both the
 * issuer's views and the holder's buttons show them, so they are built in one place.
 */
@Component
class CardLinks {

    private final CardProperties properties;

    CardLinks(CardProperties properties) {
        this.properties = properties;
    }

    String download(WalletCard card) {
        return properties.link("/c/" + card.downloadCode());
    }

    String addToWallet(WalletCard card, String provider) {
        return properties.link("/c/" + card.downloadCode() + "/" + provider);
    }
}
