package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    private static final List<Duration> DEFAULT = List.of(
            Duration.ofSeconds(5),
            Duration.ofMinutes(5),
            Duration.ofMinutes(30),
            Duration.ofHours(2),
            Duration.ofHours(5),
            Duration.ofHours(10),
            Duration.ofHours(14),
            Duration.ofHours(20),
            Duration.ofHours(24));

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-21T10:00:00Z"), ZoneOffset.UTC);
    private final Instant now = clock.instant();

    /** A random source that always returns the same value, so the jitter is known. */
    private static RandomGenerator constant(double value) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                return 0;
            }

            @Override
            public double nextDouble() {
                return value;
            }
        };
    }

    @Test
    void withoutJitterEachRetryWaitsItsDelayAndTheTenthAttemptIsTheLast() {
        RetrySchedule schedule = new RetrySchedule(DEFAULT, 0.1, constant(0.5)); // 0.5 = no spread

        assertThat(schedule.maxAttempts()).isEqualTo(10);
        for (int failed = 1; failed <= 9; failed++) {
            assertThat(schedule.next(failed, now, null)).contains(now.plus(DEFAULT.get(failed - 1)));
        }
        assertThat(schedule.next(10, now, null)).isEmpty();
    }

    @Test
    void retriesSpanMoreThanTwentyFourHours() {
        Duration total = DEFAULT.stream().reduce(Duration.ZERO, Duration::plus);

        assertThat(total).isGreaterThan(Duration.ofHours(24));
    }

    @Test
    void jitterSpreadsTheWaitWithinTheConfiguredFraction() {
        RetrySchedule early = new RetrySchedule(DEFAULT, 0.1, constant(0.0));
        RetrySchedule late = new RetrySchedule(DEFAULT, 0.1, constant(0.999999));

        assertThat(early.next(3, now, null)).contains(now.plus(Duration.ofMinutes(27)));
        assertThat(late.next(3, now, null).orElseThrow())
                .isBefore(now.plus(Duration.ofMinutes(33)))
                .isAfter(now.plus(Duration.ofMinutes(32)));
    }

    @Test
    void aLongerRetryAfterIsHonouredUpToADay() {
        RetrySchedule schedule = new RetrySchedule(DEFAULT, 0, constant(0.5));

        assertThat(schedule.next(1, now, Duration.ofMinutes(2))).contains(now.plus(Duration.ofMinutes(2)));
        assertThat(schedule.next(2, now, Duration.ofSeconds(10))).contains(now.plus(Duration.ofMinutes(5)));
        assertThat(schedule.next(1, now, Duration.ofDays(30))).contains(now.plus(Duration.ofHours(24)));
    }

    @Test
    void retryAfterIsReadAsSecondsOrAsAnHttpDate() {
        assertThat(RetrySchedule.parseRetryAfter("120", now)).isEqualTo(Duration.ofSeconds(120));
        assertThat(RetrySchedule.parseRetryAfter("Sat, 21 Nov 2026 10:01:30 GMT", now))
                .isEqualTo(Duration.ofSeconds(90));
        assertThat(RetrySchedule.parseRetryAfter("Sat, 21 Nov 2026 09:00:00 GMT", now))
                .isEqualTo(Duration.ZERO);
        assertThat(RetrySchedule.parseRetryAfter("soon", now)).isNull();
        assertThat(RetrySchedule.parseRetryAfter("-5", now)).isNull();
        assertThat(RetrySchedule.parseRetryAfter(null, now)).isNull();
    }
}
