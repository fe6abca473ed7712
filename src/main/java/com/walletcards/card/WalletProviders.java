package com.walletcards.card;

import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.NotFound;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** The provider implementations present in this deployment, by name, each one metered. */
@Component
public class WalletProviders {

    private final Map<String, WalletProvider> byName;

    WalletProviders(List<WalletProvider> providers, MeterRegistry registry) {
        this.byName = providers.stream()
                .map(provider -> (WalletProvider) new MeteredWalletProvider(provider, registry))
                .collect(Collectors.toUnmodifiableMap(WalletProvider::name, Function.identity()));
    }

    public Set<String> names() {
        return byName.keySet();
    }

    public WalletProvider get(String name) {
        WalletProvider provider = byName.get(name);
        if (provider == null) {
            throw new NotFound("Provider " + name);
        }
        return provider;
    }

    public boolean exists(String name) {
        return byName.containsKey(name);
    }
}
