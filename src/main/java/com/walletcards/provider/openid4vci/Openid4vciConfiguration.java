package com.walletcards.provider.openid4vci;

import com.walletcards.card.spi.DeliveryReports;
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
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@code WALLET_PROVIDER_EUDIW_MODE=openid4vci}: the issuer's key, stores and endpoints exist only
 * in this mode, so the default {@code local} mode neither loads a key nor publishes metadata.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "wallet.providers.settings.eudiw.mode", havingValue = Openid4vciConfiguration.MODE)
class Openid4vciConfiguration {

    static final String MODE = "openid4vci";

    /** The issuer's display name when WALLET_EUDIW_ISSUER_NAME is not set: neutral, as it serves every organization. */
    static final String DEFAULT_ISSUER_NAME = "Wallet cards";

    /** How long a refresh token serves when WALLET_EUDIW_REFRESH_TOKEN_LIFETIME is not set (ADR 0031). */
    static final String DEFAULT_REFRESH_TOKEN_LIFETIME = "P30D";

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
    StatusLists openid4vciStatusLists(
            @Value("${wallet.download-base-url}") String downloadBase,
            IssuerKey key,
            NamedParameterJdbcTemplate jdbc,
            Clock clock,
            @Value("${wallet.providers.settings.eudiw.status-list-size:" + StatusLists.SIZE + "}") int listSize) {
        return new StatusLists(
                new StatusListQueries(jdbc), new CredentialQueries(jdbc), key, issuerId(downloadBase), clock, listSize);
    }

    @Bean
    Nonces openid4vciNonces(IssuerKey key, Clock clock) {
        return new Nonces(key.derivedSecret("openid4vci nonce key"), Duration.ofMinutes(5), clock);
    }

    @Bean
    CampaignTypes openid4vciCampaignTypes(IssuerKey key, NamedParameterJdbcTemplate jdbc) {
        return new CampaignTypes(new CampaignTypeQueries(jdbc), key.derivedSecret("openid4vci campaign type key"));
    }

    @Bean
    TxCodeChecks openid4vciTxCodes(
            IssuerKey key,
            NamedParameterJdbcTemplate jdbc,
            Clock clock,
            @Value("${wallet.providers.settings.eudiw.tx-code:false}") boolean txCode) {
        var txCodeQueries = new TxCodeQueries(jdbc);
        var offers = new OfferQueries(jdbc);
        return txCode
                ? TxCodeChecks.required(
                        new TxCodes(key.derivedSecret("openid4vci tx code key")), txCodeQueries, offers, clock)
                : TxCodeChecks.off(txCodeQueries, offers, clock);
    }

    @Bean
    BatchSize openid4vciBatchSize(
            @Value("${wallet.providers.settings.eudiw.batch-size:" + BatchSize.DEFAULT + "}") int batchSize) {
        return new BatchSize(batchSize);
    }

    @Bean
    IssuerMetadata openid4vciMetadata(
            @Value("${wallet.download-base-url}") String downloadBase,
            IssuerKey key,
            CampaignTypes campaignTypes,
            BatchSize batchSize,
            @Value("${wallet.providers.settings.eudiw.issuer-name:" + DEFAULT_ISSUER_NAME + "}") String issuerName) {
        return new IssuerMetadata(issuerId(downloadBase), key, campaignTypes, batchSize, issuerName);
    }

    @Bean
    CredentialOffers openid4vciOffers(
            @Value("${wallet.download-base-url}") String downloadBase,
            NamedParameterJdbcTemplate jdbc,
            TxCodeChecks txCodes,
            CampaignTypes campaignTypes,
            @Lazy ObjectContents contents,
            Clock clock) {
        return new CredentialOffers(
                issuerId(downloadBase), new OfferQueries(jdbc), txCodes, campaignTypes, contents, clock);
    }

    @Bean
    AccessTokens openid4vciAccessTokens(NamedParameterJdbcTemplate jdbc) {
        return new AccessTokens(new TokenQueries(jdbc));
    }

    @Bean
    DpopProofs openid4vciDpopProofs(
            @Value("${wallet.download-base-url}") String downloadBase, NamedParameterJdbcTemplate jdbc, Clock clock) {
        return new DpopProofs(issuerId(downloadBase), new SpentDpopProofs(jdbc), clock);
    }

    @Bean
    Tokens openid4vciTokens(
            NamedParameterJdbcTemplate jdbc,
            AccessTokens accessTokens,
            DpopProofs dpop,
            TxCodeChecks txCodes,
            @Lazy ObjectContents contents,
            PlatformTransactionManager transactions,
            Clock clock,
            @Value("${wallet.providers.settings.eudiw.refresh-token-lifetime:" + DEFAULT_REFRESH_TOKEN_LIFETIME + "}")
                    Duration refreshTokenLifetime) {
        return new Tokens(
                new OfferQueries(jdbc),
                new RefreshTokens(jdbc, refreshTokenLifetime),
                accessTokens,
                txCodes,
                dpop,
                contents,
                new TransactionTemplate(transactions),
                clock);
    }

    @Bean
    ProtectedRequests openid4vciProtectedRequests(AccessTokens accessTokens, DpopProofs dpop, Clock clock) {
        return new ProtectedRequests(accessTokens, dpop, clock);
    }

    @Bean
    CredentialIssuer openid4vciIssuer(
            @Value("${wallet.download-base-url}") String downloadBase,
            IssuerKey key,
            NamedParameterJdbcTemplate jdbc,
            StatusLists statusLists,
            Nonces nonces,
            CampaignTypes campaignTypes,
            BatchSize batchSize,
            @Lazy ObjectContents contents,
            @Lazy ObjectEvents events,
            @Lazy DeliveryReports deliveries,
            Clock clock) {
        String issuer = issuerId(downloadBase);
        return new CredentialIssuer(
                new KeyProofs(issuer, nonces, new SpentNonces(jdbc), clock, batchSize),
                new SdJwtCredentials(issuer, key, statusLists),
                statusLists,
                campaignTypes,
                new CredentialQueries(jdbc),
                contents,
                events,
                deliveries,
                clock);
    }

    @Bean
    CredentialNotifications openid4vciNotifications(
            NamedParameterJdbcTemplate jdbc, @Lazy ObjectEvents events, Clock clock) {
        return new CredentialNotifications(new CredentialQueries(jdbc), events, clock);
    }

    @Bean
    Openid4vciRetention openid4vciRetention(
            NamedParameterJdbcTemplate jdbc, @Value("${wallet.retention.openid4vci:P1D}") Duration period) {
        return new Openid4vciRetention(new RetentionQueries(jdbc), period);
    }

    @Bean
    WalletProviderFactory openid4vciEudiw(
            CredentialOffers offers, TxCodeChecks txCodes, NamedParameterJdbcTemplate jdbc) {
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
                return new Openid4vciWalletProvider(offers, txCodes, new CredentialQueries(jdbc));
            }
        };
    }
}
