package com.walletcards.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.shared.Retention;
import com.walletcards.shared.RetentionProperties;
import com.walletcards.shared.Times;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Rows older than their retention period go; newer ones stay. */
@DatabaseTest
class RetentionTest {

    @Autowired
    List<Retention> retentions;

    @Autowired
    RetentionJob job;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    AccessManagement access;

    @Autowired
    Clock clock;

    String org;
    Instant now;

    @BeforeEach
    void tenant() {
        org = Tenants.create(access).organizationId().value();
        now = clock.instant();
    }

    @Test
    void webhookEventsOlderThan30DaysGoWithTheirDeliveriesAndAttempts() {
        String webhook = webhook();
        String old = webhookEvent(webhook, now.minus(Duration.ofDays(31)));
        String recent = webhookEvent(webhook, now.minus(Duration.ofDays(29)));

        job.runOnce();

        assertThat(rows("webhook_events", "id", old)).isZero();
        assertThat(rows("webhook_deliveries", "event_id", old)).isZero();
        assertThat(rows("webhook_attempts", "event_id", old)).isZero();
        assertThat(rows("webhook_events", "id", recent)).isOne();
        assertThat(rows("webhook_deliveries", "event_id", recent)).isOne();
        assertThat(rows("webhook_attempts", "event_id", recent)).isOne();
    }

    @Test
    void idempotencyKeysOlderThan24HoursGo() {
        onlyTheYoungerStays(
                "idempotency_keys",
                "idempotency_key",
                idempotencyKey(now.minus(Duration.ofHours(25))),
                idempotencyKey(now.minus(Duration.ofHours(23))));
    }

    @Test
    void processedCallbackIdsOlderThan30DaysGo() {
        onlyTheYoungerStays(
                "provider_events",
                "event_id",
                providerEvent(now.minus(Duration.ofDays(31))),
                providerEvent(now.minus(Duration.ofDays(29))));
    }

    @Test
    void settledUpdateDeliveryFactsOlderThan30DaysGoAndWaitingOnesStay() {
        String waiting = updateFact("pending", now.minus(Duration.ofDays(40)), null);
        onlyTheYoungerStays(
                "update_deliveries",
                "wallet_card_id",
                updateFact("delivered", now.minus(Duration.ofDays(32)), now.minus(Duration.ofDays(31))),
                updateFact("stale", now.minus(Duration.ofDays(30)), now.minus(Duration.ofDays(29))));
        assertThat(rows("update_deliveries", "wallet_card_id", waiting)).isOne();
    }

    @Test
    void aBacklogIsDeletedInBatchesOfTheConfiguredSize() {
        List<String> old = IntStream.range(0, 5)
                .mapToObj(i -> idempotencyKey(now.minus(Duration.ofDays(2))))
                .toList();
        RetentionJob smallBatches = new RetentionJob(
                retentions,
                new RetentionProperties(
                        Duration.ofHours(1), 2, Duration.ofDays(30), Duration.ofHours(24), Duration.ofDays(30)),
                clock);

        assertThat(smallBatches.runOnce().get("idempotency keys")).isGreaterThanOrEqualTo(5);

        old.forEach(key ->
                assertThat(rows("idempotency_keys", "idempotency_key", key)).isZero());
    }

    @Test
    void retentionRunsAsOneRecurringTaskOfTheCluster() {
        assertThat(jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks WHERE task_name = 'retention'")
                        .query(Long.class)
                        .single())
                .isOne();
    }

    private void onlyTheYoungerStays(String table, String column, String older, String younger) {
        job.runOnce();

        assertThat(rows(table, column, older)).as("older than the period").isZero();
        assertThat(rows(table, column, younger)).as("younger than the period").isOne();
    }

    private String webhook() {
        String id = "wh_" + UUID.randomUUID();
        jdbc.sql("""
                INSERT INTO webhooks (id, organization_id, url, events, enabled, secret, created_at, updated_at)
                VALUES (?, ?, 'https://example.com/hooks', '*', TRUE, 'sealed', ?, ?)""").params(id, org, Times.db(now), Times.db(now)).update();
        return id;
    }

    private String webhookEvent(String webhook, Instant at) {
        String event = "evt_" + UUID.randomUUID();
        String delivery = "dlv_" + UUID.randomUUID();
        jdbc.sql("INSERT INTO webhook_events (id, organization_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
                .params(event, org, "campaign.created", "{}", Times.db(at))
                .update();
        jdbc.sql("""
                INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, status, attempts,
                  created_at, updated_at) VALUES (?, ?, ?, ?, 'succeeded', 1, ?, ?)""")
                .params(delivery, org, webhook, event, Times.db(at), Times.db(at))
                .update();
        jdbc.sql("""
                INSERT INTO webhook_attempts (id, organization_id, webhook_id, delivery_id, event_id, event_type,
                  attempt, succeeded, status_code, duration_ms, attempted_at)
                VALUES (?, ?, ?, ?, ?, 'campaign.created', 1, TRUE, 200, 12, ?)""")
                .params("att_" + UUID.randomUUID(), org, webhook, delivery, event, Times.db(at))
                .update();
        return event;
    }

    private String idempotencyKey(Instant at) {
        String key = UUID.randomUUID().toString();
        jdbc.sql("""
                INSERT INTO idempotency_keys (organization_id, idempotency_key, request_hash, response_status,
                  response_body, created_at, completed_at) VALUES (?, ?, 'hash', 201, '{}', ?, ?)""").params(org, key, Times.db(at), Times.db(at)).update();
        return key;
    }

    private String providerEvent(Instant at) {
        String id = UUID.randomUUID().toString();
        jdbc.sql("""
                INSERT INTO provider_events (provider, event_id, wallet_card_id, organization_id, event, occurred_at,
                  received_at, applied) VALUES ('alpha', ?, 'card_x', ?, 'SAVE', ?, ?, TRUE)""").params(id, org, Times.db(at), Times.db(at)).update();
        return id;
    }

    private String updateFact(String state, Instant pushedAt, @Nullable Instant doneAt) {
        String card = "card_" + UUID.randomUUID().toString().replace("-", "");
        jdbc.sql("""
                INSERT INTO update_deliveries (wallet_card_id, provider, target, campaign_id, version, card_version,
                  state, asked, pushed_at, done_at) VALUES (?, 'alpha', 'device', 'cmp_x', 1, 1, ?, FALSE, ?, ?)""")
                .params(card, state, Times.db(pushedAt), doneAt == null ? null : Times.db(doneAt))
                .update();
        return card;
    }

    private long rows(String table, String column, String value) {
        return jdbc.sql("SELECT COUNT(*) FROM " + table + " WHERE " + column + " = ?")
                .param(value)
                .query(Long.class)
                .single();
    }
}
