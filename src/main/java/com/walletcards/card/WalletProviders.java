package com.walletcards.card;

import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.NotFound;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** The provider implementations present in this deployment, by name. */
@Component
public class WalletProviders {

    private final Map<String, WalletProvider> byName;

    WalletProviders(List<WalletProvider> providers) {
        this.byName =
                providers.stream().collect(Collectors.toUnmodifiableMap(WalletProvider::name, Function.identity()));
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
