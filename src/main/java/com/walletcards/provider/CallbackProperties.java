package com.walletcards.provider;

import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Callback secrets per provider ({@code WALLET_PROVIDER_<ALPHA|BETA|EUDIW>_CALLBACK_SECRET}) and the
 * tolerated clock skew of a signature's timestamp.
 */
@ConfigurationProperties("wallet.providers")
record CallbackProperties(
        @Nullable Map<String, Provider> settings,
        @DefaultValue("PT5M") java.time.Duration signatureTolerance) {

    record Provider(@Nullable String callbackSecret) {}

    Optional<String> secret(String provider) {
        if (settings == null || settings.get(provider) == null) {
            return Optional.empty();
        }
        String secret = settings.get(provider).callbackSecret();
        return secret == null || secret.isBlank() ? Optional.empty() : Optional.of(secret);
    }
}
