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
 * {@code Secure} flag, how long a set-password link lives, and the sign-in limits.
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
        @DefaultValue("30") @Min(1) int signInsPerClientPerMinute) {

    /** The bootstrap link is valid for a day (contract, "The console"). */
    static final Duration BOOTSTRAP_LINK_VALIDITY = Duration.ofHours(24);

    boolean hasBootstrapPassword() {
        return bootstrapOwnerPassword != null && !bootstrapOwnerPassword.isBlank();
    }

    boolean secureCookies() {
        return publicBaseUrl.regionMatches(true, 0, "https:", 0, 6);
    }

    String origin() {
        return publicBaseUrl.endsWith("/") ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
    }
}
