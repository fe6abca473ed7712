package com.walletcards.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ValidationTest {

    @Test
    void everyProblemIsReportedAtOnceWithItsField() {
        Validation v = new Validation();
        v.email("email", "not-an-email", true);
        v.phone("phone", "0151 123");
        v.date("startDate", "2031-13-01");
        v.timezone("timezone", "Mars/Olympus");
        assertThatThrownBy(v::throwIfInvalid)
                .isInstanceOfSatisfying(
                        ValidationFailed.class,
                        e -> assertThat(e.details())
                                .extracting(FieldError::field)
                                .containsExactly("email", "phone", "startDate", "timezone"));
    }

    @Test
    void validValuesPass() {
        Validation v = new Validation();
        assertThat(v.email("email", "ada@example.com", true)).isEqualTo("ada@example.com");
        assertThat(v.phone("phone", "+4915112345678")).isEqualTo("+4915112345678");
        assertThat(v.timezone("tz", "Europe/Berlin")).hasToString("Europe/Berlin");
        assertThat(v.hasErrors()).isFalse();
    }

    @Test
    void nulCharactersAreRefused() {
        Validation v = new Validation();
        v.requiredText("name", "a\0b", 100);
        assertThat(v.hasErrors()).isTrue();
    }

    @Test
    void pageLimitsOutsideTheRangeAreErrorsNotClamped() {
        for (String bad : new String[] {"0", "101", "abc", "99999999999999999999", "1e3"}) {
            Validation v = new Validation();
            Page.parse(bad, null, v);
            assertThat(v.hasErrors()).as(bad).isTrue();
        }
    }
}
