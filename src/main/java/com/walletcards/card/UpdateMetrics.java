package com.walletcards.card;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Update delivery as Prometheus sees it: {@code wallet_update_lag_seconds{provider}}, the time
 * from a content version to its delivery to one target, recorded once its transaction commits,
 * and {@code wallet_update_stale_targets}, the targets (mostly devices) that have not fetched a
 * pushed version within {@code wallet.updates.stale-after}, as last counted by the stale check.
 */
@Component
class UpdateMetrics {

    private final MeterRegistry registry;
    private final AtomicLong stale = new AtomicLong();

    UpdateMetrics(MeterRegistry registry, WalletProviders providers) {
        this.registry = registry;
        providers.names().forEach(p -> lag(p.name()));
        Gauge.builder("wallet.update.stale.targets", stale, AtomicLong::get)
                .description("Update targets (devices) that did not fetch a pushed content version in time")
                .register(registry);
    }

    /** Records the lag of one delivery, after the transaction that recorded it commits. */
    void delivered(String provider, Duration lag) {
        Duration measured = lag.isNegative() ? Duration.ZERO : lag;
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    lag(provider).record(measured);
                }
            });
        } else {
            lag(provider).record(measured);
        }
    }

    void staleTargets(long count) {
        stale.set(count);
    }

    private Timer lag(String provider) {
        return Timer.builder("wallet.update.lag")
                .description("Time from a content version to its delivery, by provider")
                .tag("provider", provider)
                .publishPercentileHistogram()
                .register(registry);
    }
}
