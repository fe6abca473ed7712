package com.walletcards.card;

import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.OrganizationId;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The card module's facade for fan-outs to a campaign's active cards, such as notifications: the
 * cards in keyset pages, with their installed objects, and the providers that reach those objects.
 */
@Service
public class ActiveCards {

    private final CardQueries queries;
    private final WalletProviders providers;

    ActiveCards(CardQueries queries, WalletProviders providers) {
        this.queries = queries;
        this.providers = providers;
    }

    /** Active cards of a campaign after {@code afterCardId} in id order: keyset pages for fan-outs. */
    @Transactional(readOnly = true)
    public List<ActiveCard> page(OrganizationId org, String campaignId, @Nullable String afterCardId, int limit) {
        return queries.activeCards(org, campaignId, afterCardId, limit).stream()
                .map(c -> new ActiveCard(
                        c.id(),
                        c.recipientId(),
                        c.objects().stream()
                                .filter(ProviderObject::installed)
                                .map(o -> new ProviderObjectRef(c.id(), o.provider(), o.objectRef()))
                                .toList()))
                .toList();
    }

    public long count(OrganizationId org, String campaignId) {
        return queries.countActive(org, campaignId);
    }

    /** The provider of that name in this deployment; 404 for a name that is not a provider. */
    public WalletProvider provider(String name) {
        return providers.get(name);
    }
}
