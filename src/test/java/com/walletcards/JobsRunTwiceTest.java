package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.CsvImports;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.JobRuns;
import com.walletcards.support.RecordingProviders;
import com.walletcards.support.RecordingProviders.EventLog;
import com.walletcards.support.RecordingProviders.Push;
import com.walletcards.support.RecordingProviders.Recorder;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.Tenants;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ContextConfiguration;

/**
 * Each durable job, run three times: twice at once by hand, as a duplicate taken for dead runs
 * beside the original, and once more by the job engine afterwards. The data changes once: one
 * card and one invitation per recipient, one object per card and provider, one push and one
 * {@code card.updated} per card, one lock-screen message per card with true counters, each
 * imported row added once. docs/background-work.md, "Runs twice, changes once".
 */
@DatabaseTest
@ContextConfiguration(initializers = JobsRunTwiceTest.OwnDatabase.class)
@Import(RecordingProviders.class)
class JobsRunTwiceTest {

    /** The job engine is paused by these tests: no other context's jobs may wait for it. */
    static final class OwnDatabase extends SeparateDatabase {}

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ApplicationContext context;

    @Autowired
    Recorder recorder;

    @Autowired
    EventLog events;

    Api api;
    Flows flows;
    String key;
    JobRuns jobs;

    @BeforeEach
    void tenant() {
        key = Tenants.create(access).key();
        api = new Api(port, key);
        flows = new Flows(api);
        jobs = new JobRuns(context);
    }

    @AfterEach
    void resume() {
        jobs.resume();
    }

    @Test
    void bulkCardGenerationAndItsProviderCallsRunTwiceCreateEachCardObjectAndInvitationOnce() {
        String campaign = flows.campaign(Map.of("providerTypes", List.of("alpha", "beta")));
        List<String> emails =
                IntStream.range(0, 12).mapToObj(i -> Flows.email()).toList();
        jobs.pause();
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients/bulk",
                Map.of(
                        "recipients",
                        emails.stream()
                                .map(e -> Map.<String, Object>of("email", e))
                                .toList(),
                        "sendEmail",
                        true));
        assertThat(added.status()).as(added.body()).isEqualTo(201);

        assertThat(jobs.executions("card-generation")).hasSize(1);
        String batch = jobs.executions("card-generation").get(0);
        jobs.runAllAtOnce("card-generation", 2);
        List<String> calls = jobs.executions("provider-calls");
        assertThat(calls).isNotEmpty();
        jobs.runAllAtOnce("provider-calls", 2);
        jobs.resume();
        awaitNoExecutions("card-generation", "provider-calls");
        // And once more each, after the engine's own run.
        jobs.run("card-generation", batch);
        calls.forEach(c -> jobs.run("provider-calls", c));

        assertThat(count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign))
                .as("one card per recipient")
                .isEqualTo(12);
        assertThat(count("SELECT COUNT(*) FROM recipients WHERE campaign_id = ? AND wallet_card_id IS NULL", campaign))
                .isZero();
        assertThat(count(
                        "SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                + " WHERE c.campaign_id = ?",
                        campaign))
                .as("one object per card and provider at the providers")
                .isEqualTo(24);
        assertThat(cardsIn("card.created", campaign)).hasSize(12).doesNotHaveDuplicates();
        // Invitations are sent after the chunk that issued the card committed, by the run that issued
        // it: at most once per recipient (a crash between the two loses the email, never doubles it).
        emails.forEach(e -> assertThat(mailsTo(e)).as(e).isEqualTo(1));
    }

    @Test
    void singleAddCardRunsTwiceIssueEachCardOnce() {
        String campaign = flows.campaign();
        jobs.pause();
        for (int i = 0; i < 5; i++) {
            Api.Response added = api.post("/v1/campaigns/" + campaign + "/recipients", Map.of("email", Flows.email()));
            assertThat(added.status()).as(added.body()).isEqualTo(201);
        }
        assertThat(jobs.executions("single-card-generation")).hasSize(1);
        String run = jobs.executions("single-card-generation").get(0);
        jobs.runAllAtOnce("single-card-generation", 2);
        jobs.resume();
        awaitNoExecutions("single-card-generation");
        jobs.run("single-card-generation", run);

        assertThat(count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign))
                .isEqualTo(5);
        assertThat(cardsIn("card.created", campaign)).hasSize(5).doesNotHaveDuplicates();
    }

    @Test
    void propagationRunsAndBatchesRunTwicePushEachCardOnce() {
        String campaign = flows.campaign(Map.of("providerTypes", List.of("beta")));
        List<String> cards = readyCards(campaign, 9);
        jdbc.update(
                "UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE WHERE wallet_card_id IN"
                        + " (SELECT id FROM wallet_cards WHERE campaign_id = ?)",
                campaign);
        jdbc.update("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?", campaign);
        recorder.clear();
        jobs.pause();
        assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Renamed"))
                        .status())
                .isEqualTo(200);
        assertThat(jobs.executions("card-propagation")).hasSize(1);
        // Both fan out; the second finds the batches scheduled by the first and fails, to be retried.
        jobs.runAllAtOnce("card-propagation", 2);
        List<String> batches = jobs.executions("card-propagation-batch");
        assertThat(batches).isNotEmpty();
        jobs.runAllAtOnce("card-propagation-batch", 2);
        jobs.resume();
        await().atMost(PATIENCE)
                .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);
        awaitNoExecutions("card-propagation", "card-propagation-batch");
        batches.forEach(b -> jobs.run("card-propagation-batch", b));

        Map<String, Long> pushes = recorder.pushes().stream()
                .filter(p -> cards.contains(p.walletCardId()))
                .collect(Collectors.groupingBy(Push::walletCardId, Collectors.counting()));
        assertThat(pushes).hasSize(cards.size());
        assertThat(pushes.values()).as("each card pushed once").containsOnly(1L);
        assertThat(cardsIn("card.updated", campaign)).hasSize(cards.size()).doesNotHaveDuplicates();
        assertThat(count(
                        "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                + " WHERE c.campaign_id = ? AND o.content_version = 3 AND o.pushing_version IS NULL",
                        campaign))
                .isEqualTo(cards.size());
    }

    @Test
    void aNotificationDeliveryRunTwiceMessagesEachCardOnceAndCountsTrue() {
        String campaign = flows.campaign(Map.of("providerTypes", List.of("beta")));
        List<String> cards = readyCards(campaign, 7);
        jdbc.update(
                "UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE WHERE wallet_card_id IN"
                        + " (SELECT id FROM wallet_cards WHERE campaign_id = ?)",
                campaign);
        jdbc.update("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?", campaign);
        jobs.pause();
        Api.Response sent = api.post(
                "/v1/campaigns/" + campaign + "/notifications", Map.of("header", "Doors", "body", "Doors open"));
        assertThat(sent.status()).as(sent.body()).isEqualTo(201);
        String notification = sent.data().get("id").asString();
        jobs.runAllAtOnce("notification-delivery", 2);
        jobs.resume();
        awaitNoExecutions("notification-delivery");
        jobs.run("notification-delivery", notification);

        long messages = count("SELECT COUNT(*) FROM local_wallet_messages WHERE notification_id = ?", notification);
        assertThat(messages).as("one message per card").isEqualTo(cards.size());
        assertThat(count(
                        "SELECT COUNT(DISTINCT wallet_card_id) FROM local_wallet_messages WHERE notification_id = ?",
                        notification))
                .isEqualTo(cards.size());
        Api.Response shown = api.get("/v1/campaigns/" + campaign + "/notifications/" + notification);
        assertThat(shown.data().get("status").asString()).isEqualTo("sent");
        assertThat(shown.data().get("targetedCards").asInt()).isEqualTo(cards.size());
        assertThat(shown.data().get("deliveredCards").asInt()).isEqualTo(cards.size());
        assertThat(shown.data().get("failedCards").asInt()).isZero();
    }

    @Test
    void aCsvImportRunTwiceAddsEachRowOnce() {
        String campaign = flows.campaign();
        jobs.pause();
        CsvImports imports = new CsvImports(port, key);
        String importId = imports.accepted(
                campaign,
                "?sendEmail=false",
                new String(CsvImports.generated("twice-", 40), java.nio.charset.StandardCharsets.UTF_8));
        assertThat(jobs.executions("recipient-import")).containsExactly(importId);
        jobs.runAtOnce("recipient-import", importId, 2);
        jobs.resume();
        awaitNoExecutions("recipient-import");
        jobs.run("recipient-import", importId);

        assertThat(count("SELECT COUNT(*) FROM recipients WHERE campaign_id = ?", campaign))
                .isEqualTo(40);
        assertThat(count("SELECT created FROM recipient_imports WHERE id = ?", importId))
                .isEqualTo(40);
        assertThat(count("SELECT failed FROM recipient_imports WHERE id = ?", importId))
                .as("no row came twice")
                .isZero();
    }

    /** {@code n} recipients whose cards exist and whose objects exist at their providers. */
    private List<String> readyCards(String campaign, int n) {
        List<Map<String, Object>> items = IntStream.range(0, n)
                .mapToObj(i -> Map.<String, Object>of("email", Flows.email()))
                .toList();
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients/bulk", Map.of("recipients", items, "sendEmail", false));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        await().atMost(PATIENCE)
                .until(() -> count(
                                "SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                                        + " WHERE c.campaign_id = ? AND o.created_at_provider = TRUE",
                                campaign)
                        == n);
        await().atMost(PATIENCE)
                .until(() -> count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0);
        return jdbc.queryForList("SELECT id FROM wallet_cards WHERE campaign_id = ?", String.class, campaign);
    }

    private void awaitNoExecutions(String... tasks) {
        await().atMost(PATIENCE)
                .until(() -> Stream.of(tasks).allMatch(t -> jobs.executions(t).isEmpty()));
    }

    private List<Object> cardsIn(String type, String campaign) {
        return events.ofType(type).stream()
                .filter(e -> campaign.equals(e.data().get("campaignId")))
                .map(e -> e.data().get("walletCardId"))
                .toList();
    }

    private long count(String sql, String param) {
        Long n = jdbc.queryForObject(sql, Long.class, param);
        return n == null ? 0 : n;
    }

    private static long mailsTo(String email) {
        Path outbox = Path.of("target/test-data/outbox");
        if (!Files.isDirectory(outbox)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(outbox)) {
            return files.filter(p -> {
                        try {
                            return Files.readString(p).contains(email);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
