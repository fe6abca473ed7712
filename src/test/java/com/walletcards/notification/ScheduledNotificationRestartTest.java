package com.walletcards.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.WalletCampaignsApplication;
import com.walletcards.access.AccessManagement;
import com.walletcards.card.ProviderEventsIntake;
import com.walletcards.support.Api;
import com.walletcards.support.LocalModes;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import tools.jackson.databind.JsonNode;

/**
 * A scheduled notification whose time comes while no instance runs is sent by the next instance
 * that starts. Two application contexts play the two lives of the service on one database. The
 * database is a fresh one, not the shared test database: the cached contexts of the other
 * database tests run schedulers on the shared one, and they would send the notification while
 * "the service is down", proving nothing.
 */
@Tag("database")
@ExtendWith(PostgresAvailability.class)
class ScheduledNotificationRestartTest {

    /** Long enough for the first instance to shut down before the notification is due. */
    private static final Duration DUE_IN = Duration.ofSeconds(6);

    @Test
    void aNotificationThatFellDueWhileTheServiceWasDownIsSentAtTheNextStart() {
        String url = TestDatabase.freshDatabase();
        String key;
        String campaignId;
        String cardId;
        String notificationId;
        Instant due;

        ConfigurableApplicationContext first = start(url);
        try {
            key = Tenants.create(first.getBean(AccessManagement.class)).key();
            Api api = api(first, key);
            campaignId = api.post(
                            "/v1/campaigns",
                            Map.of("name", "Restart", "campaignType", "event", "campaignData", Map.of()))
                    .data()
                    .get("id")
                    .asString();
            String recipientId = api.post(
                            "/v1/campaigns/" + campaignId + "/recipients",
                            Map.of("email", UUID.randomUUID() + "@example.com"))
                    .data()
                    .get("id")
                    .asString();
            api.post("/v1/campaigns/" + campaignId + "/recipients/" + recipientId + "/invite", null);
            cardId = api.get("/v1/campaigns/" + campaignId + "/recipients/" + recipientId)
                    .data()
                    .get("walletCardId")
                    .asString();
            first.getBean(ProviderEventsIntake.class)
                    .apply("alpha", cardId, UUID.randomUUID().toString(), true, Instant.now());
            OffsetDateTime scheduledFor = OffsetDateTime.now(ZoneOffset.UTC).plus(DUE_IN);
            due = scheduledFor.toInstant();
            Api.Response scheduled = api.post(
                    "/v1/campaigns/" + campaignId + "/notifications/schedule",
                    Map.of(
                            "header",
                            "After the restart",
                            "body",
                            "Still delivered",
                            "scheduledFor",
                            scheduledFor.toString()));
            assertThat(scheduled.status()).as(scheduled.body()).isEqualTo(201);
            notificationId = scheduled.data().get("id").asString();
        } finally {
            first.close();
        }

        JdbcTemplate db = new JdbcTemplate(new DriverManagerDataSource(url, TestDatabase.user(), ""));
        assertThat(Instant.now())
                .as("the first instance was down before the notification was due")
                .isBefore(due);
        assertThat(db.queryForObject("SELECT status FROM notifications WHERE id = ?", String.class, notificationId))
                .isEqualTo("pending");
        await().atMost(DUE_IN.plusSeconds(5)).until(() -> Instant.now().isAfter(due));

        try (ConfigurableApplicationContext second = start(url)) {
            Api api = api(second, key);
            JsonNode sent = await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(200))
                    .until(
                            () -> api.get("/v1/campaigns/" + campaignId + "/notifications/" + notificationId)
                                    .data(),
                            n -> n.get("status").asString().equals("sent"));
            assertThat(sent.get("deliveredCards").asInt()).isEqualTo(1);
            assertThat(db.queryForList(
                            "SELECT wallet_card_id FROM local_wallet_messages WHERE notification_id = ?",
                            String.class,
                            notificationId))
                    .containsExactly(cardId);
        }
    }

    private static ConfigurableApplicationContext start(String url) {
        // Command-line arguments outrank application.yml, which would otherwise pick the database.
        return new SpringApplicationBuilder(WalletCampaignsApplication.class)
                .run(Stream.concat(
                                Stream.of(
                                        "--server.port=0",
                                        "--spring.datasource.url=" + url,
                                        "--spring.datasource.username=" + TestDatabase.user(),
                                        "--spring.datasource.password=",
                                        "--wallet.access.bootstrap-api-key=",
                                        "--wallet.access.admin-token=",
                                        "--wallet.data-dir=target/test-data",
                                        "--db-scheduler.polling-interval=200ms"),
                                LocalModes.arguments().stream())
                        .toArray(String[]::new));
    }

    private static Api api(ConfigurableApplicationContext context, String key) {
        return new Api(Integer.parseInt(context.getEnvironment().getProperty("local.server.port")), key);
    }
}
