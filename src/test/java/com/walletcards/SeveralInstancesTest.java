package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.support.Api;
import com.walletcards.support.Instance;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.RecordingProviders.EventLog;
import com.walletcards.support.RecordingProviders.Push;
import com.walletcards.support.RecordingProviders.Recorder;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two instances of the service on one database, as in a deployment with several nodes: they
 * share card generation, propagation and auto-completion, and every piece of work has its effect
 * exactly once. Slow: it starts two complete applications.
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class SeveralInstancesTest {

    private static final int BULKS = 6;
    private static final int PER_BULK = 300;
    private static final int CARDS = BULKS * PER_BULK;

    static String url;
    static Instance a;
    static Instance b;

    @BeforeAll
    static void start() {
        url = TestDatabase.freshDatabase();
        Map<String, Object> settings = Map.of(
                "db-scheduler.threads", 2,
                "wallet.campaigns.completion-interval", "PT1S",
                "wallet.propagation.batch-size", 25,
                "wallet.propagation.debounce", "PT0.2S",
                "wallet.propagation.check-interval", "PT0.2S",
                "wallet.test.provider-latency", "PT0.02S");
        a = Instance.start("a", url, settings);
        b = Instance.start("b", url, settings);
    }

    @AfterAll
    static void stop() {
        Stream.of(a, b).filter(Objects::nonNull).forEach(Instance::close);
    }

    @Test
    void twoInstancesShareTheWorkAndDoEachPieceOnce() throws SQLException {
        Tenants.Tenant tenant = Tenants.create(a.bean(AccessManagement.class));
        Api apiA = new Api(a.port(), tenant.key());
        Api apiB = new Api(b.port(), tenant.key());
        String campaign = created(apiA.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Shared",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of(),
                        "providerTypes",
                        List.of("alpha", "beta"))));

        // Card generation: each add schedules one job; the adds go to both instances.
        for (int bulk = 0; bulk < BULKS; bulk++) {
            int first = bulk * PER_BULK;
            List<Map<String, Object>> items = IntStream.range(first, first + PER_BULK)
                    .mapToObj(i -> Map.<String, Object>of("email", "p" + i + "@example.com"))
                    .toList();
            Api api = bulk % 2 == 0 ? apiA : apiB;
            Api.Response r = api.post(
                    "/v1/campaigns/" + campaign + "/recipients/bulk", Map.of("recipients", items, "sendEmail", false));
            assertThat(r.status()).as(r.body()).isEqualTo(201);
        }
        await().atMost(Duration.ofSeconds(90))
                .until(() -> count(
                                "SELECT COUNT(*) FROM recipients WHERE campaign_id = ? AND wallet_card_id IS NOT NULL",
                                campaign)
                        == CARDS);
        assertThat(count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign))
                .isEqualTo(CARDS);
        // The providers create their objects in background work after the cards committed.
        await().atMost(Duration.ofSeconds(60))
                .until(() -> count(
                                "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                        + " WHERE c.campaign_id = ? AND o.created_at_provider = FALSE",
                                campaign)
                        == 0);
        assertThat(count(
                        "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                + " WHERE c.campaign_id = ?",
                        campaign))
                .as("provider objects created once per card and provider")
                .isEqualTo(2L * CARDS);
        List<ExternalEvent> createdA = of(a, "card.created", campaign);
        List<ExternalEvent> createdB = of(b, "card.created", campaign);
        assertThat(distinctCards(createdA, createdB)).hasSize(CARDS);
        assertThat(createdA.size() + createdB.size()).isEqualTo(CARDS);
        assertThat(createdA).as("instance a generated cards").isNotEmpty();
        assertThat(createdB).as("instance b generated cards").isNotEmpty();

        // Propagation: every card installed (set up directly, as a provider callback would), one change.
        execute(
                "UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE WHERE provider = 'beta'"
                        + " AND wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id = ?)",
                campaign);
        execute("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?", campaign);
        assertThat(apiB.patch("/v1/campaigns/" + campaign, Map.of("name", "Shared, renamed"))
                        .status())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(90))
                .until(() -> count(
                                "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                        + " WHERE c.campaign_id = ? AND o.provider = 'beta' AND o.content_version = 3",
                                campaign)
                        == CARDS);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);
        List<Push> pushesA = a.bean(Recorder.class).pushes();
        List<Push> pushesB = b.bean(Recorder.class).pushes();
        System.out.printf(
                "Two instances: cards generated a=%d b=%d; pushes a=%d b=%d%n",
                createdA.size(), createdB.size(), pushesA.size(), pushesB.size());
        assertThat(pushesA.size() + pushesB.size()).as("each card pushed once").isEqualTo(CARDS);
        assertThat(pushesA).as("instance a pushed").isNotEmpty();
        assertThat(pushesB).as("instance b pushed").isNotEmpty();
        List<ExternalEvent> updatedA = of(a, "card.updated", campaign);
        List<ExternalEvent> updatedB = of(b, "card.updated", campaign);
        assertThat(updatedA.size() + updatedB.size()).isEqualTo(CARDS);
        assertThat(distinctCards(updatedA, updatedB)).hasSize(CARDS);

        // Auto-completion: one recurring job for the cluster, each campaign completed once.
        LocalDate yesterday = LocalDate.now().minusDays(2);
        List<String> ended = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String id = created(apiA.post(
                    "/v1/campaigns",
                    Map.of(
                            "name",
                            "Ended " + i,
                            "campaignType",
                            "event",
                            "campaignData",
                            Map.of(),
                            "startDate",
                            yesterday.toString())));
            assertThat((i % 2 == 0 ? apiA : apiB)
                            .patch("/v1/campaigns/" + id, Map.of("status", "active"))
                            .status())
                    .isEqualTo(200);
            ended.add(id);
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> ended.stream()
                        .allMatch(id -> apiA.get("/v1/campaigns/" + id)
                                .data()
                                .get("status")
                                .asString()
                                .equals("completed")));
        List<String> completions = Stream.of(a, b)
                .flatMap(i -> i.bean(EventLog.class).ofType("campaign.status_changed").stream())
                .filter(e -> "completed".equals(e.data().get("to")))
                .map(e -> (String) e.data().get("campaignId"))
                .filter(ended::contains)
                .toList();
        assertThat(completions).containsExactlyInAnyOrderElementsOf(ended);
        assertThat(count("SELECT COUNT(*) FROM scheduled_tasks WHERE task_name = ?", "campaign-auto-completion"))
                .isEqualTo(1);
    }

    private static String created(Api.Response r) {
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private static List<ExternalEvent> of(Instance instance, String type, String campaign) {
        return instance.bean(EventLog.class).ofType(type).stream()
                .filter(e -> campaign.equals(e.data().get("campaignId")))
                .toList();
    }

    private static Set<Object> distinctCards(List<ExternalEvent> first, List<ExternalEvent> second) {
        Set<Object> ids = new HashSet<>();
        Stream.concat(first.stream(), second.stream())
                .forEach(e -> ids.add(e.data().get("walletCardId")));
        return ids;
    }

    private static long count(String sql, String param) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.user(), "");
                PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, param);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static void execute(String sql, String param) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.user(), "");
                PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, param);
            s.executeUpdate();
        }
    }
}
