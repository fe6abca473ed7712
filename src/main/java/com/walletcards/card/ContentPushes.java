package com.walletcards.card;

import com.walletcards.card.CardEvents.CardUpdated;
import com.walletcards.card.PropagationQueries.CardRef;
import com.walletcards.card.PropagationQueries.Failed;
import com.walletcards.card.PropagationQueries.InstalledObject;
import com.walletcards.card.PropagationQueries.Pushed;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProvider.ObjectContent;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.ExternalEvents;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.SavepointManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Live updates, last step: pushing the current content to the installed objects of some cards
 * that are behind, in three steps, so that no provider call runs while rows are locked:
 *
 * <ol>
 *   <li>claim, in a short transaction: lock the objects, read the cards and their content under
 *       that lock, and give each object that is behind a push lease naming the version it gets;
 *       an object whose lease another worker holds is left to a retry;
 *   <li>call the providers, holding nothing;
 *   <li>record, in a short transaction: the version of each push that succeeded while its lease
 *       was still ours, the error of each that failed; release the leases; one {@code card.updated}
 *       per card.
 * </ol>
 *
 * One lease per object at a time serializes the pushes to it, and each claim reads the content
 * after the previous holder recorded its version, so versions reaching a wallet only grow
 * (docs/adr/0007-propagation.md, docs/adr/0010-provider-spi.md).
 */
@Component
class ContentPushes {

    private final PropagationQueries queries;
    private final WalletProviders providers;
    private final CardContentSource contents;
    private final CardProperties.Propagation settings;
    private final ApplicationEventPublisher events;
    private final UpdateDeliveries deliveries;
    private final TransactionTemplate transaction;
    private final Clock clock;

    ContentPushes(
            PropagationQueries queries,
            WalletProviders providers,
            CardContentSource contents,
            CardProperties properties,
            ApplicationEventPublisher events,
            UpdateDeliveries deliveries,
            PlatformTransactionManager transactions,
            Clock clock) {
        this.deliveries = deliveries;
        this.queries = queries;
        this.providers = providers;
        this.contents = contents;
        this.settings = properties.propagation();
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    /**
     * What one push achieved: cards that received new content, and objects to try again later
     * (failed for now, or leased by another worker).
     */
    record Outcome(int updatedCards, int retryable) {
        static final Outcome NOTHING = new Outcome(0, 0);
    }

    /**
     * The pushes a claim leased, by provider, the objects another worker holds, and the objects
     * behind whose protocol has no push, as of {@code at}, when the content was read.
     */
    private record Claim(
            Map<String, List<ObjectContent>> byProvider,
            Map<String, CardRef> cards,
            int busy,
            List<UpdateDeliveries.Reached> notPushed,
            Instant at) {}

    Outcome push(OrganizationId org, List<String> cardIds, boolean finalAttempt) {
        Claim claim = transaction.execute(tx -> claim(org, cardIds));
        if (claim == null || claim.byProvider().isEmpty()) {
            if (claim != null && !claim.notPushed().isEmpty()) {
                transaction.executeWithoutResult(tx -> deliveries.record(claim.notPushed(), claim.at(), false));
            }
            return claim == null ? Outcome.NOTHING : new Outcome(0, claim.busy());
        }
        Delivery delivery = new Delivery(finalAttempt);
        claim.byProvider().forEach((provider, updates) -> deliver(providers.get(provider), updates, delivery));
        Integer updated = transaction.execute(tx -> record(org, claim, delivery, tx));
        return new Outcome(updated == null ? 0 : updated, delivery.retryable + claim.busy());
    }

    private Claim claim(OrganizationId org, List<String> cardIds) {
        Instant now = Times.now(clock);
        List<InstalledObject> objects = queries.lockInstalledObjects(cardIds);
        if (objects.isEmpty()) {
            return new Claim(Map.of(), Map.of(), 0, List.of(), now);
        }
        // Read after the lock, so a revocation or deletion that committed meanwhile is seen.
        Map<String, CardRef> cards = queries.cards(
                org,
                objects.stream()
                        .map(InstalledObject::walletCardId)
                        .collect(LinkedHashSet::new, LinkedHashSet::add, LinkedHashSet::addAll));
        // Also read under the lock: whoever pushed to these objects before read older or equal
        // content (versions only grow), so what reaches a wallet never goes back.
        Map<String, CardContent> content = contents.contents(
                org,
                cards.values().stream()
                        .filter(c -> c.status() == CardStatus.active)
                        .map(CardRef::recipientId)
                        .toList());
        Map<String, List<ObjectContent>> behind = new LinkedHashMap<>();
        List<Pushed> leases = new ArrayList<>();
        List<UpdateDeliveries.Reached> notPushed = new ArrayList<>();
        int busy = 0;
        for (InstalledObject o : objects) {
            CardRef card = cards.get(o.walletCardId());
            CardContent c = card == null || card.status() != CardStatus.active ? null : content.get(card.recipientId());
            if (c == null || o.contentVersion() >= c.version()) {
                continue;
            }
            if (!providers.get(o.provider()).capabilities().pushUpdates()) {
                // A protocol without pushes gets new content when the holder fetches the card again.
                notPushed.add(new UpdateDeliveries.Reached(
                        o.walletCardId(),
                        o.provider(),
                        o.objectRef(),
                        c.version(),
                        UpdateDeliveries.Outcome.NOT_PUSHED));
                continue;
            }
            if (o.leaseUntil() != null && o.leaseUntil().isAfter(now)) {
                busy++; // another worker is pushing to it; a retry pushes whatever is newest then
                continue;
            }
            behind.computeIfAbsent(o.provider(), p -> new ArrayList<>())
                    .add(new ObjectContent(
                            new ProviderObjectRef(o.walletCardId(), o.provider(), o.objectRef()),
                            c.withBarcodeValue(card.barcodeValue())));
            leases.add(new Pushed(o.walletCardId(), o.provider(), c.version()));
        }
        queries.lease(leases, now.plus(settings.pushLease()), now);
        return new Claim(behind, cards, busy, notPushed, now);
    }

    private int record(OrganizationId org, Claim claim, Delivery delivery, SavepointManager savepoints) {
        Instant now = Times.now(clock);
        int[] moved = queries.recordPushed(delivery.pushed, now, savepoints);
        queries.recordFailed(delivery.failed, now);
        Map<String, Long> updated = new LinkedHashMap<>();
        for (int i = 0; i < moved.length; i++) {
            if (moved[i] > 0 || moved[i] == java.sql.Statement.SUCCESS_NO_INFO) {
                Pushed p = delivery.pushed.get(i);
                updated.merge(p.walletCardId(), p.version(), Math::max);
            }
        }
        List<ExternalEvent> published = new ArrayList<>();
        updated.forEach((cardId, version) -> {
            CardRef card = claim.cards().get(cardId);
            published.add(new CardUpdated(org, cardId, card.recipientId(), card.campaignId(), version, now));
        });
        events.publishEvent(new ExternalEvents(published));
        deliveries.record(reached(claim, delivery, moved), claim.at(), false);
        return updated.size();
    }

    /** What the pushes did, object by object, for update delivery. */
    private static List<UpdateDeliveries.Reached> reached(Claim claim, Delivery delivery, int[] moved) {
        Map<String, String> refs = new LinkedHashMap<>();
        claim.byProvider().values().stream()
                .flatMap(List::stream)
                .forEach(u -> refs.put(
                        u.object().walletCardId() + "\u0000" + u.object().provider(),
                        u.object().objectRef()));
        List<UpdateDeliveries.Reached> reached = new ArrayList<>(claim.notPushed());
        for (int i = 0; i < moved.length; i++) {
            if (moved[i] > 0 || moved[i] == java.sql.Statement.SUCCESS_NO_INFO) {
                Pushed p = delivery.pushed.get(i);
                reached.add(new UpdateDeliveries.Reached(
                        p.walletCardId(),
                        p.provider(),
                        refs.get(p.walletCardId() + "\u0000" + p.provider()),
                        p.version(),
                        UpdateDeliveries.Outcome.ACCEPTED));
            }
        }
        for (Failed f : delivery.failed) {
            if (!f.error().startsWith("retrying: ")) {
                reached.add(new UpdateDeliveries.Reached(
                        f.walletCardId(),
                        f.provider(),
                        refs.get(f.walletCardId() + "\u0000" + f.provider()),
                        f.version(),
                        UpdateDeliveries.Outcome.FAILED));
            }
        }
        return reached;
    }

    /**
     * Calls the provider once for all its updates. When that fails for good, one bad object may
     * be the cause: the updates go one by one, so that it never holds back the others.
     */
    private static void deliver(WalletProvider provider, List<ObjectContent> updates, Delivery delivery) {
        try {
            provider.updateObjects(updates);
            delivery.pushed(updates);
        } catch (ProviderFailure failure) {
            if (!failure.permanent() || updates.size() == 1) {
                delivery.failed(updates, failure);
                return;
            }
            for (ObjectContent update : updates) {
                try {
                    provider.updateObjects(List.of(update));
                    delivery.pushed(List.of(update));
                } catch (ProviderFailure single) {
                    delivery.failed(List.of(update), single);
                }
            }
        }
    }

    /** What became of the updates of one push. */
    private static final class Delivery {
        private final boolean finalAttempt;
        private final List<Pushed> pushed = new ArrayList<>();
        private final List<Failed> failed = new ArrayList<>();
        private int retryable;

        Delivery(boolean finalAttempt) {
            this.finalAttempt = finalAttempt;
        }

        void pushed(List<ObjectContent> updates) {
            updates.forEach(u -> pushed.add(new Pushed(
                    u.object().walletCardId(),
                    u.object().provider(),
                    u.content().version())));
        }

        void failed(List<ObjectContent> updates, ProviderFailure failure) {
            String error;
            if (failure.permanent()) {
                error = failure.reason();
            } else if (finalAttempt) {
                error = "gave up retrying: " + failure.reason();
            } else {
                error = "retrying: " + failure.reason();
                retryable += updates.size();
            }
            updates.forEach(u -> failed.add(new Failed(
                    u.object().walletCardId(),
                    u.object().provider(),
                    u.content().version(),
                    error)));
        }
    }
}
