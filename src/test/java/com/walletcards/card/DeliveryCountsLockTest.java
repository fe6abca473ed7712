package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.card.CardEvents.UpdatesPushed;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.RecordingProviders;
import com.walletcards.support.Tenants;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * The delivery counters of a campaign's version are one row per provider, written by every batch
 * of a campaign-wide change. A batch takes that row's lock only at the end of its transaction, so
 * the other batches do not wait while it writes what follows from its pushes (journey events,
 * webhooks): with the lock taken first, a change reaching a million cards went one batch at a time.
 */
@DatabaseTest
@ContextConfiguration(initializers = OwnTestDatabase.class)
@Import({RecordingProviders.class, DeliveryCountsLockTest.WhileRecording.class})
@TestPropertySource(
        properties = {
            "wallet.propagation.batch-size=2",
            "wallet.propagation.debounce=PT0S",
            "wallet.propagation.check-interval=PT0.2S",
            "wallet.propagation.retry-delay=PT0.2S"
        })
@DirtiesContext // a context of its own on a database of its own: free both when done
class DeliveryCountsLockTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    ProviderEventsIntake providerEvents;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    WhileRecording whileRecording;

    @Test
    void batchesOfACampaignChangeLeaveTheDeliveryCountersFreeWhileTheirPushesAreRecorded() {
        Api api = new Api(port, Tenants.create(access).key());
        BetaCampaigns campaigns = new BetaCampaigns(api, jdbc, providerEvents);
        String campaign = campaigns.create("Counters");
        campaigns.installCards(campaign, 4);
        whileRecording.watch(campaign);

        assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Renamed"))
                        .status())
                .isEqualTo(200);

        // Two batches of two cards, each publishing its pushes once.
        await().atMost(Duration.ofSeconds(30)).until(() -> whileRecording.tries.size() >= 2);
        // Every push was recorded while another transaction could still write the counters.
        assertThat(whileRecording.tries).containsOnly("free");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> jdbc.sql("SELECT COALESCE(SUM(target), 0) FROM update_delivery_counts"
                                        + " WHERE campaign_id = ? AND provider = 'beta'")
                                .param(campaign)
                                .query(Long.class)
                                .single()
                        >= 4);
    }

    /**
     * While a batch's transaction publishes what its pushes did, tries to write the campaign's
     * counter rows from a connection of its own, waiting at most a moment for their lock.
     */
    @TestConfiguration
    static class WhileRecording {

        final List<String> tries = new CopyOnWriteArrayList<>();
        private volatile String campaign = "";
        private final DataSource dataSource;

        WhileRecording(DataSource dataSource) {
            this.dataSource = dataSource;
        }

        void watch(String campaign) {
            this.campaign = campaign;
        }

        @EventListener
        void on(UpdatesPushed batch) throws SQLException {
            if (batch.pushed().stream().noneMatch(p -> p.campaignId().equals(campaign))) {
                return;
            }
            try (Connection other = dataSource.getConnection()) {
                other.setAutoCommit(true);
                boolean postgres = other.getMetaData().getDatabaseProductName().contains("PostgreSQL");
                String restore = postgres ? "RESET lock_timeout" : "SET LOCK_TIMEOUT " + h2LockTimeout(other);
                try (Statement s = other.createStatement()) {
                    s.execute(postgres ? "SET lock_timeout = '500ms'" : "SET LOCK_TIMEOUT 500");
                }
                try (PreparedStatement update = other.prepareStatement(
                        "UPDATE update_delivery_counts SET target = target WHERE campaign_id = ?")) {
                    update.setString(1, campaign);
                    update.executeUpdate();
                    tries.add("free");
                } catch (SQLException locked) {
                    tries.add("locked: " + locked.getMessage());
                } finally {
                    try (Statement s = other.createStatement()) {
                        s.execute(restore); // the connection goes back to the pool
                    }
                }
            }
        }

        private static String h2LockTimeout(Connection connection) throws SQLException {
            try (Statement s = connection.createStatement();
                    var rs = s.executeQuery("SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
                            + " WHERE SETTING_NAME = 'LOCK_TIMEOUT'")) {
                return rs.next() ? rs.getString(1) : "10000";
            }
        }
    }
}
