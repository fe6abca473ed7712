package com.walletcards.webhook.web;

import com.walletcards.shared.Validation;
import com.walletcards.webhook.EventTypes;
import com.walletcards.webhook.NewWebhook;
import com.walletcards.webhook.TargetPolicy;
import java.net.URI;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/webhooks}. */
record CreateWebhookRequest(
        @Nullable String url,
        @Nullable List<String> events,
        @Nullable String description) {

    static final int MAX_DESCRIPTION = 500;

    NewWebhook validated(TargetPolicy targets) {
        Validation v = new Validation();
        URI target = targets.checkUrl("url", url, v);
        List<String> types = EventTypes.validate("events", events, v);
        String text = v.optionalText("description", description, MAX_DESCRIPTION);
        v.throwIfInvalid();
        return new NewWebhook(target.toString(), types, text);
    }
}
