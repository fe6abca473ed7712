package com.walletcards.card;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.shared.ProviderName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** The card module's side of {@link ObjectContents}: a lock-free read of the card and its content. */
@Component
class CardObjectContents implements ObjectContents {

    private final CardQueries queries;
    private final CardContentSource contents;

    CardObjectContents(CardQueries queries, CardContentSource contents) {
        this.queries = queries;
        this.contents = contents;
    }

    @Override
    public Optional<CurrentObject> find(ProviderName provider, String objectRef) {
        return queries.findObjectCard(provider.name(), objectRef).map(card -> current(card, provider, objectRef));
    }

    private CurrentObject current(CardQueries.ObjectCard card, ProviderName provider, String objectRef) {
        ProviderObjectRef ref = new ProviderObjectRef(card.id(), provider.name(), objectRef);
        Map<String, CardContent> byRecipient = contents.contents(card.organizationId(), List.of(card.recipientId()));
        CardContent content = byRecipient.get(card.recipientId());
        State state = card.finalStatus() == CardStatus.revoked
                ? State.REVOKED
                : card.finalStatus() == CardStatus.deleted ? State.DELETED : State.LIVE;
        return new CurrentObject(
                ref,
                card.organizationId(),
                state,
                content == null ? null : content.withBarcodeValue(card.barcodeValue()));
    }
}
