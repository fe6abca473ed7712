package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.shared.FieldError;
import com.walletcards.shared.Validation;
import com.walletcards.shared.ValidationFailed;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventTypesTest {

    @Test
    void everyContractEventTypeAndTheTestEventAreKnown() {
        assertThat(EventTypes.KNOWN)
                .containsExactlyInAnyOrder(
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
                        "webhook.test");
    }

    @Test
    void knownTypesAndTheWildcardAreAcceptedWithoutDuplicates() {
        Validation v = new Validation();

        List<String> kept = EventTypes.validate("events", List.of("card.installed", "*", "card.installed"), v);

        assertThat(v.hasErrors()).isFalse();
        assertThat(kept).containsExactly("card.installed", "*");
    }

    @Test
    void unknownTypesAreRefusedByIndex() {
        Validation v = new Validation();

        EventTypes.validate("events", Arrays.asList("campaign.created", "no.such.event", null, "CARD.INSTALLED"), v);

        assertThat(fields(v)).containsExactly("events[1]", "events[2]", "events[3]");
    }

    @Test
    void aMissingOrEmptyListIsRefused() {
        Validation missing = new Validation();
        Validation empty = new Validation();

        EventTypes.validate("events", null, missing);
        EventTypes.validate("events", List.of(), empty);

        assertThat(fields(missing)).containsExactly("events");
        assertThat(fields(empty)).containsExactly("events");
    }

    @Test
    void theWildcardMatchesEveryTypeAndAListOnlyItsOwn() {
        assertThat(EventTypes.matches(List.of("*"), "notification.failed")).isTrue();
        assertThat(EventTypes.matches(List.of("card.installed"), "card.installed"))
                .isTrue();
        assertThat(EventTypes.matches(List.of("card.installed"), "card.removed"))
                .isFalse();
    }

    private static List<String> fields(Validation v) {
        try {
            v.throwIfInvalid();
            return List.of();
        } catch (ValidationFailed e) {
            return e.details().stream().map(FieldError::field).toList();
        }
    }
}
