package com.walletcards.webhook.web;

import com.walletcards.shared.web.ApiSchemas;
import com.walletcards.webhook.NewWebhook;
import com.walletcards.webhook.TargetPolicy;
import com.walletcards.webhook.WebhookSettings;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/webhooks}. */
record CreateWebhookRequest(
        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                format = "uri",
                maxLength = 2048,
                description = "http or https URL; private, loopback and link-local targets are refused unless"
                        + " WALLET_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true",
                example = "https://example.com/hooks")
        @Nullable
        String url,

        @ArraySchema(
                schema = @Schema(ref = ApiSchemas.EVENT_TYPE),
                minItems = 1,
                uniqueItems = true,
                arraySchema =
                        @Schema(
                                requiredMode = Schema.RequiredMode.REQUIRED,
                                description = "Event types to deliver; * means every type",
                                example = "[\"card.installed\", \"card.removed\"]"))
        @Nullable
        List<String> events,

        @Schema(maxLength = MAX_DESCRIPTION, example = "CRM sync") @Nullable
        String description) {

    static final int MAX_DESCRIPTION = WebhookSettings.MAX_DESCRIPTION;

    NewWebhook validated(TargetPolicy targets) {
        return WebhookSettings.validNew(targets, url, events, description);
    }
}
