package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.card.CardEvents.CardUpdated;
import com.walletcards.card.PropagationQueries.Pushed;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.OrganizationId;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.RecordingProviders;
import com.walletcards.support.RecordingProviders.EventLog;
import com.walletcards.support.RecordingProviders.Push;
import com.walletcards.support.RecordingProviders.Recorder;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Live updates end to end: changes over HTTP, cards installed through the card facade (as a
 * provider callback would), and what the local providers' wallets hold afterwards.
 */
@DatabaseTest
@ContextConfiguration(initializers = OwnTestDatabase.class)
@Import(RecordingProviders.class)
@TestPropertySource(
        properties = {
            "wallet.propagation.batch-size=4",
            "wallet.propagation.debounce=PT0S",
            "wallet.propagation.check-interval=PT0.2S",
            "wallet.propagation.retry-delay=PT0.2S",
            "wallet.propagation.max-attempts=4",
            "spring.datasource.hikari.maximum-pool-size=10"
        })
@DirtiesContext // a context of its own on a database of its own: free both when done
class LiveUpdatesTest {

    /** Campaign and recipient both start at content version 1. */
    private static final long INITIAL = 2;

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    ProviderEventsIntake providerEvents;

    @Autowired
    ContentPushes propagation;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Recorder recorder;

    @Autowired
    PropagationQueries queries;

    @Autowired
    PlatformTransactionManager transactions;

    @Autowired
    EventLog eventLog;

    Api api;
    OrganizationId org;

    @BeforeEach
    void tenant() {
        Tenants.Tenant tenant = Tenants.create(access);
        api = new Api(port, tenant.key());
        org = tenant.organizationId();
    }

    @Test
    void campaignChangeReachesExactlyTheActiveCards() {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 7);
        Map<String, String> card = cardsOf(campaign, recipients);
        List<String> active = List.of(card.get(recipients.get(0)), card.get(recipients.get(1)));
        String invited = card.get(recipients.get(2));
        String revoked = card.get(recipients.get(3));
        String deleted = card.get(recipients.get(4));
        String removed = card.get(recipients.get(5));
        String created = card.get(recipients.get(6));
        active.forEach(this::install);
        List.of(revoked, deleted, removed).forEach(this::install);
        assertThat(api.post(recipientPath(campaign, recipients.get(2)) + "/invite", Map.of("sendEmail", false))
                        .status())
                .isEqualTo(200);
        assertThat(api.post(recipientPath(campaign, recipients.get(3)) + "/revoke", null)
                        .status())
                .isEqualTo(200);
        assertThat(api.delete(recipientPath(campaign, recipients.get(4))).status())
                .isEqualTo(200);
        providerEvents.apply("beta", removed, UUID.randomUUID().toString(), false, Instant.now());
        awaitIdle(campaign);

        patchCampaign(campaign, Map.of("name", "Renamed"));

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> active.forEach(
                        id -> assertThat(walletVersion(id, "beta")).isEqualTo(INITIAL + 1)));
        awaitIdle(campaign);
        for (String other : List.of(invited, revoked, deleted, removed, created)) {
            assertThat(walletVersion(other, "beta")).as(other).isEqualTo(INITIAL);
            assertThat(recorder.pushesTo(other)).as(other).isEmpty();
        }
        // Only installed objects are pushed: the active cards' alpha objects are not in a wallet.
        active.forEach(id -> assertThat(walletVersion(id, "alpha")).isEqualTo(INITIAL));
        active.forEach(id -> assertThat(objectVersion(id, "beta")).isEqualTo(INITIAL + 1));
        assertThat(updatedEvents(campaign))
                .extracting(CardUpdated::walletCardId)
                .containsExactlyInAnyOrderElementsOf(active);
        assertThat(updatedEvents(campaign).get(0).data())
                .containsEntry("campaignId", campaign)
                .containsEntry("contentVersion", INITIAL + 1)
                .containsKeys("recipientId", "walletCardId");
    }

    @Test
    void recipientChangeReachesOnlyThatRecipientsCard() {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 2);
        Map<String, String> card = cardsOf(campaign, recipients);
        card.values().forEach(this::install);
        awaitIdle(campaign);

        assertThat(api.patch(recipientPath(campaign, recipients.get(0)), Map.of("name", "Ada Lovelace"))
                        .status())
                .isEqualTo(200);

        String changed = card.get(recipients.get(0));
        String other = card.get(recipients.get(1));
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(walletVersion(changed, "beta")).isEqualTo(INITIAL + 1));
        awaitIdle(campaign);
        assertThat(walletVersion(other, "beta")).isEqualTo(INITIAL);
        assertThat(recorder.pushesTo(other)).isEmpty();
        assertThat(updatedEvents(campaign))
                .extracting(CardUpdated::walletCardId)
                .containsExactly(changed);
    }

    @Test
    void changesThatDoNotShowOnTheCardPushNothing() {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 1);
        String id = cardsOf(campaign, recipients).get(recipients.get(0));
        install(id);
        awaitIdle(campaign);

        patchCampaign(campaign, Map.of("metadata", Map.of("crm", "42")));
        assertThat(api.patch(recipientPath(campaign, recipients.get(0)), Map.of("phone", "+4915112345678"))
                        .status())
                .isEqualTo(200);

        assertThat(pendingRuns(campaign)).isZero();
        assertThat(recorder.pushesTo(id)).isEmpty();
    }

    @Test
    void fiveQuickChangesPushEachCardAtMostTwiceAndEndOnTheNewestContent() {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 20);
        List<String> active = new ArrayList<>(cardsOf(campaign, recipients).values());
        active.forEach(this::install);
        awaitIdle(campaign);

        for (int i = 1; i <= 5; i++) {
            patchCampaign(campaign, Map.of("campaignData", Map.of("location", "Hall " + i)));
        }

        long newest = INITIAL + 5;
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> active.forEach(
                        id -> assertThat(walletVersion(id, "beta")).isEqualTo(newest)));
        awaitIdle(campaign);
        for (String id : active) {
            List<Push> pushes = recorder.pushesTo(id);
            assertThat(pushes).as(id).hasSizeBetween(1, 2);
            assertThat(pushes.get(pushes.size() - 1).version()).isEqualTo(newest);
        }
    }

    @Test
    void concurrentWorkersNeverPushOlderContentAfterNewer() throws Exception {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 12);
        List<String> active = new ArrayList<>(cardsOf(campaign, recipients).values());
        active.forEach(this::install);
        awaitIdle(campaign);

        // Extra workers push the same cards as fast as they can while the campaign changes and
        // its own batches run: all of them race for the same provider objects.
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService workers = Executors.newFixedThreadPool(3);
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            futures.add(workers.submit(() -> {
                while (running.get()) {
                    propagation.push(org, active, false);
                }
            }));
        }
        try {
            for (int i = 1; i <= 8; i++) {
                patchCampaign(campaign, Map.of("name", "Edition " + i));
            }
            long newest = INITIAL + 8;
            await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> active.forEach(
                            id -> assertThat(walletVersion(id, "beta")).isEqualTo(newest)));
        } finally {
            running.set(false);
            workers.shutdown();
        }
        for (Future<?> f : futures) {
            f.get();
        }
        awaitIdle(campaign);
        for (String id : active) {
            List<Long> versions = recorder.pushesTo(id).stream()
                    .sorted(Comparator.comparingLong(Push::sequence))
                    .map(Push::version)
                    .toList();
            assertThat(versions).as(id).isNotEmpty().isSorted().doesNotHaveDuplicates();
            assertThat(versions.get(versions.size() - 1)).isEqualTo(INITIAL + 8);
        }
    }

    /** Three installed cards of one campaign whose "beta" objects are leased for one version, as a claim leaves them. */
    private record LeasedGroup(List<String> active, long version, List<Pushed> pushes, TransactionTemplate tx) {}

    private LeasedGroup leasedGroup() {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 3);
        List<String> active = new ArrayList<>(cardsOf(campaign, recipients).values());
        active.forEach(this::install);
        awaitIdle(campaign);
        long version = INITIAL + 1;
        List<Pushed> pushes =
                active.stream().map(id -> new Pushed(id, "beta", version)).toList();
        TransactionTemplate tx = new TransactionTemplate(transactions);
        Instant now = Instant.now();
        tx.executeWithoutResult(s -> {
            queries.lockInstalledObjects(active);
            queries.lease(pushes, now.plusSeconds(60), now);
        });
        return new LeasedGroup(active, version, pushes, tx);
    }

    @Test
    void pushWhoseLeaseAnotherWorkerTookIsNotRecordedWhileTheRestOfItsGroupIs() {
        LeasedGroup group = leasedGroup();
        List<String> active = group.active();
        long version = group.version();
        List<Pushed> pushes = group.pushes();
        TransactionTemplate tx = group.tx();
        // The lease of the second object expired and another worker leased it for newer content.
        String taken = active.get(1);
        jdbc.sql("UPDATE provider_objects SET pushing_version = ? WHERE wallet_card_id = ? AND provider = 'beta'")
                .params(version + 1, taken)
                .update();

        int[] recorded = tx.execute(s -> queries.recordPushed(pushes, Instant.now(), s));

        // The group's single statement matched two of three rows: the per-row path says which.
        assertThat(recorded).containsExactly(1, 0, 1);
        assertThat(objectVersion(active.get(0), "beta")).isEqualTo(version);
        assertThat(objectVersion(active.get(2), "beta")).isEqualTo(version);
        assertThat(objectVersion(taken, "beta")).isEqualTo(INITIAL);
        assertThat(jdbc.sql("SELECT pushing_version FROM provider_objects WHERE wallet_card_id = ?"
                                + " AND provider = 'beta'")
                        .param(taken)
                        .query(Long.class)
                        .single())
                .as("the other worker's lease is left alone")
                .isEqualTo(version + 1);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM provider_objects WHERE wallet_card_id IN (?, ?)"
                                + " AND provider = 'beta' AND pushing_version IS NULL AND push_lease_until IS NULL")
                        .params(active.get(0), active.get(2))
                        .query(Long.class)
                        .single())
                .as("the recorded pushes released their leases")
                .isEqualTo(2);
    }

    @Test
    void pushesOfOneGroupAreAllRecordedByOneStatementWhenEveryLeaseIsStillTheirs() {
        LeasedGroup group = leasedGroup();
        List<String> active = group.active();
        long version = group.version();
        List<Pushed> pushes = group.pushes();
        TransactionTemplate tx = group.tx();

        int[] recorded = tx.execute(s -> queries.recordPushed(pushes, Instant.now(), s));

        assertThat(recorded).containsExactly(1, 1, 1);
        active.forEach(id -> assertThat(objectVersion(id, "beta")).isEqualTo(version));
    }

    @Test
    void failingProviderCallIsRetriedWithBackoffUntilItSucceeds() {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 3);
        List<String> active = new ArrayList<>(cardsOf(campaign, recipients).values());
        active.forEach(this::install);
        awaitIdle(campaign);
        String flaky = active.get(0);
        recorder.failNext(flaky, 2, false);

        patchCampaign(campaign, Map.of("name", "Retried"));

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> active.forEach(
                        id -> assertThat(walletVersion(id, "beta")).isEqualTo(INITIAL + 1)));
        awaitIdle(campaign);
        assertThat(recorder.attempts(flaky)).isEqualTo(3);
        assertThat(recorder.pushesTo(flaky)).hasSize(1);
        assertThat(lastError(flaky, "beta")).isNull();
    }

    @Test
    void permanentFailureIsRecordedOnTheObjectAndTheOthersAreUpdated() {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 3);
        List<String> active = new ArrayList<>(cardsOf(campaign, recipients).values());
        active.forEach(this::install);
        awaitIdle(campaign);
        String rejected = active.get(1);
        recorder.failAlways(rejected, true);

        patchCampaign(campaign, Map.of("name", "Partly"));

        awaitIdle(campaign);
        for (String id : active) {
            if (!id.equals(rejected)) {
                assertThat(walletVersion(id, "beta")).isEqualTo(INITIAL + 1);
            }
        }
        assertThat(walletVersion(rejected, "beta")).isEqualTo(INITIAL);
        assertThat(lastError(rejected, "beta")).isEqualTo("rejected " + rejected);
        assertThat(recorder.attempts(rejected)).isEqualTo(2); // the shared call, then its own
    }

    @Test
    void providerThatKeepsFailingIsGivenUpAfterTheLastAttempt() {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 1);
        String down = cardsOf(campaign, recipients).get(recipients.get(0));
        install(down);
        awaitIdle(campaign);
        recorder.failAlways(down, false);

        patchCampaign(campaign, Map.of("name", "Unreachable"));

        await().atMost(Duration.ofSeconds(20)).until(() -> pendingRuns(campaign) == 0);
        assertThat(recorder.attempts(down)).isEqualTo(4);
        assertThat(lastError(down, "beta")).isEqualTo("gave up retrying: unavailable for " + down);
        assertThat(walletVersion(down, "beta")).isEqualTo(INITIAL);
    }

    @Test
    void cardInstalledAfterAChangeCatchesUpWithTheNewestContent() {
        String campaign = campaign();
        List<String> recipients = addRecipients(campaign, 1);
        String id = cardsOf(campaign, recipients).get(recipients.get(0));
        patchCampaign(campaign, Map.of("name", "Changed before install"));
        awaitIdle(campaign);
        assertThat(walletVersion(id, "beta")).isEqualTo(INITIAL);

        install(id);

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(walletVersion(id, "beta")).isEqualTo(INITIAL + 1));
    }

    // ---- set-up and reads

    private String campaign() {
        Api.Response r = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Live",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of("location", "Main hall"),
                        "providerTypes",
                        List.of("alpha", "beta")));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private List<String> addRecipients(String campaign, int n) {
        List<Map<String, Object>> items = IntStream.range(0, n)
                .mapToObj(i -> Map.<String, Object>of("email", "person" + i + "@example.com", "name", "Person " + i))
                .toList();
        Api.Response r = api.post(
                "/v1/campaigns/" + campaign + "/recipients/bulk", Map.of("recipients", items, "sendEmail", false));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        List<String> ids = new ArrayList<>();
        r.data().get("recipients").forEach(item -> ids.add(item.get("id").asString()));
        return ids;
    }

    /**
     * Waits for the card generation job and for the providers to have created the cards' objects;
     * returns card ids by recipient id, in recipient order.
     */
    private Map<String, String> cardsOf(String campaign, List<String> recipients) {
        await().atMost(Duration.ofSeconds(20))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?")
                                .param(campaign)
                                .query(Long.class)
                                .single()
                        == recipients.size());
        new ProviderObjectReads(jdbc).awaitCreatedAtProviders(campaign);
        Map<String, String> byRecipient = new LinkedHashMap<>();
        Map<String, String> found = new LinkedHashMap<>();
        jdbc.sql("SELECT id, recipient_id FROM wallet_cards WHERE campaign_id = ?")
                .param(campaign)
                .query((rs, n) -> found.put(rs.getString("recipient_id"), rs.getString("id")))
                .list();
        recipients.forEach(r -> byRecipient.put(r, found.get(r)));
        return byRecipient;
    }

    private void install(String cardId) {
        assertThat(providerEvents.apply("beta", cardId, UUID.randomUUID().toString(), true, Instant.now()))
                .isTrue();
    }

    private void patchCampaign(String campaign, Map<String, Object> changes) {
        Api.Response r = api.patch("/v1/campaigns/" + campaign, changes);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    private static String recipientPath(String campaign, String recipient) {
        return "/v1/campaigns/" + campaign + "/recipients/" + recipient;
    }

    /** No propagation run of the campaign or its cards is in progress. */
    private void awaitIdle(String campaign) {
        await().atMost(Duration.ofSeconds(30)).until(() -> pendingRuns(campaign) == 0);
    }

    private long pendingRuns(String campaign) {
        return jdbc.sql("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?")
                .param(campaign)
                .query(Long.class)
                .single();
    }

    private long walletVersion(String cardId, String provider) {
        return new ProviderObjectReads(jdbc).walletVersion(cardId, provider);
    }

    private long objectVersion(String cardId, String provider) {
        return new ProviderObjectReads(jdbc).objectVersion(cardId, provider);
    }

    private @Nullable String lastError(String cardId, String provider) {
        return jdbc.sql("SELECT last_error FROM provider_objects WHERE wallet_card_id = ? AND provider = ?")
                .params(cardId, provider)
                .query(String.class)
                .list()
                .get(0);
    }

    private List<CardUpdated> updatedEvents(String campaign) {
        List<CardUpdated> found = new ArrayList<>();
        for (ExternalEvent e : eventLog.ofType("card.updated")) {
            if (e instanceof CardUpdated u && u.campaignId().equals(campaign)) {
                found.add(u);
            }
        }
        return found;
    }
}
