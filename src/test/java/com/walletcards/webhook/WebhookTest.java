package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookTest {

    private static final Instant CREATED = Instant.parse("2026-11-01T10:00:00Z");
    private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

    private static Webhook webhook(boolean enabled, String reason) {
        return new Webhook(
                new WebhookId("whk_1"),
                "https://hooks.example.com/a",
                List.of("card.installed"),
                "desc",
                enabled,
                reason,
                CREATED,
                CREATED);
    }

    private static WebhookChanges enabled(boolean value) {
        return new WebhookChanges(null, null, false, null, value);
    }

    @Test
    void reEnablingClearsTheReasonAndStartsANewRunOfFailures() {
        Webhook gone = webhook(false, Deliveries.GONE_REASON);

        Webhook enabled = gone.apply(enabled(true), NOW);

        assertThat(enabled.enabled()).isTrue();
        assertThat(enabled.disabledReason()).isNull();
        assertThat(enabled.updatedAt()).isEqualTo(NOW);
        assertThat(enabled.targetChangedFrom(gone)).isTrue();
    }

    @Test
    void disablingThroughTheApiRecordsAReasonAndKeepsAnEarlierOne() {
        Webhook disabled = webhook(true, null).apply(enabled(false), NOW);
        Webhook gone = webhook(false, Deliveries.GONE_REASON).apply(enabled(false), NOW);

        assertThat(disabled.disabledReason()).isEqualTo(Webhook.DISABLED_BY_REQUEST);
        assertThat(gone.disabledReason()).isEqualTo(Deliveries.GONE_REASON);
    }

    @Test
    void aNewUrlStartsANewRunOfFailuresAndAnEmptyPatchChangesNothing() {
        Webhook before = webhook(true, null);

        Webhook moved = before.apply(new WebhookChanges("https://other.example.com", null, false, null, null), NOW);
        Webhook untouched = before.apply(new WebhookChanges(null, null, false, null, null), NOW);
        Webhook cleared = before.apply(new WebhookChanges(null, null, true, null, null), NOW);

        assertThat(moved.targetChangedFrom(before)).isTrue();
        assertThat(untouched.sameSettingsAs(before)).isTrue();
        assertThat(untouched.targetChangedFrom(before)).isFalse();
        assertThat(cleared.description()).isNull();
        assertThat(cleared.sameSettingsAs(before)).isFalse();
    }
}
