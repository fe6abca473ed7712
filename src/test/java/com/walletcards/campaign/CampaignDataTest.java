package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.shared.Validation;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CampaignDataTest {

    private static final LocalDate JULY_1 = LocalDate.of(2031, 7, 1);

    @Test
    void aTimeWrittenAsHoursAndMinutesIsRead() {
        assertThat(CampaignData.hoursAndMinutes("00:00")).isEqualTo(LocalTime.MIDNIGHT);
        assertThat(CampaignData.hoursAndMinutes("09:05")).isEqualTo(LocalTime.of(9, 5));
        assertThat(CampaignData.hoursAndMinutes("23:59")).isEqualTo(LocalTime.of(23, 59));
    }

    @ParameterizedTest
    @ValueSource(strings = {"24:00", "9:00", "09:60", "09:00:00", "ab:cd", "0900", "09-00", " 9:00", "１２:００"})
    void anythingElseIsNotATimeAndIsRejectedWhenWritten(String text) {
        assertThat(CampaignData.hoursAndMinutes(text)).isNull();

        Validation v = new Validation();
        CampaignData.check(Map.of("start_time", text), v);
        assertThat(v.hasErrors()).isTrue();
    }

    @Test
    void storedDataGivesTheScheduleInItsZone() {
        Map<String, Object> stored = CampaignData.withDefaults(Map.of(
                "timezone", "Europe/Berlin", "doors_open_time", "17:30", "start_time", "18:00", "end_time", "23:00"));

        EventSchedule schedule = CampaignData.schedule(stored, JULY_1, null);

        assertThat(schedule.startsAt()).isEqualTo(Instant.parse("2031-07-01T16:00:00Z"));
        assertThat(schedule.endsAt()).isEqualTo(Instant.parse("2031-07-01T21:00:00Z"));
    }

    @Test
    void storedDataWithoutAStartDateOrWithATimeThatNoLongerParsesHasNoSchedule() {
        Map<String, Object> stored = CampaignData.withDefaults(Map.of("start_time", "18:00"));
        assertThat(CampaignData.schedule(stored, null, null)).isEqualTo(EventSchedule.NONE);

        Map<String, Object> broken = CampaignData.withDefaults(Map.of("start_time", "6 pm"));
        assertThat(CampaignData.schedule(broken, JULY_1, null)).isEqualTo(EventSchedule.NONE);

        Map<String, Object> unknownZone = CampaignData.withDefaults(Map.of("timezone", "Mars/Olympus"));
        assertThat(CampaignData.schedule(unknownZone, JULY_1, null)).isEqualTo(EventSchedule.NONE);
    }
}
