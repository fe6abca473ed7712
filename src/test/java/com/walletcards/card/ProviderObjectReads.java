package com.walletcards.card;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;

/** What the local wallets hold and what the service recorded about a card's provider objects. */
record ProviderObjectReads(JdbcClient jdbc) {

    /** The content version the provider's wallet holds. */
    long walletVersion(String cardId, String provider) {
        return jdbc.sql("SELECT content_version FROM local_wallet_objects WHERE wallet_card_id = ? AND provider = ?")
                .params(cardId, provider)
                .query(Long.class)
                .single();
    }

    /** The content version the service recorded as pushed. */
    long objectVersion(String cardId, String provider) {
        return jdbc.sql("SELECT content_version FROM provider_objects WHERE wallet_card_id = ? AND provider = ?")
                .params(cardId, provider)
                .query(Long.class)
                .single();
    }

    @Nullable
    String lastError(String cardId, String provider) {
        return jdbc.sql("SELECT last_error FROM provider_objects WHERE wallet_card_id = ? AND provider = ?")
                .params(cardId, provider)
                .query(String.class)
                .optional()
                .orElse(null);
    }

    /** The objects the local wallets hold for a card: provider → object reference. */
    Map<String, String> walletObjects(String cardId) {
        Map<String, String> objects = new TreeMap<>();
        jdbc.sql("SELECT provider, object_ref FROM local_wallet_objects WHERE wallet_card_id = ?")
                .param(cardId)
                .query((rs, n) -> objects.put(rs.getString("provider"), rs.getString("object_ref")))
                .list();
        return objects;
    }

    /** Waits until the providers created every object of the campaign's cards (background work). */
    void awaitCreatedAtProviders(String campaignId) {
        await().atMost(Duration.ofSeconds(30))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM provider_objects o JOIN wallet_cards c"
                                        + " ON c.id = o.wallet_card_id WHERE c.campaign_id = ?"
                                        + " AND o.created_at_provider = FALSE")
                                .param(campaignId)
                                .query(Long.class)
                                .single()
                        == 0);
    }
}
