package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.Api;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.ServiceDatabase;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Small commits acknowledged right before a {@code kill -9}, while the service's own background
 * work (card generation for the adds) commits at the same moment, are all there after the kill.
 * Repeated over several kills of the same database, because a lost commit shows up only when the
 * kill meets a particular moment; {@code -Dwallet.test.kill-rounds=N} repeats it more often.
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class AcknowledgedWritesSurviveKillTest {

    private static final String KEY = "wk_killed_0123456789abcdefghijklmnopqrstu";
    private static final int BULK = 500;
    private static final int SINGLES = 20;

    @Test
    void everyAddAcknowledgedBeforeAKillIsStoredAfterIt() throws Exception {
        int rounds = Integer.getInteger("wallet.test.kill-rounds", 2);
        ServiceDatabase database = ServiceDatabase.fresh(Path.of(
                "target", "processes", "killed-" + UUID.randomUUID().toString().substring(0, 8)));
        Map<String, String> settings = new LinkedHashMap<>(database.settings());
        settings.put("wallet.access.bootstrap-api-key", KEY);
        int port = ServiceProcess.freePort();
        Round killed = null;
        for (int round = 0; round < rounds; round++) {
            ServiceProcess service = ServiceProcess.start("killed-" + round, port, settings);
            if (killed != null) {
                assertStoredAfterRestart(database, killed, service);
            }
            List<String> acknowledged = new ArrayList<>();
            String campaign;
            try {
                Api api = service.api(KEY);
                Api.Response created = api.post(
                        "/v1/campaigns",
                        Map.of("name", "Round " + round, "campaignType", "coupon", "campaignData", Map.of()));
                assertThat(created.status()).as(created.body()).isEqualTo(201);
                campaign = created.data().get("id").asString();
                List<Map<String, Object>> bulk = IntStream.range(0, BULK)
                        .mapToObj(i -> Map.<String, Object>of("email", "bulk" + i + "@example.com"))
                        .toList();
                Api.Response added = api.post(
                        "/v1/campaigns/" + campaign + "/recipients/bulk",
                        Map.of("recipients", bulk, "sendEmail", false));
                assertThat(added.status()).as(added.body()).isEqualTo(201);
                // Single adds while the bulk's cards are still being generated in the background.
                for (int i = 0; i < SINGLES; i++) {
                    String email = "single" + i + "@example.com";
                    Api.Response single = api.post("/v1/campaigns/" + campaign + "/recipients", Map.of("email", email));
                    assertThat(single.status()).as(single.body()).isEqualTo(201);
                    acknowledged.add(email);
                }
            } finally {
                service.kill();
            }
            killed = new Round(round, campaign, acknowledged, service.log());
        }
        try (ServiceProcess last = ServiceProcess.start("killed-last", port, settings)) {
            assertStoredAfterRestart(database, killed, last);
        }
        if (!TestDatabase.postgres()) {
            assertThat(database.dataDir().resolve("wallet.open"))
                    .as("a graceful stop closes the embedded database and says so")
                    .doesNotExist();
        }
    }

    private record Round(int number, String campaign, List<String> acknowledged, Path log) {}

    /**
     * Checked through the restarted service, as its users see it: on H2 the restart first rebuilds
     * the indexes that H2's recovery from the kill may have left without a committed row.
     */
    private static void assertStoredAfterRestart(ServiceDatabase database, Round killed, ServiceProcess restarted)
            throws Exception {
        assertThat(emails(database, killed.campaign()))
                .as("round %d: recipients acknowledged before the kill (log %s)", killed.number(), killed.log())
                .hasSize(BULK + SINGLES)
                .containsAll(killed.acknowledged());
        if (!TestDatabase.postgres()) {
            String log = Files.readString(restarted.log());
            int repaired = log.indexOf("was not closed when the service last stopped");
            assertThat(repaired)
                    .as("the restart after a kill rebuilds the embedded database")
                    .isNotNegative();
            assertThat(log.indexOf("HikariPool-1 - Start"))
                    .as("before anything opens it")
                    .isGreaterThan(repaired);
        }
    }

    private static Set<String> emails(ServiceDatabase database, String campaign) throws SQLException {
        try (Connection c = DriverManager.getConnection(database.url(), database.user(), "");
                PreparedStatement s = c.prepareStatement("SELECT email FROM recipients WHERE campaign_id = ?")) {
            s.setString(1, campaign);
            Set<String> emails = new HashSet<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    emails.add(rs.getString(1));
                }
            }
            return emails;
        }
    }
}
