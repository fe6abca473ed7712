package com.walletcards.notification.web;

import com.walletcards.notification.Message;
import com.walletcards.notification.SendTime;
import com.walletcards.shared.Validation;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/campaigns/{id}/notifications/schedule}. Only the format of
 * {@code scheduledFor} is checked here; the window (future, at most 30 days) is the domain's rule.
 */
record ScheduleNotificationRequest(
        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                minLength = 1,
                maxLength = 100,
                pattern = "\\S",
                example = "Tomorrow")
        @Nullable
        String header,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                minLength = 1,
                maxLength = 500,
                pattern = "\\S",
                example = "See you at 18:00")
        @Nullable
        String body,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                format = "date-time",
                description =
                        "ISO 8601 date-time with an offset (Z or +02:00), in the future and at most 30" + " days ahead",
                example = "2031-07-01T17:00:00+02:00")
        @Nullable
        String scheduledFor) {

    record Validated(Message message, Instant scheduledFor) {}

    Validated validated() {
        Validation v = new Validation();
        Message message = Message.validate(header, body, v);
        Instant at = SendTime.parse(scheduledFor, v);
        v.throwIfInvalid();
        return new Validated(message, at);
    }
}
