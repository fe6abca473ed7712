package com.walletcards.journey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Waits until the holder's and the wallets' appended facts of a campaign are folded into its
 * journeys and figures: folds now, and waits for a fold the recurring task may hold at the same
 * moment (its facts are skipped by this one until it commits).
 */
final class Folded {

    private Folded() {}

    static void campaign(JourneyFactFolding folding, JdbcClient jdbc, String campaignId) {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            folding.fold();
            assertThat(jdbc.sql("SELECT COUNT(*) FROM journey_facts WHERE campaign_id = ?")
                            .param(campaignId)
                            .query(Long.class)
                            .single())
                    .isZero();
        });
    }
}
