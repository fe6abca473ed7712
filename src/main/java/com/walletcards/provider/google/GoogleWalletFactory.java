package com.walletcards.provider.google;

import com.walletcards.card.spi.ObjectContents;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProviderFactory;
import com.walletcards.shared.ProviderName;
import java.net.URI;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Lazy;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The {@code google} mode of provider {@code beta}. Only when that mode is chosen does
 * {@link #create()} run: it reads and checks the service account and the issuer id, so a wrong
 * setting stops the start-up naming its variable, and the local mode never touches them.
 */
@Component
@EnableConfigurationProperties(GoogleWalletSettings.class)
class GoogleWalletFactory implements WalletProviderFactory {

    private static final Logger log = LoggerFactory.getLogger(GoogleWalletFactory.class);
    static final String CALLBACK_PATH = "/wallet/beta/callbacks";

    private final GoogleWalletSettings settings;
    private final JdbcClient jdbc;
    private final Clock clock;
    private final String downloadBase;
    private final GoogleWalletRuntime runtime;
    private final ObjectContents contents;

    GoogleWalletFactory(
            GoogleWalletSettings settings,
            JdbcClient jdbc,
            Clock clock,
            @Value("${wallet.download-base-url}") String downloadBase,
            GoogleWalletRuntime runtime,
            @Lazy ObjectContents contents) {
        this.runtime = runtime;
        this.contents = contents;
        this.settings = settings;
        this.jdbc = jdbc;
        this.clock = clock;
        this.downloadBase =
                downloadBase.endsWith("/") ? downloadBase.substring(0, downloadBase.length() - 1) : downloadBase;
    }

    @Override
    public ProviderName provider() {
        return ProviderName.beta;
    }

    @Override
    public String mode() {
        return GoogleWalletMode.MODE;
    }

    @Override
    public WalletProvider create() {
        if (!settings.configured()) {
            throw new IllegalStateException(
                    "WALLET_PROVIDER_BETA_MODE=google needs " + GoogleWalletSettings.FILE_VARIABLE
                            + " (the service account's JSON key) and " + GoogleWalletSettings.ISSUER_VARIABLE);
        }
        String issuerId = settings.checkedIssuerId();
        ServiceAccount account = ServiceAccount.load(settings.serviceAccountFile(), settings.tokenUrl());
        WalletRecords records = new WalletRecords(jdbc, clock);
        URI base = URI.create(downloadBase);
        String origin = base.getScheme() + "://" + base.getAuthority();
        GoogleWalletApi api = new GoogleWalletApi(settings, account);
        GoogleCallbacks callbacks = new GoogleCallbacks(settings, issuerId, records, clock);
        log.info(
                "Provider beta speaks Google Wallet: issuer {}, service account {}, API {}, callbacks at {}{}",
                issuerId,
                account.email(),
                settings.apiBaseUrl(),
                downloadBase,
                CALLBACK_PATH);
        if (!"https".equals(base.getScheme())) {
            log.warn(
                    "Google delivers callbacks only to public HTTPS URLs; WALLET_DOWNLOAD_BASE_URL is {}",
                    downloadBase);
        }
        GoogleWalletProvider created = new GoogleWalletProvider(
                issuerId,
                api,
                records,
                new SaveLinks(account, settings.saveUrlPrefix(), origin, clock),
                downloadBase + CALLBACK_PATH,
                contents);
        runtime.started(created, callbacks);
        return created;
    }
}
