package com.walletcards.card;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProvider.ObjectContent;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The holder's "add to wallet" action. The card is read without locks and the provider is called
 * outside any transaction, since a real protocol may go over the network (Google's object insert).
 */
@Component
class AddToWalletActions {

    private static final Logger log = LoggerFactory.getLogger(AddToWalletActions.class);

    private final CardQueries queries;
    private final WalletProviders providers;
    private final CardContentSource contents;

    AddToWalletActions(CardQueries queries, WalletProviders providers, CardContentSource contents) {
        this.queries = queries;
        this.providers = providers;
        this.contents = contents;
    }

    AddToWalletOutcome open(String downloadCode, String providerName) {
        Optional<WalletProvider> provider = providers.find(providerName);
        WalletCard card = queries.findByCode(downloadCode).orElse(null);
        if (provider.isEmpty() || card == null || card.status() == CardStatus.deleted) {
            return new AddToWalletOutcome.Unknown();
        }
        Optional<ProviderObject> object = card.objects().stream()
                .filter(o -> o.provider().equals(providerName))
                .findFirst();
        if (object.isEmpty()) {
            return new AddToWalletOutcome.Unknown();
        }
        if (card.status() == CardStatus.revoked) {
            return new AddToWalletOutcome.Revoked();
        }
        CardContent content = contents.contents(card.organizationId(), List.of(card.recipientId()))
                .get(card.recipientId());
        if (content == null) {
            return new AddToWalletOutcome.Unknown();
        }
        ProviderObjectRef ref =
                new ProviderObjectRef(card.id(), providerName, object.get().objectRef());
        try {
            return new AddToWalletOutcome.Ready(
                    provider.get().name(),
                    content.campaignName(),
                    provider.get().addToWallet(new ObjectContent(ref, content.withBarcodeValue(card.barcodeValue()))));
        } catch (ProviderFailure failure) {
            log.warn("Add to wallet of card {} at {} failed: {}", card.id(), providerName, failure.reason());
            return new AddToWalletOutcome.Unavailable(provider.get().name());
        }
    }
}
