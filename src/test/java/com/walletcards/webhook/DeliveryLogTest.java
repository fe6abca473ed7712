package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The delivery log as the console reads it (deliveries with their attempts, newest first, by
 * keyset) and sending a finished delivery again, on H2 and PostgreSQL.
 */
@WebhookIntegrationTest
class DeliveryLogTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @Autowired
    AccessManagement access;

    @Autowired
    WebhookManagement webhooks;

    @Autowired
    TargetPolicy targets;

    OrganizationId org;

    @BeforeEach
    void tenant() {
        org = Tenants.create(access).organizationId();
    }

    private WebhookId subscribe(Receiver receiver) {
        return webhooks.create(org, WebhookSettings.validNew(targets, receiver.url(), List.of("card.installed"), null))
                .webhook()
                .id();
    }

    @Test
    void theLogPagesByKeysetNewestFirstWithEachDeliverysAttempts() throws Exception {
        try (Receiver receiver = Receiver.answering(204)) {
            WebhookId id = subscribe(receiver);
            List<String> events = List.of(
                    webhooks.sendTest(org, id).id(),
                    webhooks.sendTest(org, id).id(),
                    webhooks.sendTest(org, id).id());
            await().atMost(PATIENCE)
                    .untilAsserted(() -> assertThat(
                                    webhooks.deliveryLog(org, id, null, 10).deliveries())
                            .allSatisfy(d -> assertThat(d.status()).isEqualTo("succeeded")));

            WebhookManagement.DeliveryLog first = webhooks.deliveryLog(org, id, null, 2);
            WebhookManagement.DeliveryLog second = webhooks.deliveryLog(org, id, first.next(), 2);

            assertThat(first.deliveries()).extracting(Delivery::eventId).containsExactly(events.get(2), events.get(1));
            assertThat(first.next()).isEqualTo(first.deliveries().get(1).id());
            assertThat(second.deliveries()).extracting(Delivery::eventId).containsExactly(events.get(0));
            assertThat(second.next()).isNull();
            Delivery oldest = second.deliveries().get(0);
            assertThat(oldest.type()).isEqualTo("webhook.test");
            assertThat(oldest.attempts()).singleElement().satisfies(a -> {
                assertThat(a.statusCode()).isEqualTo(204);
                assertThat(a.succeeded()).isTrue();
            });
        }
    }

    @Test
    void aDeliveryIsSentAgainOnlyOnceItHasFinishedWithTheSameEventId() throws Exception {
        try (Receiver receiver = Receiver.answering(503)) {
            WebhookId id = subscribe(receiver);
            String event = webhooks.sendTest(org, id).id();
            await().atMost(PATIENCE).until(() -> !receiver.requests().isEmpty());
            Delivery retrying =
                    webhooks.deliveryLog(org, id, null, 10).deliveries().get(0);
            if (!retrying.finished()) {
                assertThatThrownBy(() -> webhooks.resend(org, id, retrying.id()))
                        .isInstanceOf(InvalidState.class)
                        .hasMessageContaining("still being attempted");
            }
            await().atMost(PATIENCE)
                    .until(() -> webhooks.deliveryLog(org, id, null, 10)
                            .deliveries()
                            .get(0)
                            .finished());
            int before = receiver.requests().size();

            String again = webhooks.resend(org, id, retrying.id());

            await().atMost(PATIENCE).until(() -> receiver.requests().size() > before);
            List<Receiver.Request> received = receiver.requests();
            assertThat(received.get(received.size() - 1).header("webhook-id")).isEqualTo(event);
            List<Delivery> log = webhooks.deliveryLog(org, id, null, 10).deliveries();
            assertThat(log).extracting(Delivery::id).containsExactly(again, retrying.id());
            assertThat(log).extracting(Delivery::eventId).containsOnly(event);
        }
    }

    @Test
    void anotherOrganizationsLogAndDeliveriesAreNotFound() throws Exception {
        try (Receiver receiver = Receiver.answering(204)) {
            WebhookId id = subscribe(receiver);
            OrganizationId other = Tenants.create(access).organizationId();

            assertThatThrownBy(() -> webhooks.deliveryLog(other, id, null, 10)).isInstanceOf(NotFound.class);
            assertThatThrownBy(() -> webhooks.resend(other, id, "dlv_0")).isInstanceOf(NotFound.class);
            assertThatThrownBy(() -> webhooks.resend(org, id, "dlv_0"))
                    .isInstanceOf(NotFound.class)
                    .hasMessage("Delivery not found");
        }
    }
}
