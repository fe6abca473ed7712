package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Scrape;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ContextConfiguration;

/**
 * {@code /actuator/prometheus} after a small flow: the service's own counters and gauges move
 * where the facts happen, next to the HTTP, JVM and connection-pool series. Without a metrics
 * token the endpoint is open.
 */
@DatabaseTest
@ContextConfiguration(initializers = ServiceMetricsTest.OwnDatabase.class)
class ServiceMetricsTest {

    /** The counters live in this context: its database must not feed other contexts' workers. */
    static final class OwnDatabase extends SeparateDatabase {}

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcTemplate jdbc;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    @Test
    void theEndpointIsOpenWithoutATokenAndServesHttpJvmAndPoolSeries() {
        api.get("/v1/campaigns");

        Scrape scrape = Scrape.of(api);

        assertThat(scrape.has("http_server_requests_seconds_count")).isTrue();
        assertThat(scrape.value("http_server_requests_seconds_count", "uri=\"/v1/campaigns\"", "method=\"GET\""))
                .isPositive();
        assertThat(scrape.value("jvm_memory_used_bytes")).isPositive();
        assertThat(scrape.value("hikaricp_connections_max")).isPositive();
        assertThat(scrape.has("wallet_background_due")).isTrue();
        assertThat(scrape.has("wallet_background_lag_seconds")).isTrue();
    }

    @Test
    void backgroundLagIsTheAgeOfTheOldestDueExecutionThatNoInstanceHasPicked() {
        // A task no instance knows stays due, as work does when every instance is busy or down.
        String instance = UUID.randomUUID().toString();
        jdbc.update(
                "INSERT INTO scheduled_tasks (task_name, task_instance, execution_time, picked, version)"
                        + " VALUES ('metrics-probe', ?, ?, FALSE, 1)",
                instance,
                OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(5));
        try {
            await().atMost(PATIENCE).untilAsserted(() -> {
                Scrape scrape = Scrape.of(api);
                assertThat(scrape.value("wallet_background_due")).isGreaterThanOrEqualTo(1);
                assertThat(scrape.value("wallet_background_lag_seconds")).isBetween(300.0, 400.0);
            });
        } finally {
            jdbc.update(
                    "DELETE FROM scheduled_tasks WHERE task_name = 'metrics-probe' AND task_instance = ?", instance);
        }
    }

    @Test
    void cardsInstallsRemovalsProviderCallsPushesAndNotificationsAreCounted() {
        Scrape before = Scrape.of(api);
        String campaignId = flows.campaign(Map.of("providerTypes", List.of("alpha", "beta")));
        String recipientId = flows.recipient(campaignId);
        flows.waitForCard(campaignId, recipientId, "created");
        String cardId = flows.cardOf(campaignId, recipientId);
        // The providers create their objects in background work; an object created after the PATCH
        // below would start on the new content and need no push.
        await().atMost(PATIENCE).untilAsserted(() -> {
            Scrape created = Scrape.of(api);
            for (String provider : List.of("alpha", "beta")) {
                assertThat(moved(
                                before,
                                created,
                                "wallet_provider_calls_seconds_count",
                                "provider=\"" + provider + "\"",
                                "operation=\"create\"",
                                "outcome=\"success\""))
                        .as(provider)
                        .isEqualTo(1);
            }
        });

        assertThat(flows.callback("alpha", "SAVE", cardId).status()).isEqualTo(200);
        assertThat(flows.callback("beta", "SAVE", cardId).status()).isEqualTo(200);
        assertThat(flows.callback("beta", "DELETE", cardId).status()).isEqualTo(200);
        assertThat(api.patch("/v1/campaigns/" + campaignId, Map.of("name", "Launch 2"))
                        .status())
                .isEqualTo(200);
        assertThat(api.post(
                                "/v1/campaigns/" + campaignId + "/notifications",
                                Map.of("header", "Doors open", "body", "Gate 3"))
                        .status())
                .isEqualTo(201);

        await().atMost(PATIENCE).untilAsserted(() -> {
            Scrape after = Scrape.of(api);
            assertThat(moved(before, after, "wallet_cards_issued_total")).isEqualTo(1);
            assertThat(moved(before, after, "wallet_cards_installed_total", "provider=\"alpha\""))
                    .isEqualTo(1);
            assertThat(moved(before, after, "wallet_cards_installed_total", "provider=\"beta\""))
                    .isEqualTo(1);
            assertThat(moved(before, after, "wallet_cards_removed_total", "provider=\"beta\""))
                    .isEqualTo(1);
            assertThat(moved(before, after, "wallet_cards_removed_total", "provider=\"alpha\""))
                    .isZero();
            assertThat(moved(
                            before,
                            after,
                            "wallet_provider_calls_seconds_count",
                            "provider=\"alpha\"",
                            "operation=\"create\"",
                            "outcome=\"success\""))
                    .isEqualTo(1);
            // Only the alpha object is still installed: the campaign change and the message reach it alone.
            for (String kind : List.of("content", "message")) {
                String label = "kind=\"" + kind + "\"";
                assertThat(moved(
                                before,
                                after,
                                "wallet_pushes_total",
                                "provider=\"alpha\"",
                                label,
                                "outcome=\"delivered\""))
                        .as(kind)
                        .isEqualTo(1);
            }
            assertThat(moved(before, after, "wallet_pushes_total", "provider=\"beta\""))
                    .isZero();
            assertThat(moved(before, after, "wallet_notifications", "status=\"sent\""))
                    .isEqualTo(1);
        });
    }

    private static double moved(Scrape before, Scrape after, String name, String... labels) {
        return after.value(name, labels) - before.value(name, labels);
    }
}
