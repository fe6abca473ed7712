package com.walletcards.card;

import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.DeviceClass;
import com.walletcards.shared.ProviderName;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * The card module's facade for the holder's side: the card behind a download code, its "add to
 * wallet" actions and what opening one gives, and what the holder page says about each provider.
 */
@Service
public class HolderCards {

    private final CardQueries queries;
    private final WalletProviders providers;
    private final CardLinks links;
    private final AddToWalletActions addToWallet;

    HolderCards(CardQueries queries, WalletProviders providers, CardLinks links, AddToWalletActions addToWallet) {
        this.queries = queries;
        this.providers = providers;
        this.links = links;
        this.addToWallet = addToWallet;
    }

    /**
     * The card behind a download code, for the public card page. No transaction of its own: at
     * READ COMMITTED each of its two statements would see its own snapshot inside one as well.
     */
    public Optional<WalletCard> byDownloadCode(String code) {
        return queries.findByCode(code);
    }

    public boolean providerExists(String name) {
        return providers.exists(name);
    }

    /** The message key of the provider's note for holders, if it has one ({@link WalletProvider#holderNoteKey()}). */
    public Optional<String> holderNoteKey(String provider) {
        return providers.find(provider).map(WalletProvider::holderNoteKey);
    }

    /**
     * The "add to wallet" actions of a card, in the card's provider order: provider, the wallet's
     * own name and the action's URL. None for a revoked or deleted card. The holder page orders its
     * buttons by device itself, so no other module asks for these.
     */
    List<WalletAction> walletActions(WalletCard card) {
        if (card.status().isFinal()) {
            return List.of();
        }
        return card.objects().stream()
                .map(o -> ProviderName.parse(o.provider())
                        .map(p -> new WalletAction(p, p.walletName(), links.addToWallet(card, o.provider()))))
                .flatMap(Optional::stream)
                .toList();
    }

    /** What the holder gets from {@code /c/<code>/<provider>}; see {@link AddToWalletOutcome}. */
    public AddToWalletOutcome addToWallet(String downloadCode, String provider) {
        return addToWallet.open(downloadCode, provider);
    }

    /**
     * The holder's own request of {@code /c/<code>/<provider>}: as {@link #addToWallet(String,
     * String)}, and publishes {@link CardEvents.CardHandedOver} when the card was handed over.
     */
    public AddToWalletOutcome handOver(String downloadCode, String provider, DeviceClass device) {
        return addToWallet.handOver(downloadCode, provider, device);
    }

    /**
     * The holder adds the card to the provider's demonstration wallet or removes it, as that
     * provider's own report; what {@code /c/<code>/<provider>} shows afterwards. Any outcome other
     * than {@link AddToWalletOutcome.DemoWallet} means nothing changed.
     */
    public AddToWalletOutcome keepInDemoWallet(String downloadCode, String provider, boolean installed) {
        return addToWallet.keepInDemoWallet(downloadCode, provider, installed);
    }
}
