package com.walletcards.notification.web;

import com.walletcards.notification.Message;
import com.walletcards.shared.Validation;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/campaigns/{id}/notifications}. */
record SendNotificationRequest(
        @Nullable String header, @Nullable String body) {

    Message validated() {
        Validation v = new Validation();
        Message message = Message.validate(header, body, v);
        v.throwIfInvalid();
        return message;
    }
}
