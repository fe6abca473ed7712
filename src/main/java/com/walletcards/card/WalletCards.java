package com.walletcards.card;

import com.walletcards.card.CardEvents.CardCreated;
import com.walletcards.card.CardEvents.CardEvent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.ExternalEvents;
import com.walletcards.shared.Ids;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The card module's facade for the issuer's side: creating a campaign's cards, inviting their
 * holders, revoking them or marking them deleted, and the views of them the API shows. The holder's
 * side is {@link HolderCards}; fan-outs to active cards use {@link ActiveCards}; content changes go
 * to {@link CardContentChanges}; provider callbacks that name cards go to {@link ProviderEventsIntake}.
 */
@Service
public class WalletCards {

    private static final SecureRandom RANDOM = new SecureRandom();
    private final CardQueries queries;
    private final WalletProviders providers;
    private final CardLinks links;
    private final ProviderCalls providerCalls;
    private final ContentVersions versions;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    WalletCards(
            CardQueries queries,
            WalletProviders providers,
            CardLinks links,
            ProviderCalls providerCalls,
            ContentVersions versions,
            ApplicationEventPublisher events,
            Clock clock) {
        this.versions = versions;
        this.queries = queries;
        this.providers = providers;
        this.links = links;
        this.providerCalls = providerCalls;
        this.events = events;
        this.clock = clock;
    }

    /**
     * Creates one card per recipient, with one provider object per targeted provider, in batches.
     * Returns the new card ids by recipient id.
     */
    @Transactional
    public Map<String, String> create(OrganizationId org, String campaignId, List<NewCard> requested) {
        if (requested.isEmpty()) {
            return Map.of();
        }
        Instant now = Times.now(clock);
        Map<String, String> cardIds = new LinkedHashMap<>();
        List<WalletCard> cards = new ArrayList<>();
        for (NewCard card : requested) {
            CardContent c = card.content();
            String id = Ids.newId("card");
            cardIds.put(card.recipientId(), id);
            // The barcode first: providers receive it with the content they create the object with.
            String barcode = c.barcodeValue() != null ? c.barcodeValue() : randomCode(12);
            // Only references are allocated here; the providers are called after this commits.
            List<ProviderObject> objects = card.providers().stream()
                    .map(p -> ProviderObject.allocated(p, providers.get(p).allocateObjectRef(id), c.version(), now))
                    .toList();
            cards.add(new WalletCard(
                    id,
                    org,
                    campaignId,
                    card.recipientId(),
                    CardStatus.created,
                    null,
                    randomCode(24),
                    barcode,
                    objects,
                    now,
                    now));
        }
        if (cards.isEmpty()) {
            return cardIds;
        }
        String callBatch = Ids.newId("calls");
        queries.insert(cards, callBatch);
        providerCalls.schedule(callBatch, cards.size());
        events.publishEvent(new ExternalEvents(cards.stream()
                .<ExternalEvent>map(c -> new CardCreated(org, c.id(), c.recipientId(), campaignId, now))
                .toList()));
        return cardIds;
    }

    // No transaction of its own: one statement each, which needs none, and a read-only transaction only
    // adds its BEGIN and COMMIT round trips. Inside a caller's transaction it runs in that one.
    public CardView get(OrganizationId org, String cardId) {
        return queries.find(org, cardId).map(this::view).orElseThrow(() -> new NotFound("Wallet card"));
    }

    public Map<String, CardView> views(OrganizationId org, Collection<String> cardIds) {
        return queries.findMany(org, cardIds).stream()
                .map(this::view)
                .collect(Collectors.toMap(CardView::walletCardId, Function.identity()));
    }

    /** Marks cards as sent to their holders; returns their download URLs by card id. */
    @Transactional
    public Map<String, String> invite(OrganizationId org, List<String> cardIds) {
        Instant now = Times.now(clock);
        Map<String, String> downloadUrls = new LinkedHashMap<>();
        for (String cardId : cardIds) {
            WalletCard card = locked(org, cardId);
            save(card, card.invite(now));
            downloadUrls.put(cardId, links.download(card));
        }
        return downloadUrls;
    }

    /**
     * The lines the card's providers add to its invitation email ({@link
     * WalletProvider#inviteEmailLine}), in the card's provider order. Called outside any transaction.
     */
    public List<String> inviteEmailLines(OrganizationId org, String cardId) {
        WalletCard card = queries.find(org, cardId).orElseThrow(() -> new NotFound("Wallet card"));
        List<String> lines = new ArrayList<>();
        for (ProviderObject o : card.objects()) {
            providers
                    .find(o.provider())
                    .map(p -> p.inviteEmailLine(new ProviderObjectRef(card.id(), o.provider(), o.objectRef())))
                    .ifPresent(lines::add);
        }
        return lines;
    }

    /** Voids every provider object of the card at its provider; final. */
    @Transactional
    public void revoke(OrganizationId org, String cardId) {
        WalletCard card = locked(org, cardId);
        List<CardEvent> changes = card.revoke(Times.now(clock));
        if (changes.isEmpty()) {
            return;
        }
        save(card, changes);
        versions.record(org, card.campaignId(), ContentVersions.Kind.revocation, card.id(), List.of("status"));
        // The providers void their objects after this commits. A push holding the objects' locks
        // finishes before this revocation can save; after it, no push takes a voided object.
        String callBatch = Ids.newId("calls");
        queries.requestVoid(card.id(), callBatch);
        providerCalls.schedule(callBatch, 1);
    }

    /** The recipient was deleted: the card stays in wallets but receives nothing more. */
    @Transactional
    public void markDeleted(OrganizationId org, String cardId) {
        WalletCard card = locked(org, cardId);
        save(card, card.markDeleted(Times.now(clock)));
    }

    private WalletCard locked(OrganizationId org, String cardId) {
        return queries.findForUpdate(org, cardId).orElseThrow(() -> new NotFound("Wallet card"));
    }

    private void save(WalletCard card, List<CardEvent> changes) {
        if (!changes.isEmpty()) {
            queries.update(card);
            changes.forEach(events::publishEvent);
        }
    }

    private CardView view(WalletCard card) {
        return new CardView(
                card.id(),
                card.recipientId(),
                card.campaignId(),
                card.status(),
                links.download(card),
                card.objects().stream()
                        .map(o -> new CardView.ProviderState(
                                o.provider(), o.status(), links.addToWallet(card, o.provider()), o.updatedAt()))
                        .toList(),
                card.updatedAt());
    }

    /** Random URL-safe text: {@code bytes} random bytes, so 24 bytes carry 192 bits. */
    static String randomCode(int bytes) {
        byte[] raw = new byte[bytes];
        RANDOM.nextBytes(raw);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }
}
