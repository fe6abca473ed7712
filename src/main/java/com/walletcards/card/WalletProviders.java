package com.walletcards.card;

import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProviderFactory;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The provider implementations of this deployment: for each {@link ProviderName}, the one whose
 * mode {@code WALLET_PROVIDER_<NAME>_MODE} selects (unless set, the contract's default: the real
 * protocol where it needs no outside account, see {@link #DEFAULT_MODES}). Checked at start-up:
 * a mode no implementation offers stops the service with a message naming the variable. Each one
 * is metered, so calls from every module are timed and counted.
 */
@Component
public class WalletProviders {

    /**
     * Contract §11, as application.yml also states it: {@code alpha} signs Apple passes and
     * {@code eudiw} issues OpenID4VCI credentials even without credentials of the operator's own;
     * {@code beta} needs a Google service account, so it is {@code local} unless one is configured.
     */
    static final Map<ProviderName, String> DEFAULT_MODES =
            Map.of(ProviderName.alpha, "apple", ProviderName.beta, "local", ProviderName.eudiw, "openid4vci");

    private final Map<ProviderName, WalletProvider> byName = new EnumMap<>(ProviderName.class);

    WalletProviders(List<WalletProviderFactory> factories, Environment environment, MeterRegistry registry) {
        for (ProviderName name : ProviderName.values()) {
            String mode = environment
                    .getProperty(modeProperty(name), DEFAULT_MODES.get(name))
                    .trim();
            List<WalletProviderFactory> offered =
                    factories.stream().filter(f -> f.provider() == name).toList();
            WalletProviderFactory chosen = offered.stream()
                    .filter(f -> f.mode().equals(mode))
                    .reduce((a, b) -> {
                        throw new IllegalStateException(
                                "Two implementations of provider " + name + " claim mode " + mode);
                    })
                    .orElseThrow(() -> new IllegalStateException(name.modeVariable() + "=" + mode
                            + " is not a mode of provider " + name + "; known modes: "
                            + offered.stream()
                                    .map(WalletProviderFactory::mode)
                                    .sorted()
                                    .collect(Collectors.joining(", "))));
            WalletProvider provider = chosen.create();
            if (provider.name() != name) {
                throw new IllegalStateException(
                        "The " + mode + " implementation of " + name + " calls itself " + provider.name());
            }
            byName.put(name, new MeteredWalletProvider(provider, registry));
        }
    }

    /** {@code wallet.providers.settings.<name>.mode}, which {@code WALLET_PROVIDER_<NAME>_MODE} sets. */
    static String modeProperty(ProviderName name) {
        return "wallet.providers.settings." + name + ".mode";
    }

    public WalletProvider get(ProviderName name) {
        return byName.get(name);
    }

    /** The provider of a name stored or received as text; an unknown name is 404. */
    WalletProvider get(String name) {
        return find(name).orElseThrow(() -> new NotFound("Provider " + name));
    }

    Optional<WalletProvider> find(String name) {
        return ProviderName.parse(name).map(byName::get);
    }

    Collection<WalletProvider> all() {
        return byName.values();
    }

    Set<ProviderName> names() {
        return byName.keySet();
    }

    boolean exists(String name) {
        return find(name).isPresent();
    }
}
