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
 */
@ConfigurationProperties("wallet.updates")
public record UpdateProperties(
        @DefaultValue("PT24H") Duration staleAfter,
        @DefaultValue("PT1M") Duration staleCheckInterval) {

    public UpdateProperties {
        if (staleAfter.isNegative() || staleCheckInterval.isNegative() || staleCheckInterval.isZero()) {
            throw new IllegalArgumentException(
                    "wallet.updates.stale-after must not be negative and stale-check-interval must be positive");
        }
    }
}
