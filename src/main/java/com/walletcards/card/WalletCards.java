package com.walletcards.card;

import com.walletcards.card.CardEvents.CardCreated;
import com.walletcards.card.CardEvents.CardInstalled;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProvider.NewObject;
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
    private final CardContentSource contents;
    private final CardProperties properties;
    private final CardPropagation propagation;
    private final PropagationQueries propagationQueries;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    WalletCards(
            CardQueries queries,
            WalletProviders providers,
            CardContentSource contents,
            CardProperties properties,
            CardPropagation propagation,
            PropagationQueries propagationQueries,
            ApplicationEventPublisher events,
            Clock clock) {
        this.queries = queries;
        this.providers = providers;
        this.contents = contents;
        this.properties = properties;
        this.propagation = propagation;
        this.propagationQueries = propagationQueries;
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
        Map<String, CardContent> content = contents.contents(
                org, requested.stream().map(NewCard::recipientId).toList());
        Map<String, String> cardIds = new LinkedHashMap<>();
        Map<String, List<NewObject>> perProvider = new LinkedHashMap<>();
        for (NewCard card : requested) {
            CardContent c = content.get(card.recipientId());
            if (c == null) {
                continue; // deleted meanwhile: nothing to issue
            }
            String id = Ids.newId("card");
            cardIds.put(card.recipientId(), id);
            for (String provider : card.providers()) {
                perProvider.computeIfAbsent(provider, p -> new ArrayList<>()).add(new NewObject(id, c));
            }
        }
        Map<String, List<ProviderObject>> objects = new LinkedHashMap<>();
        perProvider.forEach((provider, batch) -> {
            List<String> refs = providers.get(provider).createObjects(batch);
            for (int i = 0; i < batch.size(); i++) {
                objects.computeIfAbsent(batch.get(i).walletCardId(), k -> new ArrayList<>())
                        .add(new ProviderObject(
                                provider,
                                refs.get(i),
                                false,
                                false,
                                false,
                                null,
                                batch.get(i).content().version(),
                                null,
                                now));
            }
        });
        List<WalletCard> cards = new ArrayList<>();
        cardIds.forEach((recipientId, id) -> {
            CardContent c = content.get(recipientId);
            String barcode = c.customBarcodeValue() != null ? c.customBarcodeValue() : randomCode(12);
            cards.add(new WalletCard(
                    id,
                    org,
                    campaignId,
                    recipientId,
                    CardStatus.created,
                    null,
                    randomCode(24),
                    barcode,
                    objects.getOrDefault(id, List.of()),
                    now,
                    now));
        });
        queries.insert(cards);
        cards.forEach(c -> events.publishEvent(new CardCreated(org, c.id(), c.recipientId(), campaignId, now)));
        return cardIds;
    }

    @Transactional(readOnly = true)
    public CardView get(OrganizationId org, String cardId) {
        return queries.find(org, cardId).map(this::view).orElseThrow(() -> new NotFound("Wallet card"));
    }

    @Transactional(readOnly = true)
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

    /** Voids every provider object of the card at its provider; final. */
    @Transactional
    public void revoke(OrganizationId org, String cardId) {
        WalletCard card = locked(org, cardId);
        List<Object> changes = card.revoke(Times.now(clock));
        if (changes.isEmpty()) {
            return;
        }
        // Saved first: this locks the provider objects before the provider is called, the order in
        // which live updates lock them too, so the two never wait for each other in a cycle.
        save(card, changes);
        for (ProviderObject object : card.objects()) {
            providers
                    .get(object.provider())
                    .voidObject(new ProviderObjectRef(card.id(), object.provider(), object.objectRef()));
        }
    }

    /** The recipient was deleted: the card stays in wallets but receives nothing more. */
    @Transactional
    public void markDeleted(OrganizationId org, String cardId) {
        WalletCard card = locked(org, cardId);
        save(card, card.markDeleted(Times.now(clock)));
    }

    /**
     * Applies a wallet provider's callback. Returns whether it changed anything: a repeated event
     * id, an event older than the last one applied, or a revoked or deleted card change nothing.
     */
    @Transactional
    public boolean applyProviderEvent(
            String provider, String cardId, String eventId, boolean installed, Instant occurredAt) {
        Instant now = Times.now(clock);
        WalletCard card = queries.findForUpdate(cardId).orElseThrow(() -> new NotFound("Wallet card"));
        if (!card.hasProvider(provider)) {
            throw new NotFound("The card has no " + provider + " object; wallet card");
        }
        if (!queries.recordEvent(provider, eventId, card, installed ? "INSTALL" : "REMOVE", occurredAt, now)) {
            return false;
        }
        Optional<List<Object>> changes = card.applyProviderEvent(provider, installed, occurredAt, now);
        if (changes.isEmpty()) {
            return false;
        }
        queries.markEventApplied(provider, eventId);
        queries.update(card);
        changes.get().forEach(events::publishEvent);
        if (changes.get().stream().anyMatch(CardInstalled.class::isInstance)) {
            // The object may hold content older than the card's current one (a change while it was
            // not installed, or one whose batch passed this card just before it was installed).
            // The check runs as a job after this commits, so it sees every change committed by then.
            propagation.cardChanged(card.organizationId(), card.id(), card.campaignId());
        }
        return true;
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

    /** The card behind a download code, for the public card page. */
    @Transactional(readOnly = true)
    public Optional<WalletCard> byDownloadCode(String code) {
        return queries.findByCode(code);
    }

    public boolean providerExists(String name) {
        return providers.exists(name);
    }

    public WalletProvider provider(String name) {
        return providers.get(name);
    }

    private WalletCard locked(OrganizationId org, String cardId) {
        return queries.findForUpdate(org, cardId).orElseThrow(() -> new NotFound("Wallet card"));
    }

    private void save(WalletCard card, List<Object> changes) {
        if (!changes.isEmpty()) {
            queries.update(card);
            changes.forEach(events::publishEvent);
        }
    }

    String downloadUrl(WalletCard card) {
        return properties.link("/c/" + card.downloadCode());
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
                                o.provider(),
                                o.status(),
                                properties.link(providers.get(o.provider()).addToWalletPath(card.downloadCode())),
                                o.updatedAt()))
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
