package com.walletcards.provider;

import com.walletcards.card.WalletProviders;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.ProviderName;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.WalletProviderContract;
import java.util.Arrays;
import java.util.stream.Stream;
import org.springframework.beans.factory.annotation.Autowired;

@DatabaseTest
class LocalProvidersContractTest extends WalletProviderContract {

    @Autowired
    WalletProviders providers;

    @Override
    protected Stream<WalletProvider> providers() {
        return Arrays.stream(ProviderName.values()).map(providers::get);
    }
}
