package com.walletcards.provider.apple;

import com.walletcards.card.spi.DeliveryReports;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProviderFactory;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The {@code apple} mode of {@code alpha}: registered as an implementation of the provider, and
 * started (credentials loaded and checked, APNs client built) only when
 * {@code WALLET_PROVIDER_ALPHA_MODE=apple} chooses it. The web service asks it whether it runs.
 */
@Component
class AppleWallet implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(AppleWallet.class);
    static final String MODE = "apple";

    /** Everything the running mode uses, built once at start-up. */
    record Running(
            PassRenderer renderer,
            PassStore store,
            AuthTokens tokens,
            ApnsPushes pushes,
            PushWindow window,
            AppleWalletProvider provider) {}

    private final AppleSettings settings;
    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;
    private final ObjectProvider<ObjectContents> contents;
    private final ObjectProvider<ObjectEvents> events;
    private final ObjectProvider<DeliveryReports> deliveries;
    private final Path dataDir;
    private final String downloadBase;
    private volatile @Nullable Running running;

    AppleWallet(
            AppleSettings settings,
            NamedParameterJdbcTemplate jdbc,
            Clock clock,
            ObjectProvider<ObjectContents> contents,
            ObjectProvider<ObjectEvents> events,
            ObjectProvider<DeliveryReports> deliveries,
            @Value("${wallet.data-dir:./data}") String dataDir,
            @Value("${wallet.download-base-url:http://localhost:8080}") String downloadBase) {
        this.settings = settings;
        this.jdbc = jdbc;
        this.clock = clock;
        this.contents = contents;
        this.events = events;
        this.deliveries = deliveries;
        this.dataDir = Path.of(dataDir);
        this.downloadBase = downloadBase;
    }

    /**
     * The mode as a provider implementation. A bean of its own, so that whatever wraps provider
     * factories (metering, tests' recorders) never replaces the web service's view of the mode.
     */
    @org.springframework.context.annotation.Bean
    static WalletProviderFactory appleAlphaFactory(ObjectProvider<AppleWallet> wallet) {
        return new WalletProviderFactory() {
            @Override
            public ProviderName provider() {
                return ProviderName.alpha;
            }

            @Override
            public String mode() {
                return MODE;
            }

            @Override
            public WalletProvider create() {
                return wallet.getObject().start();
            }
        };
    }

    synchronized WalletProvider start() {
        if (running == null) {
            PassCredentials credentials = PassCredentials.load(settings, dataDir, clock);
            PassStore store = new PassStore(jdbc, clock);
            PassRenderer renderer = new PassRenderer(credentials, new PassImages(), downloadBase);
            AuthTokens tokens = AuthTokens.inDataDirectory(dataDir);
            ApnsPushes pushes = new ApnsPushes(settings, credentials, store);
            pushes.onRegistrationGone(registration -> deliveryReport(reports -> reports.deviceGone(
                    ProviderName.alpha, registration.serialNumber(), registration.deviceLibraryId())));
            pushes.onLastRegistrationGone(serial -> removed(serial, "apns-gone-" + serial + "-" + clock.millis()));
            PushWindow window = new PushWindow(pushes, settings.pushWindow());
            running = new Running(
                    renderer, store, tokens, pushes, window, new AppleWalletProvider(renderer, store, tokens, window));
        }
        return running.provider();
    }

    /** The card module's ports, looked up when first used: they are built after the providers. */
    ObjectContents contents() {
        return contents.getObject();
    }

    ObjectEvents events() {
        return events.getObject();
    }

    /**
     * Tells the card module a delivery fact; a failure to record it never fails what the device
     * asked for (the fact goes stale instead).
     */
    void deliveryReport(Consumer<DeliveryReports> report) {
        try {
            report.accept(deliveries.getObject());
        } catch (RuntimeException e) {
            log.warn("Recording an update delivery failed: {}", e.toString());
        }
    }

    /** Tells the card module that no device has the pass any more. */
    void removed(String serialNumber, String eventId) {
        try {
            events().report(new ObjectEvent(
                    ProviderName.alpha, serialNumber, eventId, ObjectEvent.Kind.REMOVED, clock.instant()));
        } catch (NotFound gone) {
            // The card was deleted meanwhile: nothing left to mark.
        }
    }

    /** The running mode; empty when {@code alpha} runs in another mode. */
    Optional<Running> running() {
        return Optional.ofNullable(running);
    }

    @Override
    public void destroy() {
        Running current = running;
        if (current != null) {
            current.pushes().close();
        }
    }
}
