package com.walletcards.card;

import com.walletcards.shared.Retention;
import java.time.Duration;
import java.time.OffsetDateTime;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Forgets delivery facts that can no longer change a count: delivered, failed, and stale for
 * longer than {@code wallet.updates.fact-retention}. The counters keep their numbers; a device
 * that fetches after that is no longer counted (docs/update-delivery.md).
 */
@Component
class UpdateFactRetention implements Retention {

    private final JdbcClient jdbc;
    private final UpdateProperties properties;

    UpdateFactRetention(JdbcClient jdbc, UpdateProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    @Override
    public String name() {
        return "settled update delivery facts";
    }

    @Override
    public Duration period() {
        return properties.factRetention();
    }

    @Override
    public int deleteBatch(OffsetDateTime cutoff, int limit) {
        return jdbc.sql("""
                DELETE FROM update_deliveries WHERE (wallet_card_id, provider, target, version) IN (
                    SELECT wallet_card_id, provider, target, version FROM update_deliveries
                    WHERE done_at < ? AND state IN ('delivered', 'failed', 'stale') ORDER BY done_at LIMIT ?)""").params(cutoff, limit).update();
    }
}
