package com.walletcards.support;

import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.ExternalEvent;
import java.time.Duration;
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
 * started from the test class path (the crash and several-instance tests) picks it up by
 * component scan, where it only records unless {@code wallet.test.provider-latency} is set.
 */
@TestConfiguration(proxyBeanMethods = false)
public class RecordingProviders {

    @Bean
    Recorder providerRecorder(@Value("${wallet.test.provider-latency:PT0S}") Duration latency) {
        Recorder recorder = new Recorder();
        recorder.latency(latency);
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
                return bean instanceof WalletProvider provider && !(bean instanceof RecordingProvider)
                        ? new RecordingProvider(provider, recorder)
                        : bean;
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

        public List<ExternalEvent> ofType(String type) {
            return events.stream().filter(e -> e.type().equals(type)).toList();
        }
    }

    private record Failures(AtomicInteger remaining, boolean permanent) {}

    /** One call's worth of new content for one provider object, in the order providers saw them. */
    public record Push(String provider, String walletCardId, long version, long sequence) {}

    /** What the providers received, and the failures to answer with. */
    public static final class Recorder {

        private final AtomicLong sequence = new AtomicLong();
        private final Queue<Push> pushes = new ConcurrentLinkedQueue<>();
        private final Map<String, Failures> failures = new ConcurrentHashMap<>();
        private final Map<String, AtomicLong> attempts = new ConcurrentHashMap<>();
        private volatile Duration latency = Duration.ZERO;

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
            pushes.clear();
            failures.clear();
            attempts.clear();
        }

        /** The simulated provider's response time, once per call. */
        void respondSlowly() {
            Duration pause = latency;
            if (!pause.isZero()) {
                try {
                    Thread.sleep(pause.toMillis()); // the simulated provider's response time, not a wait in a test
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ProviderFailure("interrupted", false);
                }
            }
        }

        void before(List<WalletProvider.ObjectUpdate> updates) {
            respondSlowly();
            for (WalletProvider.ObjectUpdate u : updates) {
                attempts.computeIfAbsent(u.object().walletCardId(), id -> new AtomicLong())
                        .incrementAndGet();
            }
            for (WalletProvider.ObjectUpdate u : updates) {
                Failures f = failures.get(u.object().walletCardId());
                if (f != null && f.remaining().getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    throw new ProviderFailure(
                            (f.permanent() ? "rejected " : "unavailable for ")
                                    + u.object().walletCardId(),
                            f.permanent());
                }
            }
        }

        void pushed(String provider, List<WalletProvider.ObjectUpdate> updates) {
            for (WalletProvider.ObjectUpdate u : updates) {
                pushes.add(new Push(
                        provider, u.object().walletCardId(), u.content().version(), sequence.incrementAndGet()));
            }
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
        public String name() {
            return delegate.name();
        }

        @Override
        public List<String> createObjects(List<NewObject> cards) {
            return delegate.createObjects(cards);
        }

        @Override
        public void updateObjects(List<ObjectUpdate> updates) {
            Recorder r = recorder.getObject();
            r.before(updates);
            delegate.updateObjects(updates);
            r.pushed(delegate.name(), updates);
        }

        @Override
        public void voidObject(ProviderObjectRef object) {
            delegate.voidObject(object);
        }

        @Override
        public void deliverMessage(ProviderObjectRef object, PushMessage message) {
            delegate.deliverMessage(object, message);
        }

        @Override
        public List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
            recorder.getObject().respondSlowly();
            return delegate.deliverMessages(objects, message);
        }

        @Override
        public String addToWalletPath(String downloadCode) {
            return delegate.addToWalletPath(downloadCode);
        }
    }
}
