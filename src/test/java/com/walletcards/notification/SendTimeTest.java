package com.walletcards.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.campaign.CampaignId;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import com.walletcards.shared.Validation;
import com.walletcards.shared.ValidationFailed;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SendTimeTest {

    private final Clock clock = Clock.fixed(Instant.parse("2031-05-01T12:00:00Z"), ZoneOffset.UTC);

    private Notification scheduleFor(String raw) {
        Validation v = new Validation();
        Instant at = SendTime.parse(raw, v);
        v.throwIfInvalid();
        return Notification.scheduled(
                "ntf_1",
                new OrganizationId("org_1"),
                new CampaignId("cmp_1"),
                new Message("h", "b"),
                at,
                Times.now(clock));
    }

    private static String rejected(Runnable call) {
        try {
            call.run();
        } catch (ValidationFailed e) {
            assertThat(e.details()).extracting(FieldError::field).containsExactly("scheduledFor");
            return e.details().get(0).message();
        }
        throw new AssertionError("expected scheduledFor to be rejected");
    }

    @Test
    void aTimeWithOffsetInTheWindowIsAcceptedAsThatInstant() {
        Notification n = scheduleFor("2031-05-01T14:30:00+02:00");
        assertThat(n.scheduledFor()).isEqualTo(Instant.parse("2031-05-01T12:30:00Z"));
        assertThat(scheduleFor("2031-05-01T12:00:00.000001Z").scheduledFor())
                .isEqualTo(Instant.parse("2031-05-01T12:00:00.000001Z"));
    }

    @Test
    void exactlyThirtyDaysAheadIsTheLastAcceptedMoment() {
        Instant limit = clock.instant().plus(Duration.ofDays(30));
        assertThat(scheduleFor(limit.toString()).scheduledFor()).isEqualTo(limit);
        assertThat(rejected(() -> scheduleFor(limit.plusSeconds(1).toString()))).contains("30 days");
    }

    @Test
    void nowAndThePastAreRejected() {
        assertThat(rejected(() -> scheduleFor("2031-05-01T12:00:00Z"))).contains("future");
        assertThat(rejected(() -> scheduleFor("2001-01-01T00:00:00Z"))).contains("future");
    }

    @Test
    void aTimeWithoutOffsetOrNotADateTimeIsRejected() {
        assertThat(rejected(() -> scheduleFor("2031-05-02T10:00:00"))).contains("offset");
        assertThat(rejected(() -> scheduleFor("tomorrow"))).contains("ISO 8601");
        assertThat(rejected(() -> scheduleFor("2031-05-02"))).contains("ISO 8601");
    }

    @Test
    void aMissingTimeIsRequired() {
        Validation v = new Validation();
        assertThat(SendTime.parse(null, v)).isNull();
        assertThat(SendTime.parse("  ", v)).isNull();
        assertThatThrownBy(v::throwIfInvalid)
                .isInstanceOfSatisfying(
                        ValidationFailed.class,
                        e -> assertThat(e.details())
                                .extracting(FieldError::message)
                                .containsExactly("is required", "is required"));
    }
}
