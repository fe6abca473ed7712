package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.shared.Validation;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CampaignDataTest {

    @ParameterizedTest
    @ValueSource(strings = {"00:00", "09:05", "23:59"})
    void aTimeWrittenAsHoursAndMinutesIsAccepted(String text) {
        Validation v = new Validation();
        CampaignData.check(Map.of("start_time", text), v);
        assertThat(v.hasErrors()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"24:00", "9:00", "09:60", "09:00:00", "ab:cd", "0900", "09-00", " 9:00", "１２:００"})
    void anythingElseIsNotATimeAndIsRejectedWhenWritten(String text) {
        Validation v = new Validation();
        CampaignData.check(Map.of("start_time", text), v);
        assertThat(v.hasErrors()).isTrue();
    }
}
