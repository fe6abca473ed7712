package com.walletcards.notification.web;

import com.walletcards.notification.Message;
import com.walletcards.notification.SendTime;
import com.walletcards.shared.Validation;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/campaigns/{id}/notifications/schedule}. Only the format of
 * {@code scheduledFor} is checked here; the window (future, at most 30 days) is the domain's rule.
 */
record ScheduleNotificationRequest(
        @Nullable String header,
        @Nullable String body,
        @Nullable String scheduledFor) {

    record Validated(Message message, Instant scheduledFor) {}

    Validated validated() {
        Validation v = new Validation();
        Message message = Message.validate(header, body, v);
        Instant at = SendTime.parse(scheduledFor, v);
        v.throwIfInvalid();
        return new Validated(message, at);
    }
}
