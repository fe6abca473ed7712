package com.walletcards.notification.web;

import com.walletcards.notification.Message;
import com.walletcards.shared.Validation;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/campaigns/{id}/notifications}. */
@Schema(name = "SendNotificationRequest")
record SendNotificationRequest(
        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                minLength = 1,
                maxLength = 100,
                pattern = "\\S",
                example = "Doors open")
        @Nullable
        String header,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                minLength = 1,
                maxLength = 500,
                pattern = "\\S",
                example = "Gate 3 is open")
        @Nullable
        String body) {

    Message validated() {
        Validation v = new Validation();
        Message message = Message.validate(header, body, v);
        v.throwIfInvalid();
        return message;
    }
}
