package com.walletcards.support;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.Capabilities;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProviderFactory;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.ExternalEvents;
import com.walletcards.shared.ProviderName;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Wraps every {@link WalletProvider} so tests can see each push and make a provider fail or
 * answer slowly, without any hook in production code. Import it into a test context; a service
 * started as a process of its own loads it only when its settings name it in
 * {@code spring.main.sources} (component scanning skips a test configuration), and there it only
 * records unless {@code wallet.test.provider-latency} or {@code wallet.test.halt-at-message-call} is set.
 */
@TestConfiguration(proxyBeanMethods = false)
public class RecordingProviders {

    @Bean
    Recorder providerRecorder(
            @Value("${wallet.test.provider-latency:PT0S}") Duration latency,
            @Value("${wallet.test.halt-at-message-call:0}") int haltAtMessageCall) {
        Recorder recorder = new Recorder();
        recorder.latency(latency);
        recorder.haltAtMessageCall(haltAtMessageCall);
        return recorder;
    }

    @Bean
    EventLog externalEventLog() {
        return new EventLog();
    }

    @Bean
    static BeanPostProcessor recordingProviderWrapper(ObjectProvider<Recorder> recorder) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                return bean instanceof WalletProviderFactory factory ? new RecordingFactory(factory, recorder) : bean;
            }
        };
    }

    /** The external (webhook) events whose transaction committed. */
    public static final class EventLog {
        private final Queue<ExternalEvent> events = new ConcurrentLinkedQueue<>();

        @TransactionalEventListener(fallbackExecution = true)
        void on(ExternalEvent event) {
            events.add(event);
        }

        @TransactionalEventListener(fallbackExecution = true)
        void on(ExternalEvents published) {
            events.addAll(published.events());
        }

        public List<ExternalEvent> ofType(String type) {
            return events.stream().filter(e -> e.type().equals(type)).toList();
        }
    }

    private record Failures(AtomicInteger remaining, boolean permanent) {}

    /** One call's worth of new content for one provider object, in the order providers saw them. */
    public record Push(String provider, String walletCardId, long version, long sequence) {}

    /** A create or void call, in the order providers received them. */
    public record Call(
            String provider, String kind, List<ProviderObjectRef> objects, List<CardContent> contents, Instant at) {}

    /** What the providers received, and the failures to answer with. */
    public static final class Recorder {

        private final Queue<Call> calls = new ConcurrentLinkedQueue<>();
        private final Map<String, Queue<CampaignContent>> campaignUpdates = new ConcurrentHashMap<>();

        /** From now on this provider declares class-level data, as Google's protocol does. */
        public void campaignLevel(String provider) {
            campaignUpdates.putIfAbsent(provider, new ConcurrentLinkedQueue<>());
        }

        /** The campaign parts a class-level provider received, in order. */
        public List<CampaignContent> campaignUpdates(String provider, String campaignId) {
            Queue<CampaignContent> updates = campaignUpdates.get(provider);
            return updates == null
                    ? List.of()
                    : updates.stream()
                            .filter(c -> c.campaignId().equals(campaignId))
                            .toList();
        }

        boolean isCampaignLevel(String provider) {
            return campaignUpdates.containsKey(provider);
        }

        void campaignUpdated(String provider, CampaignContent campaign) {
            Queue<CampaignContent> updates = campaignUpdates.get(provider);
            if (updates == null) {
                throw new UnsupportedOperationException(provider + " has no campaign-level data");
            }
            updates.add(campaign);
        }

        private final Map<String, Queue<ProviderFailure>> callFailures = new ConcurrentHashMap<>();

        /** The next create or void calls to this provider fail with these, one each. */
        public void failCalls(String provider, ProviderFailure... failures) {
            callFailures
                    .computeIfAbsent(provider, p -> new ConcurrentLinkedQueue<>())
                    .addAll(List.of(failures));
        }

        /** Every create ({@code create}) or void ({@code void}) call of a provider, in the order they began. */
        public List<Call> calls(String provider, String kind) {
            return calls.stream()
                    .filter(c -> c.provider().equals(provider) && c.kind().equals(kind))
                    .toList();
        }

        /** Create ({@code create}) or void ({@code void}) calls of a provider that touched this card. */
        public List<Call> calls(String provider, String kind, String walletCardId) {
            return calls.stream()
                    .filter(c -> c.provider().equals(provider) && c.kind().equals(kind))
                    .filter(c ->
                            c.objects().stream().anyMatch(o -> o.walletCardId().equals(walletCardId)))
                    .toList();
        }

        void call(String provider, String kind, List<ProviderObjectRef> objects, List<CardContent> contents) {
            calls.add(new Call(provider, kind, objects, contents, Instant.now()));
            Queue<ProviderFailure> failures = callFailures.get(provider);
            ProviderFailure next = failures == null ? null : failures.poll();
            if (next != null) {
                throw next;
            }
        }

        private final AtomicLong sequence = new AtomicLong();
        private final Queue<Push> pushes = new ConcurrentLinkedQueue<>();
        private final Map<String, Failures> failures = new ConcurrentHashMap<>();
        private final Map<String, AtomicLong> attempts = new ConcurrentHashMap<>();
        private volatile Duration latency = Duration.ZERO;
        private volatile Duration createLatency = Duration.ZERO;
        private final AtomicInteger messageCalls = new AtomicInteger();
        private volatile int haltAtMessageCall;

        /** The next {@code times} calls that push to this card's objects fail; permanently or not. */
        public void failNext(String walletCardId, int times, boolean permanent) {
            failures.put(walletCardId, new Failures(new AtomicInteger(times), permanent));
        }

        /** Every call that pushes to this card's objects fails from now on. */
        public void failAlways(String walletCardId, boolean permanent) {
            failNext(walletCardId, Integer.MAX_VALUE, permanent);
        }

        /** Calls that tried to push to this card, failed ones included. */
        public long attempts(String walletCardId) {
            AtomicLong n = attempts.get(walletCardId);
            return n == null ? 0 : n.get();
        }

        /** How long each call that creates objects takes from now on. */
        public void createLatency(Duration latency) {
            this.createLatency = latency;
        }

        /**
         * The process ends the way {@code kill -9} ends it (no shutdown hook runs, no transaction
         * completes) as the {@code call}-th lock-screen message call begins: a crash at a known point
         * of a notification's fan-out, which a kill from outside can only hit by racing it. Only for a
         * service started as a process of its own; 0 never halts.
         */
        public void haltAtMessageCall(int call) {
            this.haltAtMessageCall = call;
        }

        void beforeMessages() {
            if (haltAtMessageCall > 0 && messageCalls.incrementAndGet() == haltAtMessageCall) {
                Runtime.getRuntime().halt(137);
            }
            respondSlowly();
        }

        /** Simulates a remote provider's response time on every push. */
        public void latency(Duration latency) {
            this.latency = latency;
        }

        public List<Push> pushes() {
            return new ArrayList<>(pushes);
        }

        public List<Push> pushesTo(String walletCardId) {
            return pushes.stream()
                    .filter(p -> p.walletCardId().equals(walletCardId))
                    .toList();
        }

        public int size() {
            return pushes.size();
        }

        public void clear() {
            calls.clear();
            callFailures.clear();
            pushes.clear();
            failures.clear();
            attempts.clear();
            campaignUpdates.clear();
        }

        /** The simulated provider's response time, once per call. */
        void respondSlowly() {
            respondIn(latency);
        }

        /** The simulated provider's response time to a call that creates objects. */
        void respondToCreate() {
            respondIn(createLatency);
        }

        private void respondIn(Duration pause) {
            if (!pause.isZero()) {
                try {
                    Thread.sleep(pause.toMillis()); // the simulated provider's response time, not a wait in a test
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw ProviderFailure.retryLater("interrupted");
                }
            }
        }

        void before(List<WalletProvider.ObjectContent> updates) {
            respondSlowly();
            for (WalletProvider.ObjectContent u : updates) {
                attempts.computeIfAbsent(u.object().walletCardId(), id -> new AtomicLong())
                        .incrementAndGet();
            }
            for (WalletProvider.ObjectContent u : updates) {
                Failures f = failures.get(u.object().walletCardId());
                if (f != null && f.remaining().getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    String reason = (f.permanent() ? "rejected " : "unavailable for ")
                            + u.object().walletCardId();
                    throw f.permanent() ? ProviderFailure.permanent(reason) : ProviderFailure.retryLater(reason);
                }
            }
        }

        void pushed(String provider, List<WalletProvider.ObjectContent> updates) {
            for (WalletProvider.ObjectContent u : updates) {
                pushes.add(new Push(
                        provider, u.object().walletCardId(), u.content().version(), sequence.incrementAndGet()));
            }
        }
    }

    /** Wraps the provider each factory creates; the choice of mode stays the production one. */
    record RecordingFactory(WalletProviderFactory delegate, ObjectProvider<Recorder> recorder)
            implements WalletProviderFactory {
        @Override
        public ProviderName provider() {
            return delegate.provider();
        }

        @Override
        public String mode() {
            return delegate.mode();
        }

        @Override
        public WalletProvider create() {
            return new RecordingProvider(delegate.create(), recorder);
        }
    }

    static final class RecordingProvider implements WalletProvider {
        private final WalletProvider delegate;
        private final ObjectProvider<Recorder> recorder;

        RecordingProvider(WalletProvider delegate, ObjectProvider<Recorder> recorder) {
            this.delegate = delegate;
            this.recorder = recorder;
        }

        @Override
        public ProviderName name() {
            return delegate.name();
        }

        @Override
        public Capabilities capabilities() {
            Capabilities own = delegate.capabilities();
            return recorder.getObject().isCampaignLevel(delegate.name().name()) ? own.withCampaignLevelUpdate() : own;
        }

        @Override
        public void updateCampaign(CampaignContent campaign) {
            recorder.getObject().campaignUpdated(delegate.name().name(), campaign);
        }

        @Override
        public String allocateObjectRef(String walletCardId) {
            return delegate.allocateObjectRef(walletCardId);
        }

        @Override
        public void createObjects(List<ObjectContent> objects) {
            recorder.getObject()
                    .call(
                            delegate.name().name(),
                            "create",
                            objects.stream().map(ObjectContent::object).toList(),
                            objects.stream().map(ObjectContent::content).toList());
            recorder.getObject().respondToCreate();
            delegate.createObjects(objects);
        }

        @Override
        public void updateObjects(List<ObjectContent> updates) {
            Recorder r = recorder.getObject();
            r.before(updates);
            delegate.updateObjects(updates);
            r.pushed(delegate.name().name(), updates);
        }

        @Override
        public void voidObjects(List<ProviderObjectRef> objects) {
            recorder.getObject().call(delegate.name().name(), "void", objects, List.of());
            delegate.voidObjects(objects);
        }

        @Override
        public List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
            recorder.getObject().beforeMessages();
            return delegate.deliverMessages(objects, message);
        }

        @Override
        public AddToWallet addToWallet(ObjectContent object) {
            return delegate.addToWallet(object);
        }

        @Override
        public @Nullable String holderNoteKey() {
            return delegate.holderNoteKey();
        }

        @Override
        public Map<String, List<String>> devices(List<String> objectRefs) {
            return delegate.devices(objectRefs);
        }
    }
}
