package com.walletcards.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.shared.Ids;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Measures the fan-out rate of one notification to many active cards through the local
 * providers. Not part of the normal build (timings depend on the machine); run with
 *
 * <pre>
 * ./mvnw -B test -Dtest=NotificationFanOutBenchmark -Dwallet.benchmark=true -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * which runs it on H2 and then on PostgreSQL; {@code -Dwallet.benchmark.cards=N} changes the size.
 * The cards are inserted directly as installed ones: the benchmark is about the fan-out, not the
 * callbacks that make cards active.
 */
@DatabaseTest
@EnabledIfSystemProperty(named = "wallet.benchmark", matches = "true")
class NotificationFanOutBenchmark {

    private static final int CARDS = Integer.getInteger("wallet.benchmark.cards", 10_000);

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void oneNotificationFansOutToTenThousandActiveCards() {
        Tenants.Tenant tenant = Tenants.create(access);
        Api api = new Api(port, tenant.key());
        String campaignId = api.post(
                        "/v1/campaigns", Map.of("name", "Benchmark", "campaignType", "event", "campaignData", Map.of()))
                .data()
                .get("id")
                .asString();
        insertActiveCards(tenant.organizationId().value(), campaignId, CARDS);

        long started = System.nanoTime();
        Api.Response r = api.post(
                "/v1/campaigns/" + campaignId + "/notifications", Map.of("header", "Benchmark", "body", "Fan-out"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        String id = r.data().get("id").asString();
        JsonNode done = await().atMost(Duration.ofMinutes(10))
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> api.get("/v1/campaigns/" + campaignId + "/notifications/" + id)
                                .data(),
                        n -> !n.get("status").asString().equals("sending"));
        long wallMillis = (System.nanoTime() - started) / 1_000_000;

        assertThat(done.get("status").asString()).isEqualTo("sent");
        assertThat(done.get("deliveredCards").asInt()).isEqualTo(CARDS);
        assertThat(jdbc.queryForObject(
                        "SELECT COUNT(*) FROM local_wallet_messages WHERE notification_id = ?", Integer.class, id))
                .isEqualTo(CARDS);
        long serverMillis = Duration.between(
                        Instant.parse(done.get("createdAt").asString()),
                        Instant.parse(done.get("sentAt").asString()))
                .toMillis();
        System.out.printf(
                "%nFAN-OUT [%s]: %d cards, %d ms from request to sentAt (%.0f cards/s), %d ms until seen by polling"
                        + " (%.0f cards/s)%n%n",
                TestDatabase.postgres() ? "postgresql" : "h2",
                CARDS,
                serverMillis,
                CARDS * 1000.0 / Math.max(1, serverMillis),
                wallMillis,
                CARDS * 1000.0 / Math.max(1, wallMillis));
    }

    /** Cards as the card module stores an installed one: status active, its beta object installed. */
    private void insertActiveCards(String org, String campaignId, int count) {
        var now = OffsetDateTime.now(ZoneOffset.UTC);
        List<Object[]> cards = new ArrayList<>(count);
        List<Object[]> objects = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String cardId = Ids.newId("card");
            cards.add(new Object[] {
                cardId,
                org,
                campaignId,
                Ids.newId("rcp"),
                UUID.randomUUID().toString(),
                UUID.randomUUID().toString(),
                now,
                now
            });
            objects.add(new Object[] {cardId, org, "beta_bench_" + i, now});
        }
        jdbc.batchUpdate(
                "INSERT INTO wallet_cards (id, organization_id, campaign_id, recipient_id, lifecycle, status,"
                        + " download_code, barcode_value, created_at, updated_at)"
                        + " VALUES (?, ?, ?, ?, 'invited', 'active', ?, ?, ?, ?)",
                cards);
        jdbc.batchUpdate(
                "INSERT INTO provider_objects (wallet_card_id, provider, organization_id, object_ref, installed,"
                        + " ever_installed, updated_at) VALUES (?, 'beta', ?, ?, TRUE, TRUE, ?)",
                objects);
    }
}
