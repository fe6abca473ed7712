package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class EventScheduleTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final LocalDate JULY_1 = LocalDate.of(2031, 7, 1);

    @Test
    void startsAtStartTimeAndEndsAtEndTimeInTheCampaignZone() {
        EventSchedule s = EventSchedule.derive(
                JULY_1, null, LocalTime.of(17, 30), LocalTime.of(18, 0), LocalTime.of(23, 0), BERLIN);
        assertThat(s.startsAt()).isEqualTo(Instant.parse("2031-07-01T16:00:00Z"));
        assertThat(s.endsAt()).isEqualTo(Instant.parse("2031-07-01T21:00:00Z"));
    }

    @Test
    void doorsOpenTimeStandsInForAMissingStartTime() {
        EventSchedule s = EventSchedule.derive(JULY_1, null, LocalTime.of(17, 30), null, null, BERLIN);
        assertThat(s.startsAt()).isEqualTo(Instant.parse("2031-07-01T15:30:00Z"));
    }

    @Test
    void singleDayEventEndingBeforeItStartsEndsTheNextDay() {
        EventSchedule s =
                EventSchedule.derive(JULY_1, null, null, LocalTime.of(22, 0), LocalTime.of(2, 0), ZoneId.of("UTC"));
        assertThat(s.endsAt()).isEqualTo(Instant.parse("2031-07-02T02:00:00Z"));
    }

    @Test
    void endTimeEqualToStartTimeIsAlsoOvernight() {
        EventSchedule s =
                EventSchedule.derive(JULY_1, null, null, LocalTime.of(20, 0), LocalTime.of(20, 0), ZoneId.of("UTC"));
        assertThat(s.endsAt()).isEqualTo(Instant.parse("2031-07-02T20:00:00Z"));
    }

    @Test
    void multiDayEventEndsOnTheEndDate() {
        EventSchedule s = EventSchedule.derive(
                JULY_1,
                LocalDate.of(2031, 7, 3),
                null,
                LocalTime.of(9, 0),
                LocalTime.of(17, 0),
                ZoneId.of("America/New_York"));
        assertThat(s.endsAt()).isEqualTo(Instant.parse("2031-07-03T21:00:00Z"));
    }

    @Test
    void withoutTimesTheEventCoversWholeDays() {
        EventSchedule s = EventSchedule.derive(JULY_1, null, null, null, null, ZoneId.of("UTC"));
        assertThat(s.startsAt()).isEqualTo(Instant.parse("2031-07-01T00:00:00Z"));
        assertThat(s.endsAt()).isEqualTo(Instant.parse("2031-07-02T00:00:00Z"));
    }

    @Test
    void withoutAStartDateThereIsNoSchedule() {
        assertThat(EventSchedule.derive(null, null, null, LocalTime.NOON, null, BERLIN))
                .isEqualTo(EventSchedule.NONE);
    }

    @Test
    void daylightSavingChangesTheUtcOffsetBetweenDays() {
        // Berlin leaves summer time on 2031-10-26: 10:00 is 08:00Z on the 25th and 09:00Z on the 27th.
        EventSchedule s = EventSchedule.derive(
                LocalDate.of(2031, 10, 25),
                LocalDate.of(2031, 10, 27),
                null,
                LocalTime.of(10, 0),
                LocalTime.of(10, 0),
                BERLIN);
        assertThat(s.startsAt()).isEqualTo(Instant.parse("2031-10-25T08:00:00Z"));
        assertThat(s.endsAt()).isEqualTo(Instant.parse("2031-10-27T09:00:00Z"));
    }

    @Test
    void aStartTimeInTheSpringForwardGapMovesForward() {
        // 2031-03-30 02:30 does not exist in Berlin; the clock jumps from 02:00 to 03:00 (01:00Z).
        EventSchedule s =
                EventSchedule.derive(LocalDate.of(2031, 3, 30), null, null, LocalTime.of(2, 30), null, BERLIN);
        assertThat(s.startsAt()).isEqualTo(Instant.parse("2031-03-30T01:30:00Z"));
    }
}
