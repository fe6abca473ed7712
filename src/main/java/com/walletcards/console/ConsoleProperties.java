package com.walletcards.console;

import jakarta.validation.constraints.Min;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Console settings (docs/console.md): the bootstrap owner ({@code WALLET_BOOTSTRAP_OWNER_EMAIL},
 * {@code WALLET_BOOTSTRAP_OWNER_PASSWORD}), the public origin whose scheme decides the cookie's
 * {@code Secure} flag, how long a set-password link lives, the sign-in limits, and the optional
 * OpenID Connect provider for single sign-on ({@code WALLET_OIDC_ISSUER_URI},
 * {@code WALLET_OIDC_CLIENT_ID}, {@code WALLET_OIDC_CLIENT_SECRET}, {@code WALLET_OIDC_PROVIDER_NAME}).
 */
@Validated
@ConfigurationProperties("wallet.console")
record ConsoleProperties(
        @DefaultValue("owner@example.com") String bootstrapOwnerEmail,
        @Nullable String bootstrapOwnerPassword,
        @DefaultValue("./data") Path dataDir,
        @DefaultValue("http://localhost:8080") String publicBaseUrl,
        @DefaultValue("P7D") Duration passwordLinkValidity,
        @DefaultValue("5") @Min(1) int failuresPerAccount,
        @DefaultValue("PT15M") Duration failureWindow,
        @DefaultValue("30") @Min(1) int signInsPerClientPerMinute,
        @Nullable String oidcIssuerUri,
        @Nullable String oidcClientId,
        @Nullable String oidcClientSecret,
        @Nullable String oidcProviderName) {

    /** The bootstrap link is valid for a day (contract, "The console"). */
    static final Duration BOOTSTRAP_LINK_VALIDITY = Duration.ofHours(24);

    boolean hasBootstrapPassword() {
        return bootstrapOwnerPassword != null && !bootstrapOwnerPassword.isBlank();
    }

    /**
     * Single sign-on is on when the issuer and the client are all set; a part of them alone is a
     * mistake worth stopping the start for, rather than a console that silently lacks the button.
     */
    boolean singleSignOn() {
        int set = (given(oidcIssuerUri) ? 1 : 0) + (given(oidcClientId) ? 1 : 0) + (given(oidcClientSecret) ? 1 : 0);
        if (set > 0 && set < 3) {
            throw new IllegalStateException("Single sign-on needs all of WALLET_OIDC_ISSUER_URI, WALLET_OIDC_CLIENT_ID"
                    + " and WALLET_OIDC_CLIENT_SECRET; only " + set + " of them is set");
        }
        return set == 3;
    }

    private static boolean given(@Nullable String value) {
        return value != null && !value.isBlank();
    }

    boolean secureCookies() {
        return publicBaseUrl.regionMatches(true, 0, "https:", 0, 6);
    }

    String origin() {
        return publicBaseUrl.endsWith("/") ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
    }
}
