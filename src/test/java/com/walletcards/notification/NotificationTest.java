package com.walletcards.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.campaign.CampaignId;
import com.walletcards.notification.NotificationEvents.NotificationFailed;
import com.walletcards.notification.NotificationEvents.NotificationSent;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.OrganizationId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotificationTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2031-05-01T12:00:00Z"), ZoneOffset.UTC);
    private static final Instant NOW = CLOCK.instant();
    private static final OrganizationId ORG = new OrganizationId("org_1");
    private static final CampaignId CAMPAIGN = new CampaignId("cmp_1");
    private static final Message MESSAGE = new Message("Doors open", "Gate 3 is open");

    private static Notification scheduledIn(Duration ahead) {
        return Notification.scheduled("ntf_1", ORG, CAMPAIGN, MESSAGE, NOW.plus(ahead), NOW);
    }

    @Test
    void anImmediateNotificationIsSendingFromTheStart() {
        Notification n = Notification.immediate("ntf_1", ORG, CAMPAIGN, MESSAGE, NOW);
        assertThat(n.kind()).isEqualTo(NotificationKind.immediate);
        assertThat(n.status()).isEqualTo(NotificationStatus.sending);
        assertThat(n.scheduledFor()).isNull();
    }

    @Test
    void aScheduledNotificationWaitsAsPendingAndStartsSendingWhenDue() {
        Notification n = scheduledIn(Duration.ofHours(1));
        assertThat(n.status()).isEqualTo(NotificationStatus.pending);
        assertThat(n.start()).isTrue();
        assertThat(n.status()).isEqualTo(NotificationStatus.sending);
    }

    @Test
    void batchesAddUpToTrueCountersAndTheEndIsSentWithAnEvent() {
        Notification n = scheduledIn(Duration.ofHours(1));
        n.start();
        n.claimed(500, "card_500");
        n.delivered(499, 1);
        n.claimed(20, "card_520");
        n.delivered(20, 0);
        ExternalEvent event = n.finish(NOW.plusSeconds(5));
        assertThat(n.status()).isEqualTo(NotificationStatus.sent);
        assertThat(n.sentAt()).isEqualTo(NOW.plusSeconds(5));
        assertThat(event).isInstanceOf(NotificationSent.class);
        assertThat(event.type()).isEqualTo("notification.sent");
        assertThat(event.data())
                .containsAllEntriesOf(Map.of(
                        "notificationId", "ntf_1",
                        "campaignId", "cmp_1",
                        "targetedCards", 520,
                        "deliveredCards", 519,
                        "failedCards", 1));
    }

    @Test
    void whenEveryDeliveryFailsTheNotificationFails() {
        Notification n = Notification.immediate("ntf_1", ORG, CAMPAIGN, MESSAGE, NOW);
        n.claimed(3, "card_3");
        n.delivered(0, 3);
        ExternalEvent event = n.finish(NOW);
        assertThat(n.status()).isEqualTo(NotificationStatus.failed);
        assertThat(event).isInstanceOf(NotificationFailed.class);
        assertThat(event.type()).isEqualTo("notification.failed");
    }

    @Test
    void withoutAnyActiveCardTheNotificationIsSentToNobody() {
        Notification n = Notification.immediate("ntf_1", ORG, CAMPAIGN, MESSAGE, NOW);
        assertThat(n.finish(NOW)).isInstanceOf(NotificationSent.class);
        assertThat(n.status()).isEqualTo(NotificationStatus.sent);
        assertThat(n.targetedCards()).isZero();
    }

    @Test
    void onlyAPendingNotificationCanBeCancelled() {
        Notification pending = scheduledIn(Duration.ofHours(1));
        pending.cancel(NOW);
        assertThat(pending.status()).isEqualTo(NotificationStatus.cancelled);
        assertThat(pending.cancelledAt()).isEqualTo(NOW);
        assertThatThrownBy(() -> pending.cancel(NOW)).isInstanceOf(InvalidState.class);

        Notification sending = scheduledIn(Duration.ofHours(1));
        sending.start();
        assertThatThrownBy(() -> sending.cancel(NOW)).isInstanceOf(InvalidState.class);

        Notification sent = Notification.immediate("ntf_2", ORG, CAMPAIGN, MESSAGE, NOW);
        sent.finish(NOW);
        assertThatThrownBy(() -> sent.cancel(NOW)).isInstanceOf(InvalidState.class);

        Notification failed = Notification.immediate("ntf_3", ORG, CAMPAIGN, MESSAGE, NOW);
        failed.giveUp(NOW);
        assertThat(failed.status()).isEqualTo(NotificationStatus.failed);
        assertThatThrownBy(() -> failed.cancel(NOW)).isInstanceOf(InvalidState.class);
    }

    @Test
    void aCancelledNotificationNeverStartsSending() {
        Notification n = scheduledIn(Duration.ofHours(1));
        n.cancel(NOW);
        assertThat(n.start()).isFalse();
        assertThat(n.status()).isEqualTo(NotificationStatus.cancelled);
        assertThatThrownBy(() -> n.claimed(1, "card_1")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aFinishedNotificationDoesNotFinishAgain() {
        Notification n = Notification.immediate("ntf_1", ORG, CAMPAIGN, MESSAGE, NOW);
        n.finish(NOW);
        assertThat(n.start()).isFalse();
        assertThatThrownBy(() -> n.finish(NOW)).isInstanceOf(IllegalStateException.class);
        assertThat(n.giveUp(NOW)).isNull();
    }

    @Test
    void deletingTheCampaignCancelsAPendingNotificationAndStopsASendingOne() {
        Notification pending = scheduledIn(Duration.ofHours(1));
        assertThat(pending.abandon(NOW)).isNull();
        assertThat(pending.status()).isEqualTo(NotificationStatus.cancelled);

        Notification sending = Notification.immediate("ntf_2", ORG, CAMPAIGN, MESSAGE, NOW);
        sending.claimed(2, "card_2");
        sending.delivered(2, 0);
        assertThat(sending.abandon(NOW)).isInstanceOf(NotificationSent.class);
        assertThat(sending.status()).isEqualTo(NotificationStatus.sent);
    }

    @Test
    void givingUpFailsAPendingOrSendingNotification() {
        Notification n = scheduledIn(Duration.ofHours(1));
        assertThat(n.giveUp(NOW)).isInstanceOf(NotificationFailed.class);
        assertThat(n.status()).isEqualTo(NotificationStatus.failed);
        assertThat(n.sentAt()).isEqualTo(NOW);
    }
}
