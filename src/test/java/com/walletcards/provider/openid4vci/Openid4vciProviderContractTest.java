package com.walletcards.provider.openid4vci;

import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProviderFactory;
import com.walletcards.shared.ProviderName;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.WalletProviderContract;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/** The OpenID4VCI adapter does what every provider must (ADR 0010). */
@DatabaseTest
@TestPropertySource(
        properties = {
            "wallet.providers.settings.eudiw.mode=openid4vci",
            "wallet.download-base-url=https://cards.example.org"
        })
class Openid4vciProviderContractTest extends WalletProviderContract {

    @Autowired
    List<WalletProviderFactory> factories;

    @Override
    protected Stream<WalletProvider> providers() {
        return factories.stream()
                .filter(f -> f.provider() == ProviderName.eudiw && f.mode().equals("openid4vci"))
                .map(WalletProviderFactory::create);
    }
}
