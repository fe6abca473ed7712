package com.walletcards.access;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Access settings, from the environment: {@code WALLET_BOOTSTRAP_API_KEY}, {@code
 * WALLET_ADMIN_TOKEN}, {@code WALLET_RATE_LIMIT_PER_SECOND}, {@code WALLET_DATA_DIR}, {@code
 * WALLET_METRICS_TOKEN}, {@code WALLET_ORGANIZATION_NAME} (the bootstrap organization's name:
 * the issuer name on its cards) and {@code WALLET_ORGANIZATION_CONTACT_EMAIL} (its contact email:
 * the reply address of its invite emails, shown on its card pages).
 */
@Validated
@ConfigurationProperties("wallet.access")
record AccessProperties(
        @Nullable String bootstrapApiKey,
        @Nullable String adminToken,
        @DefaultValue("1000") @Min(1) int rateLimitPerSecond,
        @DefaultValue("./data") Path dataDir,
        @Nullable String metricsToken,
        @Nullable @Size(max = 200) String organizationName,
        @Nullable String organizationContactEmail) {

    boolean adminEnabled() {
        return adminToken != null && !adminToken.isBlank();
    }

    boolean hasOrganizationName() {
        return organizationName != null && !organizationName.isBlank();
    }

    boolean hasOrganizationContactEmail() {
        return organizationContactEmail != null && !organizationContactEmail.isBlank();
    }

    boolean hasBootstrapKey() {
        return bootstrapApiKey != null && !bootstrapApiKey.isBlank();
    }
}
