package com.walletcards.card;

import com.walletcards.card.CardEvents.CardCreated;
import com.walletcards.card.CardEvents.CardInstalled;
import com.walletcards.card.CardEvents.CardRemoved;
import com.walletcards.shared.ExternalEvents;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Counts cards issued and installs and removals per provider from the card events, after their
 * transaction commits, so a change that rolled back is never counted. Every provider's counters
 * exist from the start, so a rate over them is zero rather than absent.
 */
@Component
class CardMetrics {

    private final MeterRegistry registry;
    private final Counter issued;

    CardMetrics(MeterRegistry registry, WalletProviders providers) {
        this.registry = registry;
        this.issued = Counter.builder("wallet.cards.issued")
                .description("Wallet cards issued (one per recipient)")
                .register(registry);
        providers.names().forEach(provider -> {
            installed(provider.name());
            removed(provider.name());
        });
    }

    /** Cards are created in runs, and a run publishes its {@link CardCreated} events together. */
    @TransactionalEventListener(fallbackExecution = true)
    void on(ExternalEvents events) {
        long created =
                events.events().stream().filter(CardCreated.class::isInstance).count();
        if (created > 0) {
            issued.increment(created);
        }
    }

    @TransactionalEventListener(fallbackExecution = true)
    void on(CardInstalled event) {
        installed(event.provider()).increment();
    }

    @TransactionalEventListener(fallbackExecution = true)
    void on(CardRemoved event) {
        removed(event.provider()).increment();
    }

    private Counter installed(String provider) {
        return Counter.builder("wallet.cards.installed")
                .description("Card objects added to a wallet, by provider")
                .tag("provider", provider)
                .register(registry);
    }

    private Counter removed(String provider) {
        return Counter.builder("wallet.cards.removed")
                .description("Card objects removed from a wallet, by provider")
                .tag("provider", provider)
                .register(registry);
    }
}
