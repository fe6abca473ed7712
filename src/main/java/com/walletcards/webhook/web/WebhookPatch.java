package com.walletcards.webhook.web;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.PatchDocument;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.ApiSchemas;
import com.walletcards.webhook.EventTypes;
import com.walletcards.webhook.TargetPolicy;
import com.walletcards.webhook.WebhookChanges;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Reads a {@code PATCH /v1/webhooks/{id}} body into validated changes. */
final class WebhookPatch {

    static final Set<String> FIELDS = Set.of("url", "events", "description", "enabled");

    private WebhookPatch() {}

    /** The documented shape of the PATCH body (all fields optional). */
    @io.swagger.v3.oas.annotations.media.Schema(description = "Only the fields present change.")
    record PatchWebhookRequest(
            @io.swagger.v3.oas.annotations.media.Schema(format = "uri", maxLength = 2048) @Nullable
            String url,

            @ArraySchema(
                    schema = @io.swagger.v3.oas.annotations.media.Schema(ref = ApiSchemas.EVENT_TYPE),
                    minItems = 1,
                    uniqueItems = true)
            @Nullable
            List<String> events,

            @io.swagger.v3.oas.annotations.media.Schema(
                    maxLength = CreateWebhookRequest.MAX_DESCRIPTION,
                    types = {"string", "null"})
            @Nullable
            String description,

            @io.swagger.v3.oas.annotations.media.Schema(
                    description = "false pauses deliveries; true resumes a paused or disabled subscription")
            @Nullable
            Boolean enabled) {}

    static WebhookChanges read(@Nullable Map<String, @Nullable Object> body, TargetPolicy targets) {
        PatchDocument doc = PatchDocument.of(body, FIELDS);
        Validation v = new Validation();
        URI url = null;
        if (doc.has("url")) {
            url = targets.checkUrl("url", doc.string("url"), v);
        }
        List<String> events = null;
        if (doc.has("events")) {
            events = EventTypes.validate("events", doc.strings("events"), v);
        }
        String description =
                v.optionalText("description", doc.string("description"), CreateWebhookRequest.MAX_DESCRIPTION);
        Boolean enabled = null;
        if (body != null && body.containsKey("enabled")) {
            enabled = bool(body.get("enabled"));
            if (enabled == null) {
                v.reject("enabled", "cannot be null");
            }
        }
        v.throwIfInvalid();
        return new WebhookChanges(
                url == null ? null : url.toString(), events, doc.has("description"), description, enabled);
    }

    private static @Nullable Boolean bool(@Nullable Object value) {
        if (value == null || value instanceof Boolean) {
            return (Boolean) value;
        }
        throw new ApiException(
                ErrorCode.INVALID_JSON,
                "Field enabled has the wrong JSON type",
                List.of(new FieldError("enabled", "must be a boolean")));
    }
}
