package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class EventTimesTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final LocalDate JULY_1 = LocalDate.of(2031, 7, 1);

    private static EventTimes.When when(LocalDate start, LocalDate end, LocalTime from, LocalTime to, Locale locale) {
        return EventTimes.of(
                start, end, from, to, BERLIN, locale, locale.getLanguage().equals("de") ? "(Folgetag)" : "(next day)");
    }

    @Test
    void aSingleEveningReadsAsOneDateAndItsHoursInTheLocalZone() {
        assertThat(when(JULY_1, null, LocalTime.of(19, 30), LocalTime.of(23, 0), Locale.ENGLISH))
                .isEqualTo(new EventTimes.When("Tuesday 1 July 2031", "19:30 – 23:00 CEST"));
        assertThat(when(JULY_1, null, LocalTime.of(19, 30), LocalTime.of(23, 0), Locale.GERMAN))
                .isEqualTo(new EventTimes.When("Dienstag, 1. Juli 2031", "19:30 – 23:00 MESZ"));
    }

    @Test
    void anOvernightEventSaysItEndsTheNextDay() {
        assertThat(when(JULY_1, null, LocalTime.of(22, 0), LocalTime.of(4, 0), Locale.ENGLISH)
                        .time())
                .isEqualTo("22:00 – 04:00 (next day) CEST");
    }

    @Test
    void aRangeNamesMonthAndYearOnlyOnce() {
        assertThat(when(JULY_1, LocalDate.of(2031, 7, 3), null, null, Locale.ENGLISH))
                .isEqualTo(new EventTimes.When("1 – 3 July 2031", null));
        assertThat(when(LocalDate.of(2031, 6, 30), LocalDate.of(2031, 7, 2), null, null, Locale.ENGLISH)
                        .date())
                .isEqualTo("30 June – 2 July 2031");
        assertThat(when(LocalDate.of(2031, 12, 31), LocalDate.of(2032, 1, 1), null, null, Locale.GERMAN)
                        .date())
                .isEqualTo("31. Dezember 2031 – 1. Januar 2032");
    }

    @Test
    void withoutAStartDateThereIsNothingToSay() {
        assertThat(when(null, null, LocalTime.NOON, null, Locale.ENGLISH)).isNull();
    }

    @Test
    void aWinterEventShowsWinterTime() {
        assertThat(when(LocalDate.of(2031, 12, 1), null, LocalTime.of(20, 0), null, Locale.ENGLISH)
                        .time())
                .isEqualTo("20:00 CET");
        assertThat(EventTimes.moment(Instant.parse("2031-12-01T19:00:00Z"), BERLIN, Locale.GERMAN))
                .isEqualTo("1. Dezember 2031, 20:00");
    }
}
