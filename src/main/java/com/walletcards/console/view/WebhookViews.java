package com.walletcards.console.view;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** What the webhook pages show: times already in the reader's language, texts as the module gives them. */
public final class WebhookViews {

    private WebhookViews() {}

    /** One subscription in the list and at the top of its page. */
    public record Row(
            String id,
            String url,
            List<String> events,
            @Nullable String description,
            boolean enabled,
            @Nullable String disabledReason,
            String created) {}

    /** One delivery of an event with its attempts, newest first. */
    public record DeliveryRow(
            String id,
            String eventId,
            String type,
            String status,
            String created,
            @Nullable String nextAttempt,
            boolean finished,
            List<AttemptRow> attempts) {}

    /** One attempt: the receiver's status code and the beginning of its answer, or why none came. */
    public record AttemptRow(
            int number,
            String at,
            boolean succeeded,
            @Nullable Integer statusCode,
            @Nullable String error,
            @Nullable String answer,
            long durationMs) {}

    /**
     * The settings form: the values entered, the event types ticked and the module's refusals by
     * field ({@code url}, {@code events}, {@code description}).
     */
    public record Form(
            @Nullable String id, String url, List<String> events, String description, Map<String, String> errors) {

        public boolean invalid(String field) {
            return errors.containsKey(field);
        }

        public @Nullable String error(String field) {
            return errors.get(field);
        }

        public boolean ticked(String type) {
            return events.contains(type);
        }
    }
}
