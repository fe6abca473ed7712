package com.walletcards.webhook;

import com.walletcards.shared.Validation;
import java.net.URI;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The rules of a subscription's settings, in one place for every way in: the API's create request
 * and the console's forms check a URL, its event types and its description alike, and fail with
 * the same field errors.
 */
public final class WebhookSettings {

    public static final int MAX_DESCRIPTION = 500;

    private WebhookSettings() {}

    /** A new subscription, or {@code VALIDATION_FAILED} naming every wrong field. */
    public static NewWebhook validNew(
            TargetPolicy targets, @Nullable String url, @Nullable List<String> events, @Nullable String description) {
        Validation v = new Validation();
        URI target = targets.checkUrl("url", url, v);
        List<String> types = EventTypes.validate("events", events, v);
        String text = v.optionalText("description", description, MAX_DESCRIPTION);
        v.throwIfInvalid();
        return new NewWebhook(String.valueOf(target), List.copyOf(types == null ? List.of() : types), text);
    }

    /** Every setting at once, as a form sends them: a blank description clears it. */
    public static WebhookChanges validReplacement(
            TargetPolicy targets, @Nullable String url, @Nullable List<String> events, @Nullable String description) {
        NewWebhook valid = validNew(targets, url, events, description);
        return new WebhookChanges(valid.url(), valid.events(), true, valid.description(), null);
    }
}
