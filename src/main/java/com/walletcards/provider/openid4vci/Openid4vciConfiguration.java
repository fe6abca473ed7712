package com.walletcards.provider.openid4vci;

import com.walletcards.card.spi.ObjectContents;
import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProviderFactory;
import com.walletcards.shared.ProviderName;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * {@code WALLET_PROVIDER_EUDIW_MODE=openid4vci}: the issuer's key, stores and endpoints exist only
 * in this mode, so the default {@code local} mode neither loads a key nor publishes metadata.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "wallet.providers.settings.eudiw.mode", havingValue = Openid4vciConfiguration.MODE)
class Openid4vciConfiguration {

    static final String MODE = "openid4vci";

    /** The issuer id: the origin of the download base (OpenID4VCI: no path, so the well-known URLs of every draft coincide). */
    static String issuerId(String downloadBase) {
        URI uri = URI.create(downloadBase.trim());
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalStateException("WALLET_DOWNLOAD_BASE_URL must be an absolute URL: " + downloadBase);
        }
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
    }

    @Bean
    IssuerKey openid4vciIssuerKey(
            @Value("${wallet.download-base-url}") String downloadBase,
            @Value("${wallet.data-dir}") String dataDir,
            @Value("${wallet.providers.settings.eudiw.issuer-key:}") String keyFile,
            @Value("${wallet.providers.settings.eudiw.issuer-key-password:}") String keyPassword) {
        return IssuerKey.load(
                keyFile,
                keyPassword,
                Path.of(dataDir),
                URI.create(issuerId(downloadBase)).getHost());
    }

    @Bean
    CredentialIssuer openid4vciIssuer(
            @Value("${wallet.download-base-url}") String downloadBase,
            IssuerKey key,
            NamedParameterJdbcTemplate jdbc,
            @Lazy ObjectContents contents,
            @Lazy ObjectEvents events,
            Clock clock,
            @Value("${wallet.providers.settings.eudiw.tx-code:false}") boolean txCode,
            @Value("${wallet.providers.settings.eudiw.status-list-size:" + StatusLists.SIZE + "}") int listSize,
            @Value("${wallet.providers.settings.eudiw.batch-size:" + CredentialIssuer.DEFAULT_BATCH_SIZE + "}")
                    int batchSize) {
        String issuer = issuerId(downloadBase);
        Openid4vciStore store = new Openid4vciStore(jdbc);
        return new CredentialIssuer(
                issuer,
                key,
                store,
                new StatusLists(store, key, issuer, clock, listSize),
                new Nonces(key.derivedSecret("openid4vci nonce key"), Duration.ofMinutes(5), clock),
                contents,
                events,
                clock,
                txCode ? new TxCodes(key.derivedSecret("openid4vci tx code key")) : null,
                new CampaignTypes(store, key.derivedSecret("openid4vci campaign type key")),
                batchSize);
    }

    @Bean
    Openid4vciRetention openid4vciRetention(
            NamedParameterJdbcTemplate jdbc, @Value("${wallet.retention.openid4vci:P1D}") Duration period) {
        return new Openid4vciRetention(new Openid4vciStore(jdbc), period);
    }

    @Bean
    WalletProviderFactory openid4vciEudiw(CredentialIssuer issuer, NamedParameterJdbcTemplate jdbc) {
        return new WalletProviderFactory() {
            @Override
            public ProviderName provider() {
                return ProviderName.eudiw;
            }

            @Override
            public String mode() {
                return MODE;
            }

            @Override
            public WalletProvider create() {
                return new Openid4vciWalletProvider(issuer, new Openid4vciStore(jdbc));
            }
        };
    }
}
