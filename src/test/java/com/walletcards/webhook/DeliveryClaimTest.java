package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import com.walletcards.webhook.DeliveryQueries.Due;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

/** Two workers claiming at the same time never get the same delivery, on H2 and on PostgreSQL. */
@WebhookIntegrationTest
class DeliveryClaimTest {

    @Autowired
    AccessManagement access;

    @Autowired
    WebhookManagement webhooks;

    @Autowired
    Outbox outbox;

    @Autowired
    DeliveryQueries queries;

    @Autowired
    DeliveryWorker worker;

    @Autowired
    TransactionTemplate transactions;

    @Test
    void aWorkerSkipsTheDeliveriesAnotherWorkerHoldsInsteadOfWaiting() throws Exception {
        Tenants.Tenant tenant = Tenants.create(access);
        WebhookId webhook = webhooks.create(
                        tenant.organizationId(), new NewWebhook("http://127.0.0.1:9/x", List.of("*"), null))
                .webhook()
                .id();
        worker.stop(); // this test claims by hand
        try {
            for (int i = 0; i < 4; i++) {
                outbox.enqueue(tenant.organizationId(), "campaign.created", Instant.now(), Map.of(), List.of(webhook));
            }
            Instant due = Instant.now().plusSeconds(1);
            CountDownLatch firstHolds = new CountDownLatch(1);
            CountDownLatch secondDone = new CountDownLatch(1);
            CompletableFuture<List<Due>> first = CompletableFuture.supplyAsync(() -> transactions.execute(status -> {
                List<Due> held = queries.lockDue(due, 2);
                firstHolds.countDown();
                await(secondDone);
                return held;
            }));
            assertThat(firstHolds.await(10, TimeUnit.SECONDS)).isTrue();

            long started = System.nanoTime();
            List<Due> second = transactions.execute(status -> queries.lockDue(due, 1000));
            Duration waited = Duration.ofNanos(System.nanoTime() - started);
            secondDone.countDown();
            List<Due> held = first.get(10, TimeUnit.SECONDS);

            Set<String> heldIds = ids(held);
            assertThat(held).hasSize(2);
            assertThat(ids(second)).doesNotContainAnyElementsOf(heldIds);
            assertThat(waited).isLessThan(Duration.ofSeconds(5));
            if (TestDatabase.postgres()) {
                // H2 locks every row its query reads, so there the second worker finds nothing yet.
                assertThat(second.stream().filter(d -> d.webhookId().equals(webhook)))
                        .hasSize(2);
            }
        } finally {
            worker.start();
        }
    }

    private static Set<String> ids(List<Due> dues) {
        return dues.stream().map(Due::id).collect(Collectors.toSet());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
