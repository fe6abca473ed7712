package com.walletcards.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import org.junit.jupiter.api.Test;

/**
 * The protocol of coalesced runs against counts kept in memory, where a test decides which
 * requests lose a race to a concurrent one; the tests of single adds and live updates run it on
 * the database.
 */
class CoalescedRunsTest {

    /** One row per key, as propagation keeps them; races are scripted per call. */
    static final class MemoryCounts implements CoalescedRuns.Counts<String> {
        final Map<String, RunId> runs = new HashMap<>();
        final Map<RunId, Long> counts = new HashMap<>();
        final List<String> counted = new ArrayList<>();
        /** Runs that a concurrent request starts just before the next {@link #start}. */
        final Queue<String> startedConcurrently = new ArrayDeque<>();
        /** Runs that end just before the next {@link #bump}. */
        int endsBeforeBump;

        @Override
        public boolean bump(String key, String request) {
            if (endsBeforeBump > 0) {
                endsBeforeBump--;
                counts.remove(runs.remove(key));
            }
            RunId run = runs.get(key);
            if (run == null) {
                return false;
            }
            counts.merge(run, 1L, Long::sum);
            counted.add(request);
            return true;
        }

        @Override
        public boolean start(RunId run, String request) {
            if (!startedConcurrently.isEmpty()) {
                RunId other = RunId.fresh(startedConcurrently.poll());
                runs.put(other.key(), other);
                counts.put(other, 1L);
            }
            if (runs.containsKey(run.key())) {
                return false;
            }
            runs.put(run.key(), run);
            counts.put(run, 1L);
            counted.add(request);
            return true;
        }

        @Override
        public boolean finishIfCaughtUp(RunId run, long handled) {
            if (!counts.containsKey(run) || counts.get(run) != handled) {
                return false;
            }
            counts.remove(run);
            runs.remove(run.key());
            return true;
        }
    }

    final MemoryCounts counts = new MemoryCounts();
    final CoalescedRuns<String> runs = new CoalescedRuns<>("tests", counts);
    final List<RunId> scheduled = new ArrayList<>();

    private boolean request(String key, String request) {
        return runs.request(key, request, scheduled::add);
    }

    @Test
    void theFirstRequestStartsARunAndSchedulesItsExecution() {
        assertThat(request("cmp_1", "a")).isTrue();

        assertThat(scheduled).containsExactly(counts.runs.get("cmp_1"));
        assertThat(counts.counts).containsEntry(scheduled.get(0), 1L);
    }

    @Test
    void requestsWhileARunIsInProgressOnlyCountThemselvesInIt() {
        request("cmp_1", "a");
        assertThat(request("cmp_1", "b")).isFalse();
        assertThat(request("cmp_1", "c")).isFalse();

        assertThat(scheduled).hasSize(1);
        assertThat(counts.counts).containsEntry(scheduled.get(0), 3L);
    }

    @Test
    void requestsForOtherKeysStartRunsOfTheirOwn() {
        request("cmp_1", "a");
        request("cmp_2", "b");

        assertThat(scheduled).extracting(RunId::key).containsExactly("cmp_1", "cmp_2");
    }

    @Test
    void aRequestThatLosesTheStartToAConcurrentOneJoinsTheWinnersRun() {
        counts.startedConcurrently.add("cmp_1");

        assertThat(request("cmp_1", "a")).isFalse();

        assertThat(scheduled).isEmpty(); // the winner schedules its run
        assertThat(counts.counted).containsExactly("a");
        assertThat(counts.counts).containsEntry(counts.runs.get("cmp_1"), 2L);
    }

    @Test
    void aRequestThatLosesTwiceToRunsStartingAndEndingStillCountsItselfOnItsThirdAttempt() {
        counts.startedConcurrently.add("cmp_1");
        counts.startedConcurrently.add("cmp_1");
        counts.endsBeforeBump = 2;

        assertThat(request("cmp_1", "a")).isFalse();

        assertThat(counts.counted).containsExactly("a");
    }

    @Test
    void aRequestThatLosesEveryAttemptFailsItsTransactionRatherThanGoUncounted() {
        counts.startedConcurrently.addAll(List.of("cmp_1", "cmp_1", "cmp_1"));
        counts.endsBeforeBump = 3;

        assertThatThrownBy(() -> request("cmp_1", "a"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cmp_1")
                .hasMessageContaining("3 attempts");
        assertThat(counts.counted).isEmpty();
        assertThat(scheduled).isEmpty();
    }

    @Test
    void everyRunStartedGetsAnIdNoEarlierRunOfItsKeyHad() {
        for (int i = 0; i < 5; i++) {
            request("cmp_1", "a");
            RunId run = scheduled.get(scheduled.size() - 1);
            assertThat(runs.finishIfCaughtUp(run, 1)).isTrue();
        }

        assertThat(scheduled).hasSize(5).doesNotHaveDuplicates();
    }

    @Test
    void aRunGoesRoundAgainWhenRequestsArrivedSinceItReadItsCount() {
        request("cmp_1", "a");
        RunId run = scheduled.get(0);
        long handled = counts.counts.get(run);
        request("cmp_1", "b"); // while the run works

        assertThat(runs.finishIfCaughtUp(run, handled)).isFalse();
        assertThat(runs.finishIfCaughtUp(run, counts.counts.get(run))).isTrue();

        // Ended: the next request starts a new run instead of joining the old one.
        assertThat(request("cmp_1", "c")).isTrue();
        assertThat(scheduled).hasSize(2);
    }

    @Test
    void countsReadUnderTheirLocksLetARunEndOnlyWhenGoneOrUnchanged() {
        assertThat(CoalescedRuns.mayFinish(Optional.of(3L), 3)).isTrue();
        assertThat(CoalescedRuns.mayFinish(Optional.empty(), 3)).isTrue();
        assertThat(CoalescedRuns.mayFinish(Optional.of(4L), 3)).isFalse();
    }
}
