package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A pass's content changes within a window after its push fold into one push at the window's end,
 * so a burst of edits gives one or two pushes, the last after the last change; pushes that need
 * APNs' answer go at once.
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
    void fiveQuickChangesGiveOnePushAtOnceAndOneAtTheEndOfTheWindow() {
        Recorded apns = new Recorded();
        try (PushWindow window = new PushWindow(apns, Duration.ofMillis(800))) {
            long start = System.nanoTime();
            for (int i = 0; i < 5; i++) {
                window.changed(List.of("pass_1", "pass_2"));
            }
            long lastChange = System.nanoTime();

            assertThat(apns.sent).hasSize(1);
            assertThat(apns.sent.get(0).serials()).containsExactly("pass_1", "pass_2");
            await().atMost(Duration.ofSeconds(10)).until(() -> apns.sent.size() == 2);
            assertThat(apns.sent.get(1).serials()).containsExactlyInAnyOrder("pass_1", "pass_2");
            assertThat(apns.sent.get(1).nanos()).isGreaterThan(lastChange);
            assertThat(apns.sent.get(1).nanos() - start)
                    .isGreaterThanOrEqualTo(Duration.ofMillis(790).toNanos());
            await().during(Duration.ofSeconds(2))
                    .atMost(Duration.ofSeconds(5))
                    .untilAsserted(() -> assertThat(apns.count("pass_1")).isEqualTo(2));
        }
    }

    @Test
    void aChangeAfterTheWindowIsPushedAtOnceAndOnePassesWindowDoesNotHoldAnothers() {
        Recorded apns = new Recorded();
        try (PushWindow window = new PushWindow(apns, Duration.ofMillis(300))) {
            window.changed(List.of("pass_1"));
            window.changed(List.of("pass_2"));

            assertThat(apns.count("pass_2")).isEqualTo(1);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                window.changed(List.of("pass_1"));
                assertThat(apns.count("pass_1")).isEqualTo(2);
            });
        }
    }

    @Test
    void aPushThatNeedsAnAnswerGoesAtOnceAndTakesThePendingPushsPlace() {
        Recorded apns = new Recorded();
        try (PushWindow window = new PushWindow(apns, Duration.ofMillis(500))) {
            window.changed(List.of("pass_1"));
            window.changed(List.of("pass_1")); // folded into a push at the window's end

            assertThat(window.push(List.of("pass_1"))).containsExactly("pass_1");

            assertThat(apns.count("pass_1")).isEqualTo(2);
            await().during(Duration.ofSeconds(1))
                    .atMost(Duration.ofSeconds(3))
                    .untilAsserted(() -> assertThat(apns.count("pass_1")).isEqualTo(2));
        }
    }
}
