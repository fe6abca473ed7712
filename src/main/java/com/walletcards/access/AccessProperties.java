package com.walletcards.access;

import jakarta.validation.constraints.Min;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Access settings, from the environment: {@code WALLET_BOOTSTRAP_API_KEY}, {@code
 * WALLET_ADMIN_TOKEN}, {@code WALLET_RATE_LIMIT_PER_SECOND}, {@code WALLET_DATA_DIR}, {@code
 * WALLET_METRICS_TOKEN}.
 */
@Validated
@ConfigurationProperties("wallet.access")
public record AccessProperties(
        @Nullable String bootstrapApiKey,
        @Nullable String adminToken,
        @DefaultValue("1000") @Min(1) int rateLimitPerSecond,
        @DefaultValue("./data") Path dataDir,
        @Nullable String metricsToken) {

    boolean adminEnabled() {
        return adminToken != null && !adminToken.isBlank();
    }

    boolean hasBootstrapKey() {
        return bootstrapApiKey != null && !bootstrapApiKey.isBlank();
    }
}
