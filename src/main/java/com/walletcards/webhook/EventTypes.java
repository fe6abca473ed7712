package com.walletcards.webhook;

import com.walletcards.shared.Validation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Every event type a webhook can subscribe to, in one place. Domain modules name their events
 * themselves ({@link com.walletcards.shared.ExternalEvent#type()}); this list is what the API
 * accepts in a subscription, so a new event type becomes subscribable by adding it here.
 */
public final class EventTypes {

    /** Subscribes to every event type. */
    public static final String ALL = "*";

    /** Sent only by {@code POST /v1/webhooks/{id}/test}, to that one subscription. */
    static final String TEST = "webhook.test";

    public static final List<String> KNOWN = List.of(
            "campaign.created",
            "campaign.updated",
            "campaign.status_changed",
            "recipient.created",
            "recipient.invited",
            "recipient.revoked",
            "recipient.deleted",
            "import.completed",
            "card.created",
            "card.installed",
            "card.removed",
            "card.revoked",
            "card.opened",
            "card.updated",
            "card.update_delivered",
            "notification.sent",
            "notification.failed",
            TEST);

    private static final Set<String> SUBSCRIBABLE =
            Set.copyOf(Stream.concat(KNOWN.stream(), Stream.of(ALL)).toList());

    private EventTypes() {}

    /** Whether a subscription may name this value: a known type or {@code *}. */
    static boolean isSubscribable(String value) {
        return SUBSCRIBABLE.contains(value);
    }

    /** Whether a subscription to {@code subscribed} wants an event of {@code type}. */
    static boolean matches(Collection<String> subscribed, String type) {
        return subscribed.contains(type) || subscribed.contains(ALL);
    }

    /**
     * Validates the event list of a subscription: not empty, every entry a known type or {@code *}.
     * Duplicates are dropped, order kept. Returns null after recording a problem.
     */
    public static @Nullable List<String> validate(String field, @Nullable List<String> requested, Validation v) {
        if (requested == null) {
            v.reject(field, "is required");
            return null;
        }
        if (requested.isEmpty()) {
            v.reject(field, "must name at least one event type");
            return null;
        }
        LinkedHashSet<String> kept = new LinkedHashSet<>();
        boolean valid = true;
        for (int i = 0; i < requested.size(); i++) {
            String value = requested.get(i);
            if (value == null || !isSubscribable(value)) {
                v.reject(field + "[" + i + "]", "must be * or one of " + String.join(", ", KNOWN));
                valid = false;
            } else {
                kept.add(value);
            }
        }
        return valid ? new ArrayList<>(kept) : null;
    }
}
