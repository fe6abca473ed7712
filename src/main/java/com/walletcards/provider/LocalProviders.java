package com.walletcards.provider;

import com.walletcards.card.spi.Capabilities;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProviderFactory;
import com.walletcards.shared.ProviderName;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * The {@code local} mode of each provider, with the capabilities of the protocol it stands in
 * for: the EU wallet (OpenID4VCI) has no push and no lock-screen messages, so neither has its
 * local stand-in.
 */
@Configuration(proxyBeanMethods = false)
class LocalProviders {

    static final String MODE = "local";

    @Bean
    WalletProviderFactory localAlpha(NamedParameterJdbcTemplate jdbc, Clock clock) {
        return local(
                ProviderName.alpha,
                Capabilities.NONE.withPushUpdates().withLockScreenMessages().withVoiding(),
                jdbc,
                clock);
    }

    @Bean
    WalletProviderFactory localBeta(NamedParameterJdbcTemplate jdbc, Clock clock) {
        return local(
                ProviderName.beta,
                Capabilities.NONE.withPushUpdates().withLockScreenMessages().withVoiding(),
                jdbc,
                clock);
    }

    @Bean
    WalletProviderFactory localEudiw(NamedParameterJdbcTemplate jdbc, Clock clock) {
        return local(ProviderName.eudiw, Capabilities.NONE.withVoiding(), jdbc, clock);
    }

    private static WalletProviderFactory local(
            ProviderName name, Capabilities capabilities, NamedParameterJdbcTemplate jdbc, Clock clock) {
        return new WalletProviderFactory() {
            @Override
            public ProviderName provider() {
                return name;
            }

            @Override
            public String mode() {
                return MODE;
            }

            @Override
            public WalletProvider create() {
                return new LocalWalletProvider(name, capabilities, jdbc, clock);
            }
        };
    }
}
