package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;

/**
 * Measures propagation on PostgreSQL with the local providers: how long a campaign change takes
 * to reach 10,000 and 100,000 active cards, and how long the PATCH itself takes. Not part of the
 * normal build (it needs minutes); run it with
 *
 * <pre>./mvnw -B test -Dtest=PropagationMeasurement -Dwallet.measure=true -Dsurefire.failIfNoSpecifiedTests=false</pre>
 *
 * The active cards are inserted with SQL, as if installed; the figures go to the test output and
 * to target/measurements.txt. The job settings are the production ones (polling every second).
 */
@DatabaseTest
@EnabledIfSystemProperty(named = "wallet.measure", matches = "true")
@TestPropertySource(properties = "db-scheduler.polling-interval=1s")
class PropagationMeasurement {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    @ParameterizedTest(name = "{0} active cards")
    @ValueSource(ints = {10_000, 100_000})
    void campaignChangeReachesActiveCards(int cards) throws IOException {
        assumeTrue(TestDatabase.postgres(), "measured on PostgreSQL");
        Tenants.Tenant tenant = Tenants.create(access);
        Api api = new Api(port, tenant.key());
        Api.Response created = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Measured",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of("location", "Hall A"),
                        "providerTypes",
                        List.of("beta")));
        String campaign = created.data().get("id").asString();
        long setup = System.nanoTime();
        insertActiveCards(tenant.organizationId().value(), campaign, cards);
        long setupMillis = (System.nanoTime() - setup) / 1_000_000;

        StringBuilder report = new StringBuilder();
        report.append("%n%,d active cards (set up in %,d ms)%n".formatted(cards, setupMillis));
        for (int round = 1; round <= 2; round++) {
            long start = System.nanoTime();
            Api.Response r = api.patch("/v1/campaigns/" + campaign, Map.of("name", "Measured " + round));
            long patchMillis = (System.nanoTime() - start) / 1_000_000;
            assertThat(r.status()).isEqualTo(200);
            // A second change while the first is being pushed: coalesced into the same run.
            long whileRunning = System.nanoTime();
            api.patch("/v1/campaigns/" + campaign, Map.of("campaignData", Map.of("location", "Hall " + round)));
            long secondPatchMillis = (System.nanoTime() - whileRunning) / 1_000_000;
            long newest = 2 + 2L * round; // two campaign changes per round on top of version 1 + 1
            await().atMost(Duration.ofMinutes(15))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> behind(campaign, newest) == 0);
            long doneMillis = (System.nanoTime() - start) / 1_000_000;
            await().atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> jdbc.sql("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?")
                                    .param(campaign)
                                    .query(Long.class)
                                    .single()
                            == 0);
            long runOverMillis = (System.nanoTime() - start) / 1_000_000;
            report.append(
                    "  round %d: PATCH %d ms, PATCH during the run %d ms; all cards on the newest content after %,d ms"
                                    .formatted(round, patchMillis, secondPatchMillis, doneMillis)
                            + " (%.0f cards/s); run over after %,d ms%n"
                                    .formatted(cards * 1000.0 / doneMillis, runOverMillis));
        }
        System.out.print(report);
        Path out = Path.of("target", "measurements.txt");
        Files.writeString(
                out, report.toString(), StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    }

    private long behind(String campaign, long newest) {
        return jdbc.sql("""
                        SELECT COUNT(*) FROM local_wallet_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id
                        WHERE c.campaign_id = ? AND o.content_version < ?""").params(campaign, newest).query(Long.class).single();
    }

    /** Recipients with an installed beta card each, as the callbacks would leave them; PostgreSQL SQL. */
    private void insertActiveCards(String org, String campaign, int n) {
        String suffix = campaign.substring(campaign.length() - 12);
        OffsetDateTime at = Instant.now().atOffset(ZoneOffset.UTC);
        jdbc.sql("""
                        INSERT INTO recipients (id, organization_id, campaign_id, email, live_email, name, recipient_data,
                          status, wallet_card_id, content_version, created_at, updated_at)
                        SELECT 'rcp_m' || ? || lpad(i::text, 8, '0'), ?, ?, 'm' || i || '@example.com',
                          'm' || i || '@example.com', 'Person ' || i, '{}', 'active',
                          'card_m' || ? || lpad(i::text, 8, '0'), 1, ?, ?
                        FROM generate_series(1, ?) AS i""").params(suffix, org, campaign, suffix, at, at, n).update();
        jdbc.sql("""
                        INSERT INTO wallet_cards (id, organization_id, campaign_id, recipient_id, lifecycle, status,
                          download_code, barcode_value, created_at, updated_at)
                        SELECT 'card_m' || ? || lpad(i::text, 8, '0'), ?, ?, 'rcp_m' || ? || lpad(i::text, 8, '0'),
                          'invited', 'active', 'code_m' || ? || i, 'bar' || i, ?, ?
                        FROM generate_series(1, ?) AS i""").params(suffix, org, campaign, suffix, suffix, at, at, n).update();
        jdbc.sql("""
                        INSERT INTO provider_objects (wallet_card_id, provider, organization_id, object_ref, installed,
                          ever_installed, content_version, updated_at)
                        SELECT 'card_m' || ? || lpad(i::text, 8, '0'), 'beta', ?, 'beta_m' || ? || i, TRUE, TRUE, 2, ?
                        FROM generate_series(1, ?) AS i""").params(suffix, org, suffix, at, n).update();
        jdbc.sql("""
                        INSERT INTO local_wallet_objects (provider, object_ref, wallet_card_id, content_version, voided,
                          updated_at)
                        SELECT 'beta', 'beta_m' || ? || i, 'card_m' || ? || lpad(i::text, 8, '0'), 2, FALSE, ?
                        FROM generate_series(1, ?) AS i""").params(suffix, suffix, at, n).update();
        jdbc.sql("ANALYZE").update();
    }
}
