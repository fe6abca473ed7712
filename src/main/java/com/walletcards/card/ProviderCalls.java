package com.walletcards.card;

import com.walletcards.card.ProviderCallQueries.CallOutcome;
import com.walletcards.card.ProviderCallQueries.PendingObject;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProvider.ObjectContent;
import com.walletcards.shared.Jobs;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Provider calls that follow a card change: creating the objects of new cards at their providers
 * and voiding the objects of revoked cards. The change only allocates references and marks the
 * objects, in its own transaction, and schedules one {@code provider-calls} job; the job calls the
 * providers outside any transaction, then records the outcome. A provider that is down delays the
 * job, never the API.
 */
@Component
class ProviderCalls {

    private final ProviderCallQueries queries;
    private final WalletProviders providers;
    private final CardContentSource contents;
    private final PropagationRequests propagation;
    private final UpdateDeliveries deliveries;
    private final Jobs jobs;
    private final TransactionTemplate transaction;
    private final Clock clock;

    ProviderCalls(
            ProviderCallQueries queries,
            WalletProviders providers,
            CardContentSource contents,
            PropagationRequests propagation,
            UpdateDeliveries deliveries,
            Jobs jobs,
            PlatformTransactionManager transactions,
            Clock clock) {
        this.deliveries = deliveries;
        this.queries = queries;
        this.providers = providers;
        this.contents = contents;
        this.propagation = propagation;
        this.jobs = jobs;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    /** Thrown after the job recorded what it could, so that the job engine retries the rest. */
    static final class CallsPending extends RuntimeException {
        private final @Nullable Duration notBefore;

        CallsPending(String message, @Nullable Duration notBefore) {
            super(message);
            this.notBefore = notBefore;
        }

        /** The longest pause a rate-limited provider asked for; null when none did. */
        @Nullable
        Duration notBefore() {
            return notBefore;
        }
    }

    /** Schedules the job of {@code callBatch}, the calls of {@code cards} cards, in the caller's transaction. */
    void schedule(String callBatch, int cards) {
        jobs.scheduleIfNotExists(ProviderCallTasks.CALLS
                .instance(callBatch)
                .priority(jobs.priorityOf(cards))
                .scheduledTo(Times.now(clock)));
    }

    /** Makes the pending calls of one job. Throws {@link CallsPending} when some should be tried again. */
    void run(String callBatch, boolean finalAttempt) {
        List<PendingObject> pending = queries.pending(callBatch);
        Attempt attempt = new Attempt(finalAttempt);
        Map<String, List<PendingObject>> toCreate = byProvider(pending, PendingObject::toCreate);
        Instant started = Times.now(clock);
        // A push still under way could land after the void: the void waits for its lease to end.
        Predicate<PendingObject> pushing =
                p -> p.pushLeaseUntil() != null && p.pushLeaseUntil().isAfter(started);
        long waiting =
                pending.stream().filter(p -> p.toVoid() && pushing.test(p)).count();
        Map<String, List<PendingObject>> toVoid = byProvider(pending, p -> p.toVoid() && !pushing.test(p));
        Map<String, CardContent> content =
                content(toCreate.values().stream().flatMap(List::stream).toList());
        toCreate.forEach((name, objects) -> create(providers.get(name), objects, content, attempt));
        toVoid.forEach((name, objects) -> voidAll(providers.get(name), objects, attempt));
        Instant now = Times.now(clock);
        transaction.executeWithoutResult(tx -> {
            queries.recordVoided(attempt.voided, now);
            // A revocation is a content version of its own: the void is its push.
            deliveries.voided(attempt.voided.stream()
                    .filter(CallOutcome::done)
                    .map(o -> Map.entry(o.walletCardId(), o.provider()))
                    .toList());
            queries.recordFailed(attempt.failed, now);
            for (String installed : queries.recordCreated(attempt.created, now)) {
                // Installed before its object existed at the provider: a push may have skipped it.
                pending.stream()
                        .filter(p -> p.walletCardId().equals(installed))
                        .findFirst()
                        .ifPresent(p -> propagation.cardChanged(p.organizationId(), installed, p.campaignId()));
            }
        });
        if (attempt.retryable > 0 || waiting > 0) {
            throw new CallsPending(
                    attempt.retryable + " provider calls failed, " + waiting + " wait for a push; retrying",
                    attempt.notBefore);
        }
    }

    private void create(
            WalletProvider provider, List<PendingObject> objects, Map<String, CardContent> content, Attempt attempt) {
        List<ObjectContent> calls = new ArrayList<>();
        for (PendingObject o : objects) {
            CardContent c = content.get(o.recipientId());
            if (c != null) { // a recipient deleted meanwhile keeps no content to create
                calls.add(new ObjectContent(ref(o), c.withBarcodeValue(o.barcodeValue())));
            }
        }
        if (calls.isEmpty()) {
            return;
        }
        call(
                calls,
                provider::createObjects,
                attempt,
                call -> attempt.created.add(new CallOutcome(
                        call.object().walletCardId(),
                        call.object().provider(),
                        true,
                        call.content().version(),
                        null)));
    }

    private void voidAll(WalletProvider provider, List<PendingObject> objects, Attempt attempt) {
        // Voided even when this job never created the object: providers that create lazily (when
        // the holder first opens the card) may hold it all the same.
        List<ProviderObjectRef> refs = objects.stream().map(ProviderCalls::ref).toList();
        if (!provider.capabilities().voiding()) {
            refs.forEach(r -> attempt.voided.add(new CallOutcome(r.walletCardId(), r.provider(), true, 0, null)));
            return;
        }
        call(
                refs,
                provider::voidObjects,
                attempt,
                ref -> attempt.voided.add(new CallOutcome(ref.walletCardId(), ref.provider(), true, 0, null)));
    }

    /**
     * Calls the provider once for all; when that fails for good, one bad object may be the cause,
     * so the calls go one by one and only that object keeps the error.
     */
    private static <T> void call(List<T> calls, Consumer<List<T>> provider, Attempt attempt, Consumer<T> done) {
        try {
            provider.accept(calls);
            calls.forEach(c -> done.accept(c));
        } catch (ProviderFailure failure) {
            if (!failure.permanent() || calls.size() == 1) {
                calls.forEach(c -> attempt.failed(c, failure));
                return;
            }
            for (T single : calls) {
                try {
                    provider.accept(List.of(single));
                    done.accept(single);
                } catch (ProviderFailure again) {
                    attempt.failed(single, again);
                }
            }
        }
    }

    private Map<String, CardContent> content(List<PendingObject> objects) {
        Map<OrganizationId, List<String>> byOrg = objects.stream()
                .collect(Collectors.groupingBy(
                        PendingObject::organizationId,
                        LinkedHashMap::new,
                        Collectors.mapping(PendingObject::recipientId, Collectors.toList())));
        Map<String, CardContent> content = new LinkedHashMap<>();
        byOrg.forEach((org, recipients) -> content.putAll(
                contents.contents(org, recipients.stream().distinct().toList())));
        return content;
    }

    private static Map<String, List<PendingObject>> byProvider(
            List<PendingObject> pending, Predicate<PendingObject> which) {
        return pending.stream()
                .filter(which)
                .collect(Collectors.groupingBy(PendingObject::provider, LinkedHashMap::new, Collectors.toList()));
    }

    private static ProviderObjectRef ref(PendingObject o) {
        return new ProviderObjectRef(o.walletCardId(), o.provider(), o.objectRef());
    }

    /** What became of one run's calls. */
    private static final class Attempt {
        private final boolean finalAttempt;
        private final List<CallOutcome> created = new ArrayList<>();
        private final List<CallOutcome> voided = new ArrayList<>();
        private final List<CallOutcome> failed = new ArrayList<>();
        private int retryable;
        private @Nullable Duration notBefore;

        Attempt(boolean finalAttempt) {
            this.finalAttempt = finalAttempt;
        }

        void failed(Object call, ProviderFailure failure) {
            ProviderObjectRef ref = call instanceof ObjectContent c ? c.object() : (ProviderObjectRef) call;
            boolean retry = !failure.permanent() && !finalAttempt;
            String error = failure.permanent()
                    ? failure.reason()
                    : (finalAttempt ? "gave up retrying: " : "retrying: ") + failure.reason();
            failed.add(new CallOutcome(ref.walletCardId(), ref.provider(), !retry, 0, error));
            if (retry) {
                retryable++;
                Duration asked = failure.retryAfter();
                if (asked != null && (notBefore == null || asked.compareTo(notBefore) > 0)) {
                    notBefore = asked;
                }
            }
        }
    }
}
