package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.CsvImports;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.RecordingProviders;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * One organization's large adds leave a backlog of card creations at the providers; another
 * organization's small import, arriving behind it, gets its cards after the creation in
 * progress and the few the job engine had taken already, not after the whole backlog. One job
 * thread, slow providers and a small-work limit of two make the order observable.
 */
@DatabaseTest
@ContextConfiguration(initializers = OwnTestDatabase.class)
@Import(RecordingProviders.class)
@TestPropertySource(properties = {"db-scheduler.threads=1", "wallet.jobs.small-work=2"})
@DirtiesContext // a context of its own on a database of its own: free both when done
class SmallWorkFirstTest {

    private static final int LARGE_ADDS = 12;
    private static final int PER_LARGE_ADD = 3;
    private static final Duration CREATE_TIME = Duration.ofMillis(500);

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    RecordingProviders.Recorder recorder;

    @AfterEach
    void quickProviders() {
        recorder.createLatency(Duration.ZERO);
    }

    @Test
    void aSmallImportDoesNotWaitBehindAnotherOrganizationsLargeAdds() {
        Api large = new Api(port, Tenants.create(access).key());
        String largeCampaign = new Flows(large).campaign(Map.of("providerTypes", List.of("beta")));
        recorder.createLatency(CREATE_TIME);
        for (int add = 0; add < LARGE_ADDS; add++) {
            List<Map<String, Object>> recipients = new ArrayList<>();
            for (int i = 0; i < PER_LARGE_ADD; i++) {
                recipients.add(Map.of("email", Flows.email()));
            }
            Api.Response added = large.post(
                    "/v1/campaigns/" + largeCampaign + "/recipients/bulk",
                    Map.of("recipients", recipients, "sendEmail", false));
            assertThat(added.status()).as(added.body()).isEqualTo(201);
        }
        // Every large add has its cards, and their creations at the provider queue up.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> cards(largeCampaign).size() == LARGE_ADDS * PER_LARGE_ADD
                        && !recorder.calls("beta", "create").isEmpty());

        Tenants.Tenant small = Tenants.create(access);
        String smallCampaign = new Flows(new Api(port, small.key())).campaign(Map.of("providerTypes", List.of("beta")));
        String importId = new CsvImports(port, small.key())
                .accepted(smallCampaign, "?sendEmail=false", "email\nfirst@example.com\nsecond@example.com\n");
        assertThat(importId).isNotBlank();
        // Both of its cards are created in one call.
        await().atMost(Duration.ofSeconds(60))
                .until(() -> !createdAt(cards(smallCampaign)).isEmpty());

        // Behind the backlog, the small import's cards would be created after all twelve large
        // creations. Ahead of it, each of its three steps (the import, its cards, their creation)
        // waits at most for the jobs the engine took in its last poll: up to three per thread, so
        // the one in progress and two more. Seven large creations at the very most begin first.
        Instant smallCreated = createdAt(cards(smallCampaign)).get(0);
        long largeBefore = createdAt(cards(largeCampaign)).stream()
                .filter(at -> at.isBefore(smallCreated))
                .count();
        assertThat(largeBefore)
                .as("large creations begun before the small import's")
                .isLessThanOrEqualTo(7);
        await().atMost(Duration.ofSeconds(60))
                .until(() -> createdAt(cards(largeCampaign)).size() == LARGE_ADDS);
    }

    private Set<String> cards(String campaignId) {
        return Set.copyOf(jdbc.sql("SELECT id FROM wallet_cards WHERE campaign_id = ?")
                .param(campaignId)
                .query(String.class)
                .list());
    }

    /** When each create call that touched one of these cards began: one per call. */
    private List<Instant> createdAt(Set<String> cardIds) {
        return recorder.calls("beta", "create").stream()
                .filter(call -> call.objects().stream().anyMatch(o -> cardIds.contains(o.walletCardId())))
                .map(RecordingProviders.Call::at)
                .collect(Collectors.toList());
    }
}
