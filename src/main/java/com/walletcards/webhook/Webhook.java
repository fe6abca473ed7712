package com.walletcards.webhook;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A subscription as its owner sees it. The signing secret is not part of it: it is shown once by
 * {@link WebhookManagement} and otherwise only read, encrypted, by the delivery path.
 */
public record Webhook(
        WebhookId id,
        String url,
        List<String> events,
        @Nullable String description,
        boolean enabled,
        @Nullable String disabledReason,
        Instant createdAt,
        Instant updatedAt) {

    static final String DISABLED_BY_REQUEST = "disabled through the API";

    public Webhook {
        events = List.copyOf(events);
    }

    /** Applies a PATCH. Re-enabling clears the reason of the disabling; disabling records one. */
    Webhook apply(WebhookChanges changes, Instant now) {
        boolean nowEnabled = changes.enabled() != null ? changes.enabled() : enabled;
        String reason = nowEnabled ? null : enabled ? DISABLED_BY_REQUEST : disabledReason;
        return new Webhook(
                id,
                changes.url() != null ? changes.url() : url,
                changes.events() != null ? changes.events() : events,
                changes.descriptionSet() ? changes.description() : description,
                nowEnabled,
                reason,
                createdAt,
                now);
    }

    /** Whether a PATCH changed anything at all; an empty one leaves updatedAt alone. */
    boolean sameSettingsAs(Webhook other) {
        return url.equals(other.url)
                && events.equals(other.events)
                && Objects.equals(description, other.description)
                && enabled == other.enabled
                && Objects.equals(disabledReason, other.disabledReason);
    }

    /** Whether the target changed, which starts a new run of failures from zero. */
    boolean targetChangedFrom(Webhook before) {
        return !url.equals(before.url) || (enabled && !before.enabled);
    }
}
