package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A pass's content change within a window after its push is pushed at the window's end, before the
 * call returns (the caller is the durable propagation job); changes that wait together give one
 * push; pushes that need APNs' answer go at once.
 */
class PushWindowTest {

    /** Records each push as the list of serials it went to, with when it went. */
    static final class Recorded implements DevicePushes {
        record Sent(List<String> serials, long nanos) {}

        final List<Sent> sent = new CopyOnWriteArrayList<>();

        @Override
        public Set<String> push(Collection<String> serials) {
            sent.add(new Sent(List.copyOf(serials), System.nanoTime()));
            return Set.copyOf(serials);
        }

        long count(String serial) {
            return sent.stream().filter(s -> s.serials().contains(serial)).count();
        }
    }

    @Test
    void aChangeWithinTheWindowIsPushedAtItsEndBeforeTheCallReturns() {
        Recorded apns = new Recorded();
        PushWindow window = new PushWindow(apns, Duration.ofMillis(800));
        long start = System.nanoTime();
        window.changed(List.of("pass_1", "pass_2"));
        assertThat(apns.sent).hasSize(1);

        long secondChange = System.nanoTime();
        window.changed(List.of("pass_1", "pass_2"));

        assertThat(apns.sent).hasSize(2);
        assertThat(apns.sent.get(1).serials()).containsExactlyInAnyOrder("pass_1", "pass_2");
        assertThat(apns.sent.get(1).nanos()).isGreaterThan(secondChange);
        assertThat(apns.sent.get(1).nanos() - start)
                .isGreaterThanOrEqualTo(Duration.ofMillis(800).toNanos());
    }

    @Test
    void quickChangesWaitingTogetherGiveOnePushAtTheWindowsEnd() {
        Recorded apns = new Recorded();
        PushWindow window = new PushWindow(apns, Duration.ofMillis(800));
        window.changed(List.of("pass_1"));

        // Four threads of the test's own: on the shared pool, other work of the JVM could leave
        // the changes one thread, and one after another they would not wait together.
        ExecutorService fanOutThreads = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<Void>> fanOuts = IntStream.range(0, 4)
                    .mapToObj(i -> CompletableFuture.runAsync(() -> window.changed(List.of("pass_1")), fanOutThreads))
                    .toList();
            fanOuts.forEach(CompletableFuture::join);
        } finally {
            fanOutThreads.shutdown();
        }

        assertThat(apns.count("pass_1")).as("five changes").isEqualTo(2);
    }

    @Test
    void onePassesWindowDoesNotHoldAnothersPush() {
        Recorded apns = new Recorded();
        PushWindow window = new PushWindow(apns, Duration.ofSeconds(30));
        window.changed(List.of("pass_1"));

        long before = System.nanoTime();
        window.changed(List.of("pass_2"));

        assertThat(System.nanoTime() - before).isLessThan(Duration.ofSeconds(20).toNanos());
        assertThat(apns.count("pass_2")).isEqualTo(1);
    }

    @Test
    void aPushThatNeedsAnAnswerGoesAtOnceWithinTheWindow() {
        Recorded apns = new Recorded();
        PushWindow window = new PushWindow(apns, Duration.ofSeconds(30));
        window.changed(List.of("pass_1"));

        assertThat(window.push(List.of("pass_1"))).containsExactly("pass_1");

        assertThat(apns.count("pass_1")).isEqualTo(2);
    }
}
