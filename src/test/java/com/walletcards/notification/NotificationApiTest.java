package com.walletcards.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.card.ActiveCard;
import com.walletcards.card.ProviderEventsIntake;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

@DatabaseTest
class NotificationApiTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    ProviderEventsIntake providerEvents;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    NotificationQueries queries;

    @Autowired
    PlatformTransactionManager transactions;

    Api api;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
    }

    // ---- helpers ----

    private String campaign(Map<String, Object> overrides) {
        Map<String, Object> body =
                new HashMap<>(Map.of("name", "Summit", "campaignType", "event", "campaignData", Map.of()));
        body.putAll(overrides);
        Api.Response r = api.post("/v1/campaigns", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private String campaign() {
        return campaign(Map.of());
    }

    /** A recipient whose card was sent out but never added to a wallet. Returns {recipientId, cardId}. */
    private String[] invitedCard(String campaignId) {
        Api.Response added = api.post(
                "/v1/campaigns/" + campaignId + "/recipients", Map.of("email", UUID.randomUUID() + "@example.com"));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        String recipientId = added.data().get("id").asString();
        Api.Response invited = api.post("/v1/campaigns/" + campaignId + "/recipients/" + recipientId + "/invite", null);
        assertThat(invited.status()).as(invited.body()).isEqualTo(200);
        String cardId = api.get("/v1/campaigns/" + campaignId + "/recipients/" + recipientId)
                .data()
                .get("walletCardId")
                .asString();
        return new String[] {recipientId, cardId};
    }

    /** A card the holder added to the beta wallet: what the provider's SAVE callback does. */
    private String[] activeCard(String campaignId) {
        String[] ids = invitedCard(campaignId);
        assertThat(providerEvents.apply("beta", ids[1], UUID.randomUUID().toString(), true, Instant.now()))
                .isTrue();
        return ids;
    }

    private Api.Response send(String campaignId, String header) {
        return api.post("/v1/campaigns/" + campaignId + "/notifications", Map.of("header", header, "body", "Gate 3"));
    }

    private Api.Response schedule(String campaignId, Object scheduledFor) {
        return api.post(
                "/v1/campaigns/" + campaignId + "/notifications/schedule",
                Map.of("header", "Tomorrow", "body", "See you", "scheduledFor", scheduledFor));
    }

    private static String inDays(int days) {
        // Formatted explicitly: OffsetDateTime.toString() drops ":00" seconds, which Instant.parse refuses.
        return OffsetDateTime.now(ZoneOffset.UTC)
                .plusDays(days)
                .truncatedTo(ChronoUnit.SECONDS)
                .format(java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }

    private JsonNode awaitStatus(String campaignId, String notificationId, String status) {
        return await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> api.get("/v1/campaigns/" + campaignId + "/notifications/" + notificationId)
                                .data(),
                        n -> n.get("status").asString().equals(status));
    }

    private List<String> messagedCards(String notificationId) {
        return jdbc.queryForList(
                "SELECT wallet_card_id FROM local_wallet_messages WHERE notification_id = ? ORDER BY wallet_card_id",
                String.class,
                notificationId);
    }

    private static List<String> fields(Api.Response r) {
        return r.json()
                .get("error")
                .get("details")
                .valueStream()
                .map(d -> d.get("field").asString())
                .toList();
    }

    // ---- tests ----

    @Test
    void aSendReachesExactlyTheActiveCardsOfTheCampaign() {
        String c = campaign();
        String first = activeCard(c)[1];
        String second = activeCard(c)[1];
        invitedCard(c); // never installed: skipped
        String[] revoked = activeCard(c);
        assertThat(api.post("/v1/campaigns/" + c + "/recipients/" + revoked[0] + "/revoke", null)
                        .status())
                .isEqualTo(200);
        activeCard(campaign()); // active, but in another campaign

        Api.Response r = send(c, "Doors open");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        JsonNode created = r.data();
        assertThat(created.get("kind").asString()).isEqualTo("immediate");
        assertThat(created.get("status").asString()).isIn("sending", "sent");
        assertThat(created.get("campaignId").asString()).isEqualTo(c);
        assertThat(created.get("scheduledFor").isNull()).isTrue();

        JsonNode done = awaitStatus(c, created.get("id").asString(), "sent");
        assertThat(done.get("targetedCards").asInt()).isEqualTo(2);
        assertThat(done.get("deliveredCards").asInt()).isEqualTo(2);
        assertThat(done.get("failedCards").asInt()).isZero();
        assertThat(done.get("sentAt").isNull()).isFalse();
        assertThat(messagedCards(created.get("id").asString()))
                .containsExactlyInAnyOrder(first, second)
                .doesNotHaveDuplicates();
        String header = jdbc.queryForObject(
                "SELECT header FROM local_wallet_messages WHERE notification_id = ? AND wallet_card_id = ?",
                String.class,
                created.get("id").asString(),
                first);
        assertThat(header).isEqualTo("Doors open");
    }

    @Test
    void aSendToMoreCardsThanOneBatchReachesEachCardOnceAndCountsEveryBatch() {
        String c = campaign(Map.of("providerTypes", List.of("beta")));
        // Two full batches: the second is claimed while the first is delivered, and the empty page
        // after it is found while the second is still in flight.
        int size = 2 * NotificationDelivery.BATCH;
        for (int from = 0; from < size; from += NotificationDelivery.BATCH) {
            List<Map<String, Object>> people = new ArrayList<>();
            for (int i = from; i < Math.min(size, from + NotificationDelivery.BATCH); i++) {
                people.add(Map.of("email", "many" + i + "@example.com"));
            }
            Api.Response added = api.post(
                    "/v1/campaigns/" + c + "/recipients/bulk", Map.of("recipients", people, "sendEmail", false));
            assertThat(added.status()).as(added.body()).isEqualTo(201);
        }
        await().atMost(Duration.ofSeconds(60))
                .until(() ->
                        jdbc.queryForObject("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", Long.class, c)
                                == size);
        // What the wallets' SAVE callbacks would record, in two statements instead of 1,000 callbacks.
        jdbc.update(
                "UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE WHERE wallet_card_id IN"
                        + " (SELECT id FROM wallet_cards WHERE campaign_id = ?)",
                c);
        jdbc.update("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?", c);

        String id = send(c, "Everyone").data().get("id").asString();

        JsonNode done = awaitStatus(c, id, "sent");
        assertThat(done.get("targetedCards").asInt()).isEqualTo(size);
        assertThat(done.get("deliveredCards").asInt()).isEqualTo(size);
        assertThat(done.get("failedCards").asInt()).isZero();
        List<String> messaged = messagedCards(id);
        assertThat(messaged).hasSize(size).doesNotHaveDuplicates();
        assertThat(messaged)
                .containsExactlyInAnyOrderElementsOf(
                        jdbc.queryForList("SELECT id FROM wallet_cards WHERE campaign_id = ?", String.class, c));
        assertThat(jdbc.queryForObject(
                        "SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = ? AND outcome <> 'delivered'",
                        Long.class,
                        id))
                .isZero();
    }

    @Test
    void aClaimThatMeetsAnAlreadyClaimedCardClaimsExactlyTheOthers() {
        String c = campaign();
        Api.Response r = schedule(c, inDays(2)); // pending: no delivery job touches it meanwhile
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        String id = r.data().get("id").asString();
        Instant earlier = Instant.parse("2026-01-01T00:00:00Z");
        jdbc.update(
                "INSERT INTO notification_deliveries (notification_id, wallet_card_id, organization_id, outcome,"
                        + " claimed_at) SELECT id, 'card_b', organization_id, 'claimed', ?"
                        + " FROM notifications WHERE id = ?",
                OffsetDateTime.ofInstant(earlier, ZoneOffset.UTC),
                id);
        List<ActiveCard> page = List.of(
                new ActiveCard("card_a", "rcp_a", List.of()),
                new ActiveCard("card_b", "rcp_b", List.of()),
                new ActiveCard("card_c", "rcp_c", List.of()));

        // The single INSERT meets card_b's row: the per-row path tells which cards are new.
        List<ActiveCard> claimed = new TransactionTemplate(transactions)
                .execute(tx -> queries.claim(queries.lockById(id).orElseThrow(), page, Instant.now(), tx));

        assertThat(claimed).extracting(ActiveCard::walletCardId).containsExactly("card_a", "card_c");
        assertThat(jdbc.queryForList(
                        "SELECT wallet_card_id FROM notification_deliveries WHERE notification_id = ?"
                                + " ORDER BY wallet_card_id",
                        String.class,
                        id))
                .containsExactly("card_a", "card_b", "card_c");
        assertThat(jdbc.queryForObject(
                                "SELECT claimed_at FROM notification_deliveries WHERE notification_id = ?"
                                        + " AND wallet_card_id = 'card_b'",
                                OffsetDateTime.class,
                                id)
                        .toInstant())
                .as("the earlier claim is left as it was")
                .isEqualTo(earlier);
    }

    @Test
    void aSendToACampaignWithoutActiveCardsIsSentToNobody() {
        String c = campaign();
        invitedCard(c);
        String id = send(c, "Hello").data().get("id").asString();
        JsonNode done = awaitStatus(c, id, "sent");
        assertThat(done.get("targetedCards").asInt()).isZero();
        assertThat(messagedCards(id)).isEmpty();
    }

    @Test
    void aScheduledNotificationIsPendingListedReadAndCancelledOnce() {
        String c = campaign();
        String when = inDays(2);
        Api.Response r = schedule(c, when);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        String id = r.data().get("id").asString();
        assertThat(r.data().get("status").asString()).isEqualTo("pending");
        assertThat(r.data().get("kind").asString()).isEqualTo("scheduled");
        assertThat(Instant.parse(r.data().get("scheduledFor").asString())).isEqualTo(Instant.parse(when));

        JsonNode one = api.get("/v1/campaigns/" + c + "/notifications/" + id).data();
        assertThat(one.get("header").asString()).isEqualTo("Tomorrow");
        assertThat(one.get("body").asString()).isEqualTo("See you");

        send(c, "Immediate ones are not in the scheduled list");
        JsonNode list = api.get("/v1/campaigns/" + c + "/notifications/scheduled?status=pending")
                .data();
        assertThat(list.get("notifications").valueStream().map(n -> n.get("id").asString()))
                .containsExactly(id);
        assertThat(list.get("pagination").get("total").asLong()).isEqualTo(1);
        assertThat(list.get("pagination").get("hasMore").asBoolean()).isFalse();

        Api.Response cancelled = api.delete("/v1/campaigns/" + c + "/notifications/" + id);
        assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(200);
        assertThat(cancelled.data().get("id").asString()).isEqualTo(id);
        assertThat(cancelled.data().get("status").asString()).isEqualTo("cancelled");
        assertThat(cancelled.data().get("cancelledAt").isNull()).isFalse();

        Api.Response again = api.delete("/v1/campaigns/" + c + "/notifications/" + id);
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.errorCode()).isEqualTo("INVALID_STATE");
        assertThat(api.get("/v1/campaigns/" + c + "/notifications/scheduled?status=pending")
                        .data()
                        .get("notifications")
                        .size())
                .isZero();
        assertThat(api.get("/v1/campaigns/" + c + "/notifications/scheduled?status=cancelled")
                        .data()
                        .get("notifications")
                        .size())
                .isEqualTo(1);
        assertThat(jdbc.queryForObject(
                        "SELECT COUNT(*) FROM scheduled_tasks WHERE task_name = 'notification-delivery' AND task_instance = ?",
                        Integer.class,
                        id))
                .as("the waiting execution is removed")
                .isZero();
    }

    @Test
    void anImmediateNotificationCannotBeCancelled() {
        String c = campaign();
        String id = send(c, "Now").data().get("id").asString();
        Api.Response r = api.delete("/v1/campaigns/" + c + "/notifications/" + id);
        assertThat(r.status()).isEqualTo(409);
        assertThat(r.errorCode()).isEqualTo("INVALID_STATE");
    }

    @Test
    void tenParallelSendsOnAFreshCampaignGiveExactlyThreeNotifications() throws Exception {
        String c = campaign();
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Api.Response>> results = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                String header = "h" + i;
                results.add(pool.submit(() -> {
                    start.await();
                    return send(c, header);
                }));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Api.Response> f : results) {
                Api.Response r = f.get();
                statuses.add(r.status());
                if (r.status() == 429) {
                    assertThat(r.errorCode()).isEqualTo("NOTIFICATION_LIMIT_EXCEEDED");
                }
            }
            assertThat(statuses).filteredOn(s -> s == 201).hasSize(3);
            assertThat(statuses).filteredOn(s -> s == 429).hasSize(7);
        } finally {
            pool.shutdownNow();
        }
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM notifications WHERE campaign_id = ?", Integer.class, c))
                .isEqualTo(3);
    }

    @Test
    void theLimitCountsBothKindsAndACancelledNotificationFreesItsSlot() {
        String c = campaign();
        assertThat(send(c, "one").status()).isEqualTo(201);
        String second = schedule(c, inDays(1)).data().get("id").asString();
        assertThat(schedule(c, inDays(3)).status()).isEqualTo(201);

        Api.Response fourth = send(c, "four");
        assertThat(fourth.status()).isEqualTo(429);
        assertThat(fourth.errorCode()).isEqualTo("NOTIFICATION_LIMIT_EXCEEDED");
        assertThat(schedule(c, inDays(4)).errorCode()).isEqualTo("NOTIFICATION_LIMIT_EXCEEDED");

        assertThat(api.delete("/v1/campaigns/" + c + "/notifications/" + second).status())
                .isEqualTo(200);
        assertThat(send(c, "four").status()).isEqualTo(201);
        assertThat(send(c, "five").status()).isEqualTo(429);
    }

    @Test
    void invalidInputIsRefusedBeforeTheLimitIsCounted() {
        String c = campaign();
        String base = "/v1/campaigns/" + c + "/notifications";
        assertThat(fields(api.post(base, Map.of("body", "b")))).containsExactly("header");
        assertThat(fields(api.post(base, Map.of("header", " ", "body", "b")))).containsExactly("header");
        assertThat(fields(api.post(base, Map.of("header", "h".repeat(101), "body", "b".repeat(501)))))
                .containsExactly("header", "body");
        assertThat(fields(api.post(base, Map.of("header", "h", "body", "b", "scheduledFor", inDays(1)))))
                .containsExactly("scheduledFor");
        assertThat(fields(api.post(base + "/schedule", Map.of("header", "h", "body", "b"))))
                .containsExactly("scheduledFor");
        for (Object bad : List.of(
                "2001-01-01T00:00:00Z",
                inDays(31),
                "tomorrow",
                OffsetDateTime.now().plusDays(1).toLocalDateTime().toString())) {
            Api.Response r = schedule(c, bad);
            assertThat(r.status()).as(bad + ": " + r.body()).isEqualTo(400);
            assertThat(r.errorCode()).isEqualTo("VALIDATION_FAILED");
            assertThat(fields(r)).containsExactly("scheduledFor");
        }
        assertThat(schedule(c, 1234567890).errorCode()).isEqualTo("INVALID_JSON");
        assertThat(fields(api.get(base + "/scheduled?status=done"))).containsExactly("status");
        assertThat(fields(api.get(base + "/scheduled?limit=0"))).containsExactly("limit");

        assertThat(api.post(base, Map.of("header", "h".repeat(100), "body", "b".repeat(500)))
                        .status())
                .isEqualTo(201);
        assertThat(schedule(
                                c,
                                OffsetDateTime.now(ZoneOffset.ofHours(-5))
                                        .plusHours(1)
                                        .toString())
                        .status())
                .isEqualTo(201);
    }

    @Test
    void aScheduledNotificationIsSentAfterItsTime() {
        String c = campaign();
        String card = activeCard(c)[1];
        OffsetDateTime due = OffsetDateTime.now(ZoneOffset.ofHours(2)).plusSeconds(2);
        Api.Response r = schedule(c, due.toString());
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        String id = r.data().get("id").asString();
        assertThat(r.data().get("status").asString()).isEqualTo("pending");

        JsonNode done = awaitStatus(c, id, "sent");
        assertThat(Instant.parse(done.get("sentAt").asString())).isAfterOrEqualTo(due.toInstant());
        assertThat(done.get("deliveredCards").asInt()).isEqualTo(1);
        assertThat(messagedCards(id)).containsExactly(card);
        Api.Response lateCancel = api.delete("/v1/campaigns/" + c + "/notifications/" + id);
        assertThat(lateCancel.errorCode()).isEqualTo("INVALID_STATE");
    }

    @Test
    void aCancelRacingTheSendEndsInExactlyOneOfThem() {
        List<String> campaigns = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String c = campaign();
            activeCard(c);
            campaigns.add(c);
        }
        // Due only once every campaign is ready, however long that took on a busy machine.
        OffsetDateTime due = OffsetDateTime.now(ZoneOffset.UTC).plusSeconds(2);
        List<String[]> races = new ArrayList<>(); // campaign, notification
        for (String c : campaigns) {
            races.add(new String[] {
                c, schedule(c, due.toString()).data().get("id").asString()
            });
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> !Instant.now().isBefore(due.toInstant()));
        for (String[] race : races) {
            Api.Response cancel = api.delete("/v1/campaigns/" + race[0] + "/notifications/" + race[1]);
            assertThat(cancel.status()).as(cancel.body()).isIn(200, 409);
            String expected = cancel.status() == 200 ? "cancelled" : "sent";
            JsonNode end = awaitStatus(race[0], race[1], expected);
            assertThat(messagedCards(race[1])).hasSize(expected.equals("sent") ? 1 : 0);
            assertThat(end.get("cancelledAt").isNull()).isEqualTo(expected.equals("sent"));
        }
    }

    @Test
    void archivedAndCompletedCampaignsSendNothingNewButKeepWhatIsScheduled() {
        String archived = campaign();
        String card = activeCard(archived)[1];
        String id = schedule(archived, OffsetDateTime.now().plusSeconds(2).toString())
                .data()
                .get("id")
                .asString();
        assertThat(api.post("/v1/campaigns/" + archived + "/archive", null).status())
                .isEqualTo(200);
        Api.Response refused = send(archived, "late");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.errorCode()).isEqualTo("INVALID_STATE");
        assertThat(schedule(archived, inDays(1)).errorCode()).isEqualTo("INVALID_STATE");
        assertThat(api.get("/v1/campaigns/" + archived + "/notifications/scheduled")
                        .status())
                .isEqualTo(200);
        awaitStatus(archived, id, "sent");
        assertThat(messagedCards(id)).containsExactly(card);

        String ended = campaign(Map.of(
                "startDate", LocalDate.now(ZoneOffset.UTC).minusDays(3).toString(),
                "endDate", LocalDate.now(ZoneOffset.UTC).minusDays(2).toString()));
        invitedCard(ended); // the first invite makes it active, and auto-completion then completes it
        await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> api.get("/v1/campaigns/" + ended)
                                .data()
                                .get("status")
                                .asString(),
                        "completed"::equals);
        assertThat(send(ended, "after the event").errorCode()).isEqualTo("INVALID_STATE");
    }

    @Test
    void aPendingNotificationOfADeletedCampaignIsCancelledWhenDue() {
        String c = campaign();
        activeCard(c);
        String id = schedule(c, OffsetDateTime.now().plusSeconds(2).toString())
                .data()
                .get("id")
                .asString();
        assertThat(api.delete("/v1/campaigns/" + c).status()).isEqualTo(200);
        assertThat(api.get("/v1/campaigns/" + c + "/notifications/" + id).status())
                .isEqualTo(404);
        assertThat(send(c, "gone").status()).isEqualTo(404);
        await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> jdbc.queryForObject("SELECT status FROM notifications WHERE id = ?", String.class, id),
                        "cancelled"::equals);
        assertThat(messagedCards(id)).isEmpty();
    }

    @Test
    void anotherOrganizationGets404ForEveryNotificationEndpoint() {
        String c = campaign();
        String id = schedule(c, inDays(1)).data().get("id").asString();
        Api other = api.withKey(Tenants.create(access).key());
        String base = "/v1/campaigns/" + c + "/notifications";
        assertThat(other.post(base, Map.of("header", "h", "body", "b")).errorCode())
                .isEqualTo("NOT_FOUND");
        assertThat(other.post(base + "/schedule", Map.of("header", "h", "body", "b", "scheduledFor", inDays(1)))
                        .status())
                .isEqualTo(404);
        assertThat(other.get(base + "/scheduled").status()).isEqualTo(404);
        assertThat(other.get(base + "/" + id).status()).isEqualTo(404);
        assertThat(other.delete(base + "/" + id).status()).isEqualTo(404);

        String otherCampaign = campaign();
        assertThat(api.get("/v1/campaigns/" + otherCampaign + "/notifications/" + id)
                        .status())
                .as("a notification is only found under its own campaign")
                .isEqualTo(404);
        assertThat(api.get(base + "/ntf_unknown").errorCode()).isEqualTo("NOT_FOUND");
        assertThat(api.get(base + "/" + id).data().get("status").asString()).isEqualTo("pending");
    }
}
