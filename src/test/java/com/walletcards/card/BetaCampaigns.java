package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Api;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Campaigns on the beta provider alone, and their cards, for the propagation tests. */
record BetaCampaigns(Api api, JdbcClient jdbc, ProviderEventsIntake providerEvents) {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    String create(String name) {
        Api.Response created = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        name,
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of("location", "Main hall"),
                        "providerTypes",
                        List.of("beta")));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.data().get("id").asString();
    }

    /**
     * Adds {@code count} recipients in bulk and installs every card they get, once its object
     * exists at the provider; returns when no propagation run of the campaign is left.
     */
    List<String> installCards(String campaign, int count) {
        List<Map<String, Object>> people = IntStream.range(0, count)
                .mapToObj(i -> Map.<String, Object>of("email", "holder" + i + "@example.com", "name", "Holder " + i))
                .toList();
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients/bulk", Map.of("recipients", people, "sendEmail", false));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        await().atMost(PATIENCE).until(() -> cardIds(campaign).size() == count);
        new ProviderObjectReads(jdbc).awaitCreatedAtProviders(campaign);
        List<String> cardIds = cardIds(campaign);
        cardIds.forEach(id -> assertThat(
                        providerEvents.apply("beta", id, UUID.randomUUID().toString(), true, Instant.now()))
                .isTrue());
        await().atMost(PATIENCE).until(() -> runs(campaign) == 0);
        return cardIds;
    }

    List<String> cardIds(String campaign) {
        return jdbc.sql("SELECT id FROM wallet_cards WHERE campaign_id = ? ORDER BY id")
                .param(campaign)
                .query(String.class)
                .list();
    }

    /** Propagation runs of the campaign still in progress. */
    long runs(String campaign) {
        return jdbc.sql("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?")
                .param(campaign)
                .query(Long.class)
                .single();
    }
}
