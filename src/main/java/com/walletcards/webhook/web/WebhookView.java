package com.walletcards.webhook.web;

import com.walletcards.webhook.Webhook;
import com.walletcards.webhook.WebhookManagement.WithSecret;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A subscription as the API shows it; never with its secret. */
@Schema(name = "Webhook")
record WebhookView(
        String id,
        String url,
        List<String> events,
        @Nullable String description,
        boolean enabled,
        @Nullable String disabledReason,
        Instant createdAt,
        Instant updatedAt) {

    static WebhookView of(Webhook w) {
        return new WebhookView(
                w.id().value(),
                w.url(),
                w.events(),
                w.description(),
                w.enabled(),
                w.disabledReason(),
                w.createdAt(),
                w.updatedAt());
    }

    /** The answer of create and rotate-secret: the only responses that carry the secret. */
    @Schema(name = "WebhookWithSecret")
    record WithSecretView(
            String id,
            String url,
            List<String> events,
            @Nullable String description,
            boolean enabled,
            @Nullable String disabledReason,
            Instant createdAt,
            Instant updatedAt,

            @Schema(description = "The signing secret (whsec_...); shown only in this response")
            String secret,

            @Nullable Instant previousSecretExpiresAt) {

        static WithSecretView of(WithSecret created) {
            Webhook w = created.webhook();
            return new WithSecretView(
                    w.id().value(),
                    w.url(),
                    w.events(),
                    w.description(),
                    w.enabled(),
                    w.disabledReason(),
                    w.createdAt(),
                    w.updatedAt(),
                    created.secret().value(),
                    created.previousSecretExpiresAt());
        }
    }
}
