package com.walletcards.provider;

import com.walletcards.card.spi.WalletProvider;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** The built-in local implementation of each provider. */
@Configuration(proxyBeanMethods = false)
class LocalProviders {

    @Bean
    WalletProvider alphaProvider(JdbcTemplate jdbc, Clock clock) {
        return new LocalWalletProvider("alpha", jdbc, clock);
    }

    @Bean
    WalletProvider betaProvider(JdbcTemplate jdbc, Clock clock) {
        return new LocalWalletProvider("beta", jdbc, clock);
    }

    @Bean
    WalletProvider eudiwProvider(JdbcTemplate jdbc, Clock clock) {
        return new LocalWalletProvider("eudiw", jdbc, clock);
    }
}
