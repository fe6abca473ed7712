package com.walletcards.card;

import com.walletcards.card.CardEvents.UpdateDelivered;
import com.walletcards.card.CardEvents.UpdatePushed;
import com.walletcards.card.CardEvents.UpdatesPushed;
import com.walletcards.card.UpdateQueries.CardOf;
import com.walletcards.card.UpdateQueries.Fact;
import com.walletcards.card.UpdateQueries.NewFact;
import com.walletcards.card.UpdateQueries.State;
import com.walletcards.card.spi.DeliveryReports;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.ExternalEvents;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The delivery facts of content versions and their counters, always changed together in one
 * transaction (docs/update-delivery.md). Pushes and voids report what went to which object; the
 * providers report fetches, devices that asked, and devices that are gone.
 */
@Component
class UpdateDeliveries implements DeliveryReports {

    /** The target of a protocol without devices: the provider object itself. */
    static final String OBJECT = "-";

    /** What became of one object's push. */
    enum Outcome {
        /** The provider took it: a device-less object has it now; devices still have to fetch it. */
        ACCEPTED,
        /** The protocol has no push: the object gets it when the holder's wallet fetches again. */
        NOT_PUSHED,
        /** The provider refused it for good, or retries were given up. */
        FAILED
    }

    /** One object that a version went to, carrying the card's content version {@code cardVersion}. */
    record Reached(String walletCardId, String provider, String objectRef, long cardVersion, Outcome outcome) {}

    private final UpdateQueries queries;
    private final WalletProviders providers;
    private final UpdateMetrics metrics;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final Clock clock;

    UpdateDeliveries(
            UpdateQueries queries,
            WalletProviders providers,
            UpdateMetrics metrics,
            ApplicationEventPublisher events,
            PlatformTransactionManager transactions,
            Clock clock) {
        this.queries = queries;
        this.providers = providers;
        this.metrics = metrics;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    /**
     * Records, in the caller's transaction, what the newest version each card shows as of
     * {@code contentAt} (its revocation, with {@code revocation}) did at these objects.
     */
    void record(List<Reached> reached, Instant contentAt, boolean revocation) {
        if (reached.isEmpty()) {
            return;
        }
        Instant now = Times.now(clock);
        Map<String, CardOf> cards = queries.cards(
                reached.stream().map(Reached::walletCardId).collect(LinkedHashSet::new, Set::add, Set::addAll));
        Map<String, Long> versions = queries.newestVersions(cards.values(), contentAt, revocation);
        Map<String, Map<String, List<String>>> devices = new HashMap<>();
        reached.stream()
                .map(Reached::provider)
                .distinct()
                .forEach(p -> devices.put(
                        p,
                        providers
                                .get(p)
                                .devices(reached.stream()
                                        .filter(r -> r.provider().equals(p))
                                        .map(Reached::objectRef)
                                        .toList())));
        List<NewFact> facts = new ArrayList<>();
        for (Reached r : reached) {
            CardOf card = cards.get(r.walletCardId());
            Long version = versions.get(r.walletCardId());
            if (card == null || version == null) {
                continue; // a change from before versions were recorded
            }
            List<String> onDevices = devices.get(r.provider()).get(r.objectRef());
            State state = switch (r.outcome()) {
                case FAILED -> State.failed;
                case NOT_PUSHED -> State.pending;
                case ACCEPTED -> onDevices != null ? State.pending : State.delivered;
            };
            for (String target : onDevices != null ? onDevices : List.of(OBJECT)) {
                facts.add(new NewFact(
                        r.walletCardId(),
                        r.provider(),
                        target,
                        card.campaignId(),
                        version,
                        revocation ? 0 : r.cardVersion(),
                        state,
                        now));
            }
        }
        if (facts.isEmpty()) {
            return;
        }
        boolean[] inserted = queries.insertFacts(facts);
        Map<String, long[]> deltas = new TreeMap<>(); // one order of counter locks for all
        Set<String> pushed = new LinkedHashSet<>();
        Set<String> delivered = new LinkedHashSet<>();
        Map<String, Optional<Instant>> times = new HashMap<>();
        for (int i = 0; i < facts.size(); i++) {
            if (!inserted[i]) {
                continue;
            }
            NewFact f = facts.get(i);
            long[] delta =
                    deltas.computeIfAbsent(countKey(f.campaignId(), f.version(), f.provider()), k -> new long[5]);
            delta[0]++;
            delta[column(f.state())]++;
            String key = f.walletCardId() + "\u0000" + f.provider() + "\u0000" + f.version();
            pushed.add(key);
            if (f.state() == State.delivered) {
                delivered.add(key);
                lag(times, f.campaignId(), f.version(), f.provider(), now);
            }
        }
        // Published together: one journey write and one webhook write for the batch, each a few
        // statements, instead of a nested transaction and a statement per card.
        List<UpdatePushed> pushedEvents = new ArrayList<>();
        List<ExternalEvent> deliveredEvents = new ArrayList<>();
        for (String key : pushed) {
            String[] k = key.split("\u0000", -1);
            CardOf card = cards.get(k[0]);
            long version = Long.parseLong(k[2]);
            pushedEvents.add(new UpdatePushed(
                    card.organizationId(),
                    card.campaignId(),
                    card.recipientId(),
                    card.walletCardId(),
                    k[1],
                    version,
                    now));
            if (delivered.contains(key)) {
                deliveredEvents.add(new UpdateDelivered(
                        card.organizationId(),
                        card.campaignId(),
                        card.recipientId(),
                        card.walletCardId(),
                        k[1],
                        version,
                        now));
            }
        }
        events.publishEvent(new UpdatesPushed(pushedEvents));
        if (!deliveredEvents.isEmpty()) {
            events.publishEvent(new ExternalEvents(deliveredEvents));
        }
        // Last, so that the transaction holds the campaign's counter rows (one per version and
        // provider, shared by every batch of a propagation) only from here to its commit: taken
        // before the events' listeners ran, they made the batches of a campaign-wide change wait
        // for each other's journey writes, one at a time.
        applyCounts(deltas);
        // Every counter key names a version that now has a target: once each, not once per card.
        deltas.keySet().stream()
                .map(key -> key.substring(0, key.lastIndexOf('\u0000')))
                .distinct()
                .forEach(key -> {
                    String[] k = key.split("\u0000", -1);
                    queries.markReached(k[0], Long.parseLong(k[1]));
                });
    }

    /**
     * Records, in the caller's transaction, the revocation versions of these voided objects
     * ({@code card -> provider}) that were installed: the void took the revocation there.
     */
    void voided(List<Map.Entry<String, String>> objects) {
        if (objects.isEmpty()) {
            return;
        }
        Map<String, Map<String, String>> installed = queries.installedObjects(
                objects.stream().map(Map.Entry::getKey).distinct().toList());
        List<Reached> reached = new ArrayList<>();
        for (Map.Entry<String, String> o : objects) {
            String ref = installed.getOrDefault(o.getKey(), Map.of()).get(o.getValue());
            if (ref != null) {
                boolean voids = providers.get(o.getValue()).capabilities().voiding();
                reached.add(
                        new Reached(o.getKey(), o.getValue(), ref, 0, voids ? Outcome.ACCEPTED : Outcome.NOT_PUSHED));
            }
        }
        record(reached, Times.now(clock), true);
    }

    @Override
    public void asked(ProviderName provider, String objectRef, String device) {
        transaction.executeWithoutResult(tx -> queries.cardOfObject(provider.name(), objectRef)
                .ifPresent(card -> queries.markAsked(card, provider.name(), device)));
    }

    @Override
    public void fetched(ProviderName provider, String objectRef, long contentVersion) {
        transaction.executeWithoutResult(tx -> queries.cardOfObject(provider.name(), objectRef)
                .ifPresent(card -> deliver(card, provider.name(), contentVersion)));
    }

    @Override
    public void deviceGone(ProviderName provider, String objectRef, String device) {
        transaction.executeWithoutResult(tx -> queries.cardOfObject(provider.name(), objectRef)
                .ifPresent(card -> {
                    List<Fact> gone = queries.lockWaiting(card, provider.name(), device, 0);
                    queries.delete(gone);
                    Map<String, long[]> deltas = new TreeMap<>(); // one order of counter locks for all
                    for (Fact f : gone) {
                        long[] delta = deltas.computeIfAbsent(
                                countKey(f.campaignId(), f.version(), f.provider()), k -> new long[5]);
                        delta[0]--;
                        delta[column(f.state())]--;
                    }
                    applyCounts(deltas);
                }));
    }

    private void deliver(String cardId, String provider, long contentVersion) {
        List<Fact> waiting = queries.lockWaiting(cardId, provider, null, contentVersion);
        if (waiting.isEmpty()) {
            return;
        }
        Instant now = Times.now(clock);
        Set<Long> first = new LinkedHashSet<>();
        waiting.stream()
                .map(Fact::version)
                .distinct()
                .filter(v -> !queries.anyDelivered(cardId, provider, v))
                .forEach(first::add);
        queries.setState(waiting, State.delivered, now);
        Map<String, long[]> deltas = new TreeMap<>(); // one order of counter locks for all
        Map<String, Optional<Instant>> times = new HashMap<>();
        for (Fact f : waiting) {
            long[] delta = deltas.computeIfAbsent(countKey(f.campaignId(), f.version(), provider), k -> new long[5]);
            delta[1]++;
            delta[column(f.state())]--;
            lag(times, f.campaignId(), f.version(), provider, now);
        }
        applyCounts(deltas);
        if (!first.isEmpty()) {
            CardOf card = queries.cards(List.of(cardId)).get(cardId);
            first.forEach(version -> events.publishEvent(new UpdateDelivered(
                    card.organizationId(), card.campaignId(), card.recipientId(), cardId, provider, version, now)));
        }
    }

    /**
     * Marks up to {@code limit} targets pending for longer than {@code staleAfter} as stale, in one
     * transaction; returns how many.
     */
    int markStale(Duration staleAfter, int limit) {
        Integer marked = transaction.execute(tx -> {
            Instant now = Times.now(clock);
            List<Fact> late = queries.lockPendingSince(now.minus(staleAfter), limit);
            queries.setState(late, State.stale, now);
            Map<String, long[]> deltas = new TreeMap<>(); // one order of counter locks for all
            for (Fact f : late) {
                long[] delta =
                        deltas.computeIfAbsent(countKey(f.campaignId(), f.version(), f.provider()), k -> new long[5]);
                delta[2]--;
                delta[4]++;
            }
            applyCounts(deltas);
            return late.size();
        });
        return marked == null ? 0 : marked;
    }

    void refreshStaleGauge() {
        metrics.staleTargets(queries.staleTotal());
    }

    private void lag(
            Map<String, Optional<Instant>> times, String campaignId, long version, String provider, Instant now) {
        times.computeIfAbsent(campaignId + "\u0000" + version, k -> queries.versionAt(campaignId, version))
                .ifPresent(at -> metrics.delivered(provider, Duration.between(at, now)));
    }

    private void applyCounts(Map<String, long[]> deltas) {
        deltas.forEach((key, delta) -> {
            String[] k = key.split("\u0000", -1);
            queries.count(k[0], Long.parseLong(k[1]), k[2], delta);
        });
    }

    private static String countKey(String campaignId, long version, String provider) {
        return campaignId + "\u0000" + version + "\u0000" + provider;
    }

    /** The counter a state adds to: delivered, pending, failed, stale (0 is the target). */
    private static int column(State state) {
        return switch (state) {
            case delivered -> 1;
            case pending -> 2;
            case failed -> 3;
            case stale -> 4;
        };
    }
}
