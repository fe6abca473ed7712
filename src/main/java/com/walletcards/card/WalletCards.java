package com.walletcards.card;

import com.walletcards.card.CardEvents.CardCreated;
import com.walletcards.card.CardEvents.CardEvent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.ExternalEvents;
import com.walletcards.shared.Ids;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.ProviderName;
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
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The card module's facade. */
@Service
public class WalletCards {

    private static final SecureRandom RANDOM = new SecureRandom();
    private final CardQueries queries;
    private final WalletProviders providers;
    private final CardProperties properties;
    private final PropagationRequests propagation;
    private final PropagationQueries propagationQueries;
    private final ProviderCalls providerCalls;
    private final ObjectEvents objectEvents;
    private final AddToWalletActions addToWallet;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    WalletCards(
            CardQueries queries,
            WalletProviders providers,
            CardProperties properties,
            PropagationRequests propagation,
            PropagationQueries propagationQueries,
            ProviderCalls providerCalls,
            ObjectEvents objectEvents,
            AddToWalletActions addToWallet,
            ApplicationEventPublisher events,
            Clock clock) {
        this.queries = queries;
        this.providers = providers;
        this.properties = properties;
        this.propagation = propagation;
        this.propagationQueries = propagationQueries;
        this.providerCalls = providerCalls;
        this.objectEvents = objectEvents;
        this.addToWallet = addToWallet;
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
        Map<String, String> links = new LinkedHashMap<>();
        for (String cardId : cardIds) {
            WalletCard card = locked(org, cardId);
            save(card, card.invite(now));
            links.put(cardId, downloadUrl(card));
        }
        return links;
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

    /**
     * Applies a provider's report about the object of {@code provider} on a card, found by the
     * card id (the generic signed callback names cards, not objects). See {@link ObjectEvents#report}.
     */
    public boolean applyProviderEvent(
            String provider, String cardId, String eventId, boolean installed, Instant occurredAt) {
        ProviderName name = ProviderName.parse(provider).orElseThrow(() -> new NotFound("Provider " + provider));
        if (!queries.exists(cardId)) {
            throw new NotFound("Wallet card");
        }
        String objectRef = queries.objectRef(cardId, provider)
                .orElseThrow(() -> new NotFound("The card has no " + provider + " object; wallet card"));
        return objectEvents.report(new ObjectEvent(
                name,
                objectRef,
                eventId,
                installed ? ObjectEvent.Kind.INSTALLED : ObjectEvent.Kind.REMOVED,
                occurredAt));
    }

    /**
     * The content of a campaign's cards changed: schedules pushing it to every active card of the
     * campaign. Call it in the transaction of the change; it takes constant time.
     */
    @Transactional
    public void campaignContentChanged(OrganizationId org, String campaignId) {
        propagation.campaignChanged(org, campaignId);
    }

    /**
     * The content of one recipient's card changed: schedules pushing it to that card. Call it in
     * the transaction of the change. A card that may still be installed later is included, since
     * its install may commit while this change does; revoked and deleted cards are not.
     */
    @Transactional
    public void recipientContentChanged(OrganizationId org, String recipientId) {
        propagationQueries
                .cardOfRecipient(org, recipientId)
                .filter(card -> !card.status().isFinal())
                .ifPresent(card -> propagation.cardChanged(org, card.walletCardId(), card.campaignId()));
    }

    /** Active cards of a campaign after {@code afterCardId} in id order: keyset pages for fan-outs. */
    @Transactional(readOnly = true)
    public List<ActiveCard> activeCards(
            OrganizationId org, String campaignId, @Nullable String afterCardId, int limit) {
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

    public long countActiveCards(OrganizationId org, String campaignId) {
        return queries.countActive(org, campaignId);
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

    /** The provider of that name in this deployment; 404 for a name that is not a provider. */
    public WalletProvider provider(String name) {
        return providers.get(name);
    }

    /**
     * The "add to wallet" actions of a card, in the card's provider order, for the holder page's
     * buttons: provider, the wallet's own name and the action's URL. None for a revoked or deleted
     * card.
     */
    public List<WalletAction> walletActions(WalletCard card) {
        if (card.status().isFinal()) {
            return List.of();
        }
        return card.objects().stream()
                .map(o -> ProviderName.parse(o.provider())
                        .map(p -> new WalletAction(p, p.walletName(), addToWalletUrl(card, o.provider()))))
                .flatMap(Optional::stream)
                .toList();
    }

    /** What the holder gets from {@code /c/<code>/<provider>}; see {@link AddToWalletOutcome}. */
    public AddToWalletOutcome addToWallet(String downloadCode, String provider) {
        return addToWallet.open(downloadCode, provider);
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

    String downloadUrl(WalletCard card) {
        return properties.link("/c/" + card.downloadCode());
    }

    private String addToWalletUrl(WalletCard card, String provider) {
        return properties.link("/c/" + card.downloadCode() + "/" + provider);
    }

    private CardView view(WalletCard card) {
        return new CardView(
                card.id(),
                card.recipientId(),
                card.campaignId(),
                card.status(),
                downloadUrl(card),
                card.objects().stream()
                        .map(o -> new CardView.ProviderState(
                                o.provider(), o.status(), addToWalletUrl(card, o.provider()), o.updatedAt()))
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
