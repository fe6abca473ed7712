package com.walletcards.notification;

import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.ActiveCard;
import com.walletcards.card.ActiveCards;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.notification.NotificationEvents.NotificationEvent;
import com.walletcards.notification.NotificationQueries.Result;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.TransactionAspectSupport;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The fan-out of one notification, in keyset batches of active cards. Each batch takes two
 * transactions: the first claims the cards (a delivery row per card, committed before any
 * provider call), the second hands the message to the providers and records the outcomes. A run
 * interrupted between the two never repeats a claimed card: its outcome is unknown, so it is
 * recorded as failed instead of risking a second lock-screen message. Delivery is therefore at
 * most once per card, and exactly once when nothing crashes.
 */
@Component
class NotificationDelivery {

    static final int BATCH = 500;
    private static final int MAX_ERROR = 500;
    private static final Logger log = LoggerFactory.getLogger(NotificationDelivery.class);
    static final String UNSUPPORTED = "this wallet cannot show lock-screen messages";

    private final NotificationQueries queries;
    private final ProviderReportQueries reports;
    private final TransactionTemplate transaction;
    private final CampaignManagement campaigns;
    private final ActiveCards activeCards;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final Duration claimLease;

    /**
     * Thrown while another execution of the same notification may still be delivering what it
     * claimed: one that this instance took for dead because its heartbeat came late (a starved
     * machine, a long pause) but that is still at work. The job retries with backoff until those
     * claims have an outcome or are older than the claim lease.
     */
    static final class ClaimsInFlight extends RuntimeException {
        ClaimsInFlight(String notificationId, int claims) {
            super("Notification " + notificationId + ": " + claims
                    + " cards claimed by another run within the claim lease; retrying later");
        }
    }

    NotificationDelivery(
            NotificationQueries queries,
            ProviderReportQueries reports,
            PlatformTransactionManager transactions,
            CampaignManagement campaigns,
            ActiveCards activeCards,
            ApplicationEventPublisher events,
            Clock clock,
            @Value("${wallet.notifications.claim-lease:PT1M}") Duration claimLease) {
        this.claimLease = claimLease;
        this.queries = queries;
        this.reports = reports;
        this.transaction = new TransactionTemplate(transactions);
        this.campaigns = campaigns;
        this.activeCards = activeCards;
        this.events = events;
        this.clock = clock;
    }

    /** Cards claimed for delivery; {@code last} when no active card follows them. */
    record Claim(String notificationId, PushMessage message, List<ActiveCard> cards, boolean last) {}

    /**
     * Under the notification's row lock: starts a due notification, then claims the next batch of
     * active cards. Returns null when there is nothing (more) to deliver; a notification that was
     * cancelled meanwhile, or whose campaign was deleted, ends here.
     *
     * <p>With {@code batchInFlight}, the previous batch is still being delivered: its claimed
     * deliveries are not an interrupted run's, and this call ends nothing; it returns null instead,
     * and the caller asks again once that batch is recorded.
     */
    @Transactional
    public @Nullable Claim claimNext(String notificationId, boolean batchInFlight) {
        Notification n = queries.lockById(notificationId).orElse(null);
        if (n == null) {
            return null;
        }
        Instant now = Times.now(clock);
        if (campaigns.find(n.organizationId(), n.campaignId()).isEmpty()) {
            if (!batchInFlight) {
                save(n, n.abandon(now));
            }
            return null;
        }
        boolean due = n.status() == NotificationStatus.pending;
        if (!n.start()) {
            return null; // cancelled, or already finished by an earlier run
        }
        if (due && !queries.startIfPending(n)) {
            return null; // the mirror of cancelIfPending: of a cancel and a start, only one can win
        }
        if (!batchInFlight) {
            // Only claims older than the lease are an interrupted run's: a younger one may belong to
            // a run taken for dead while still delivering, whose outcome is on its way.
            int interrupted = queries.failInterrupted(n.id(), now, now.minus(claimLease));
            if (interrupted > 0) {
                log.warn(
                        "Notification {}: {} deliveries of an interrupted run recorded as failed", n.id(), interrupted);
                n.delivered(0, interrupted);
            }
            int inFlight = queries.claimedWithoutOutcome(n.id());
            if (inFlight > 0) {
                throw new ClaimsInFlight(n.id(), inFlight); // rolls this claim back; the retry looks again
            }
        }
        List<ActiveCard> page =
                activeCards.page(n.organizationId(), n.campaignId().value(), n.lastCardId(), BATCH);
        if (page.isEmpty()) {
            if (!batchInFlight) {
                save(n, n.finish(now));
            }
            return null;
        }
        List<ActiveCard> fresh = queries.claim(n, page, now, TransactionAspectSupport.currentTransactionStatus());
        n.claimed(fresh.size(), page.get(page.size() - 1).walletCardId());
        save(n, null);
        return new Claim(
                n.id(),
                new PushMessage(n.id(), n.message().header(), n.message().body()),
                fresh,
                page.size() < BATCH);
    }

    /**
     * Hands the message to every installed object of each claimed card and records the outcomes.
     * A card counts as delivered when at least one of its wallets took the message. Finishes the
     * notification after the last batch. Returns whether more cards may follow.
     */
    public boolean deliver(Claim claim) {
        // The providers are called outside any transaction: a slow one holds no database rows.
        Delivered delivered = deliverAll(claim.cards(), claim.message());
        Boolean more = transaction.execute(tx -> record(claim, delivered));
        return Boolean.TRUE.equals(more);
    }

    private boolean record(Claim claim, Delivered delivered) {
        List<Result> results = delivered.cards();
        Instant now = Times.now(clock);
        reports.add(claim.notificationId(), delivered.providers());
        int[] recorded = queries.recordOutcomes(claim.notificationId(), results, now);
        Notification n = queries.lockById(claim.notificationId()).orElseThrow();
        if (n.status() != NotificationStatus.sending) {
            return false; // the job gave up meanwhile; the outcomes above are still the truth per card
        }
        n.delivered(recorded[0], recorded[1]);
        save(n, claim.last() ? n.finish(now) : null);
        return !claim.last();
    }

    /** The job exhausted its retries: the notification ends as failed. */
    @Transactional
    public void giveUp(String notificationId) {
        queries.lockById(notificationId).ifPresent(n -> {
            Instant now = Times.now(clock);
            if (n.status() == NotificationStatus.sending) {
                // Every claim, however young: nothing retries after this.
                n.delivered(0, queries.failInterrupted(n.id(), now, now.plusSeconds(1)));
            }
            NotificationEvent event = n.giveUp(now);
            if (event != null) {
                log.error("Notification {} failed: its delivery job gave up after repeated errors", n.id());
                save(n, event);
            }
        });
    }

    /**
     * One batch call per provider for the whole claim, to the providers that can show lock-screen
     * messages; the objects at the others count as unsupported. A card counts as delivered when at
     * least one of its wallets took the message; failures are recorded, not retried, since a retry
     * could not tell a lost answer from a lost message.
     */
    private Delivered deliverAll(List<ActiveCard> claimed, PushMessage message) {
        Map<String, List<ProviderObjectRef>> byProvider = new LinkedHashMap<>();
        for (ActiveCard card : claimed) {
            for (ProviderObjectRef object : card.installedObjects()) {
                byProvider
                        .computeIfAbsent(object.provider(), p -> new ArrayList<>())
                        .add(object);
            }
        }
        Set<String> delivered = new HashSet<>();
        Map<String, String> errors = new HashMap<>();
        List<ProviderReport> reports = new ArrayList<>();
        byProvider.forEach((provider, objects) -> {
            WalletProvider wallet = activeCards.provider(provider);
            if (!wallet.capabilities().lockScreenMessages()) {
                objects.forEach(o -> errors.putIfAbsent(o.walletCardId(), provider + ": " + UNSUPPORTED));
                reports.add(new ProviderReport(provider, objects.size(), 0, 0, objects.size()));
                return;
            }
            List<@Nullable String> outcomes;
            try {
                outcomes = wallet.deliverMessages(objects, message);
            } catch (ProviderFailure failure) {
                outcomes = Collections.nCopies(objects.size(), failure.reason());
            }
            int ok = 0;
            for (int i = 0; i < objects.size(); i++) {
                String cardId = objects.get(i).walletCardId();
                if (outcomes.get(i) == null) {
                    delivered.add(cardId);
                    ok++;
                } else {
                    errors.put(cardId, truncate(provider + ": " + outcomes.get(i)));
                }
            }
            reports.add(new ProviderReport(provider, objects.size(), ok, objects.size() - ok, 0));
        });
        List<Result> results = new ArrayList<>(claimed.size());
        for (ActiveCard card : claimed) {
            boolean ok = delivered.contains(card.walletCardId());
            String error = errors.getOrDefault(card.walletCardId(), "the card has no installed wallet object");
            results.add(new Result(card.walletCardId(), ok, ok ? null : error));
        }
        return new Delivered(results, reports);
    }

    /** The outcome per card, and per provider for the notification's report. */
    record Delivered(List<Result> cards, List<ProviderReport> providers) {}

    private void save(Notification n, @Nullable NotificationEvent event) {
        queries.update(n);
        if (event != null) {
            events.publishEvent(event);
        }
    }

    private static @Nullable String truncate(@Nullable String text) {
        return text == null || text.length() <= MAX_ERROR ? text : text.substring(0, MAX_ERROR);
    }
}
