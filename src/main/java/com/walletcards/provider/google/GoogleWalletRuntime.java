package com.walletcards.provider.google;

import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * What the google mode created, for the parts of this package that serve it from outside the
 * provider (callbacks, reconciliation); empty while {@code beta} runs in another mode. A bean of
 * its own rather than state on the factory, so that whatever wraps provider factories (metering,
 * test recorders) leaves these parts their view.
 */
@Component
class GoogleWalletRuntime {

    private volatile @Nullable GoogleWalletProvider provider;
    private volatile @Nullable GoogleCallbacks callbacks;

    void started(GoogleWalletProvider provider, GoogleCallbacks callbacks) {
        this.callbacks = callbacks;
        this.provider = provider;
    }

    /** The provider, when {@code beta} runs in this mode. */
    Optional<GoogleWalletProvider> created() {
        return Optional.ofNullable(provider);
    }

    /** The callback verifier, when {@code beta} runs in this mode. */
    Optional<GoogleCallbacks> callbacks() {
        return Optional.ofNullable(callbacks);
    }
}
