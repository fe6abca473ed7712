package com.walletcards.card;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Update delivery ({@code wallet.updates.*}, docs/update-delivery.md).
 *
 * @param staleAfter how long after its push a device (or a wallet without push) may take to fetch
 *     a content version before it counts as {@code stale}
 * @param staleCheckInterval how often the stale check runs
 * @param factRetention how long a settled delivery fact (delivered, failed, stale) is kept; the
 *     counts stay
 */
@ConfigurationProperties("wallet.updates")
public record UpdateProperties(
        @DefaultValue("PT24H") Duration staleAfter,
        @DefaultValue("PT1M") Duration staleCheckInterval,
        @DefaultValue("P30D") Duration factRetention) {

    public UpdateProperties {
        if (staleAfter.isNegative()
                || factRetention.isNegative()
                || staleCheckInterval.isNegative()
                || staleCheckInterval.isZero()) {
            throw new IllegalArgumentException("wallet.updates.stale-after and fact-retention must not be negative"
                    + " and stale-check-interval must be positive");
        }
    }
}
