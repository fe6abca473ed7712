package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.event.AbstractSchedulerListener;
import com.github.kagkarlsson.scheduler.task.Execution;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.Instance;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.RecordingProviders.EventLog;
import com.walletcards.support.RecordingProviders.Push;
import com.walletcards.support.RecordingProviders.Recorder;
import com.walletcards.support.SchedulerPicks;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An instance whose heartbeats never come in time (its heartbeat executor starved, as on an
 * overloaded machine or in a long pause) while its executions are in fact still working: the
 * other instance takes them for dead after 2 s and runs them again, at the same time. Every job
 * still changes the data once: one card per recipient, one provider object per card and provider,
 * each card pushed once and on the newest content, one {@code card.updated} per card, each card
 * notified at most once with true counters.
 *
 * <p>The starved instance's provider answers take 4 s, so each of its executions outlives the
 * watcher's dead threshold. Slow: it starts two complete applications.
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class HeartbeatStarvationTest {

    private static final int CARDS = 400;
    private static final Duration SLOW_PROVIDER = Duration.ofSeconds(4);

    private String url;
    private Instance starved;
    private Instance watcher;
    private SchedulerPicks picks;

    @AfterEach
    void stop() {
        if (picks != null) {
            picks.close();
        }
        Stream.of(watcher, starved).filter(Objects::nonNull).forEach(Instance::close);
    }

    @Test
    void executionsTakenForDeadWhileStillWorkingChangeTheDataOnce() throws SQLException {
        url = TestDatabase.freshDatabase();
        Map<String, Object> shared = Map.of(
                "db-scheduler.threads", 2,
                "wallet.propagation.batch-size", 50,
                "wallet.propagation.check-interval", "PT0.2S");
        Map<String, Object> starvedSettings = new HashMap<>(shared);
        // Its heartbeats are never written after the pick; it never finds anything dead itself.
        starvedSettings.put("db-scheduler.heartbeat-interval", "PT1H");
        starvedSettings.put("db-scheduler.scheduler-name", "starved");
        Map<String, Object> watcherSettings = new HashMap<>(shared);
        // Dead after 4 x 0.5 s = 2 s without a heartbeat.
        watcherSettings.put("db-scheduler.heartbeat-interval", "PT0.5S");
        watcherSettings.put("db-scheduler.missed-heartbeats-limit", 4);
        watcherSettings.put("db-scheduler.scheduler-name", "watcher");
        starved = Instance.start("starved", url, starvedSettings);
        watcher = Instance.start("watcher", url, watcherSettings);
        Recorder slow = starved.bean(Recorder.class);
        slow.createLatency(SLOW_PROVIDER);
        slow.latency(SLOW_PROVIDER);
        picks = SchedulerPicks.watch(url, TestDatabase.user());
        Map<String, AtomicInteger> revived = new ConcurrentHashMap<>();
        watcher.bean(Scheduler.class).registerSchedulerListener(new AbstractSchedulerListener() {
            @Override
            public void onExecutionDead(Execution execution) {
                revived.computeIfAbsent(execution.taskInstance.getTaskName(), t -> new AtomicInteger())
                        .incrementAndGet();
            }
        });

        Tenants.Tenant tenant = Tenants.create(starved.bean(AccessManagement.class));
        Api api = new Api(starved.port(), tenant.key());
        Api.Response created = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Starved",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of(),
                        "providerTypes",
                        List.of("alpha", "beta")));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String campaign = created.data().get("id").asString();

        // Card generation and the providers' objects.
        onTheStarvedInstance("provider-calls", () -> {
            for (int bulk = 0; bulk < 4; bulk++) {
                int from = bulk * (CARDS / 4);
                List<Map<String, Object>> items = IntStream.range(from, from + CARDS / 4)
                        .mapToObj(i -> Map.<String, Object>of("email", "s" + i + "@example.com"))
                        .toList();
                Api.Response added = api.post(
                        "/v1/campaigns/" + campaign + "/recipients/bulk",
                        Map.of("recipients", items, "sendEmail", false));
                assertThat(added.status()).as(added.body()).isEqualTo(201);
            }
        });
        await().atMost(Duration.ofSeconds(120))
                .until(() -> count(
                                "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                        + " WHERE c.campaign_id = ? AND o.created_at_provider = TRUE",
                                campaign)
                        == 2L * CARDS);
        assertThat(count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign))
                .as("one card per recipient")
                .isEqualTo(CARDS);
        assertThat(count(
                        "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                + " WHERE c.campaign_id = ?",
                        campaign))
                .as("one object per card and provider at the providers")
                .isEqualTo(2L * CARDS);
        assertThat(events("card.created", campaign)).hasSize(CARDS).doesNotHaveDuplicates();

        // Propagation to every card, once the starved instance's own provider calls are over (their
        // second record of the objects changes nothing) and the runs that creating them started.
        await().atMost(Duration.ofSeconds(120))
                .until(() ->
                        starved.bean(Scheduler.class).getCurrentlyExecuting().isEmpty());
        await().atMost(Duration.ofSeconds(120))
                .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);
        execute(
                "UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE WHERE provider = 'beta'"
                        + " AND wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id = ?)",
                campaign);
        execute("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?", campaign);
        onTheStarvedInstance(
                "card-propagation-batch",
                () -> assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Starved, renamed"))
                                .status())
                        .isEqualTo(200));
        await().atMost(Duration.ofSeconds(120))
                .until(() -> count(
                                "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                        + " WHERE c.campaign_id = ? AND o.provider = 'beta' AND o.content_version = 3",
                                campaign)
                        == CARDS);
        await().atMost(Duration.ofSeconds(60))
                .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);
        List<Push> pushes = Stream.of(starved, watcher)
                .flatMap(i -> i.bean(Recorder.class).pushes().stream())
                .toList();
        Map<String, Long> pushesPerCard =
                pushes.stream().collect(Collectors.groupingBy(Push::walletCardId, Collectors.counting()));
        assertThat(pushesPerCard).hasSize(CARDS);
        assertThat(pushesPerCard.values()).as("each card pushed once").containsOnly(1L);
        assertThat(count(
                        "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                + " WHERE c.campaign_id = ? AND o.provider = 'beta' AND o.content_version = 3",
                        campaign))
                .isEqualTo(CARDS);
        assertThat(events("card.updated", campaign)).hasSize(CARDS).doesNotHaveDuplicates();

        // A notification to every active card.
        List<Api.Response> sending = new ArrayList<>();
        onTheStarvedInstance(
                "notification-delivery",
                () -> sending.add(api.post(
                        "/v1/campaigns/" + campaign + "/notifications",
                        Map.of("header", "Doors", "body", "Doors open"))));
        Api.Response sent = sending.get(0);
        assertThat(sent.status()).as(sent.body()).isEqualTo(201);
        String notification = sent.data().get("id").asString();
        await().atMost(Duration.ofSeconds(120))
                .until(() -> count(
                                "SELECT COUNT(*) FROM notifications WHERE id = ? AND status IN ('sent', 'failed')",
                                notification)
                        == 1);
        long messages = count("SELECT COUNT(*) FROM local_wallet_messages WHERE notification_id = ?", notification);
        assertThat(count(
                        "SELECT COUNT(DISTINCT wallet_card_id) FROM local_wallet_messages WHERE notification_id = ?",
                        notification))
                .as("at most one message per card")
                .isEqualTo(messages);
        long delivered = count(
                "SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = ? AND outcome = 'delivered'",
                notification);
        assertThat(count("SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = ?", notification))
                .isEqualTo(CARDS);
        assertThat(count(
                        "SELECT COUNT(*) FROM notifications WHERE id = ? AND targeted_cards = " + CARDS
                                + " AND delivered_cards = " + delivered + " AND failed_cards = " + (CARDS - delivered),
                        notification))
                .as("the counters tell the truth")
                .isEqualTo(1);
        assertThat(delivered)
                .as("the run taken for dead left the cards it was delivering to it, not failed them")
                .isEqualTo(messages);

        System.out.printf(
                "Heartbeat starvation: executions revived while still running %s; %d pushes for %d cards (starved"
                        + " %d); notification %d of %d delivered%n",
                revived,
                pushes.size(),
                CARDS,
                starved.bean(Recorder.class).pushes().size(),
                delivered,
                CARDS);
        assertThat(revived.keySet())
                .as("the watcher took executions of the starved instance for dead and ran them again")
                .contains("provider-calls", "card-propagation-batch", "notification-delivery");
    }

    /**
     * Does {@code action} while the watcher takes no work, until the starved instance has picked an
     * execution of {@code task}: the watcher then finds it without heartbeat and runs it again
     * while the starved instance is still at it. The watcher's dead detection goes on meanwhile.
     */
    private void onTheStarvedInstance(String task, Runnable action) {
        Scheduler scheduler = watcher.bean(Scheduler.class);
        scheduler.pause();
        try {
            action.run();
            await().atMost(Duration.ofSeconds(60)).until(() -> picks.pickedBy(task, "starved") > 0);
        } finally {
            scheduler.resume();
        }
    }

    private List<Object> events(String type, String campaign) {
        return Stream.of(starved, watcher)
                .flatMap(i -> i.bean(EventLog.class).ofType(type).stream())
                .filter(e -> campaign.equals(e.data().get("campaignId")))
                .map(e -> e.data().get("walletCardId"))
                .map(Function.identity())
                .toList();
    }

    private long count(String sql, String param) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.user(), "");
                PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, param);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private void execute(String sql, String param) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.user(), "");
                PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, param);
            s.executeUpdate();
        }
    }
}
