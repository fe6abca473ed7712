package com.walletcards.provider.apple;

import com.walletcards.card.WalletProviders;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.ProviderName;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.WalletProviderContract;
import java.util.stream.Stream;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;

/** The Apple Wallet adapter keeps the SPI's contract like every other implementation. */
@DatabaseTest
@ContextConfiguration(initializers = AppleProviderContractTest.OwnDatabase.class)
@TestPropertySource(
        properties = {"wallet.providers.settings.alpha.mode=apple", "wallet.data-dir=" + AppleModeTest.DATA_DIR})
class AppleProviderContractTest extends WalletProviderContract {

    /** Its own database: no other context's workers meet these objects. */
    static final class OwnDatabase extends SeparateDatabase {}

    @Autowired
    WalletProviders providers;

    @Override
    protected Stream<WalletProvider> providers() {
        return Stream.of(providers.get(ProviderName.alpha));
    }
}
