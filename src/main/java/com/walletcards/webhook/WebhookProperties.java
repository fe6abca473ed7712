package com.walletcards.webhook;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.hibernate.validator.constraints.time.DurationMin;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Webhook settings. From the environment: {@code WALLET_WEBHOOKS_ALLOW_PRIVATE_TARGETS}, {@code
 * WALLET_WEBHOOK_SECRET_KEY}, {@code WALLET_WEBHOOKS_REQUEST_TIMEOUT}, {@code
 * WALLET_WEBHOOKS_CONCURRENCY}; the rest exist so that tests can shorten the waits.
 *
 * @param allowPrivateTargets deliver to loopback, private and link-local addresses (development only)
 * @param secretKey Tink AEAD keyset (JSON, or base64 of it) that encrypts signing secrets at rest;
 *     when blank, one is generated once and kept in {@code <dataDir>/webhook-secret.key}
 * @param dataDir where a generated secret key is kept
 * @param requestTimeout connect and response timeout of one delivery attempt
 * @param retryDelays the waits between attempts: the first attempt is immediate, the n-th retry
 *     waits the n-th delay; after the last one the delivery is given up
 * @param jitter random spread of each wait, as a fraction (0.1 = plus or minus 10 %)
 * @param disableAfter a subscription whose deliveries failed continuously this long is disabled
 * @param previousSecretValidity how long a rotated-out secret keeps signing
 * @param pollInterval how often each instance looks for due deliveries
 * @param concurrency parallel deliveries per instance
 * @param maxResponseBytes how much of a response body is read (and partly kept in the log)
 */
@Validated
@ConfigurationProperties("wallet.webhooks")
record WebhookProperties(
        @DefaultValue("false") boolean allowPrivateTargets,
        @Nullable String secretKey,
        @DefaultValue("./data") Path dataDir,
        @DefaultValue("15s") @DurationMin(millis = 100) Duration requestTimeout,

        @DefaultValue({"5s", "5m", "30m", "2h", "5h", "10h", "14h", "20h", "24h"}) @NotEmpty
        List<@DurationMin(millis = 0) Duration> retryDelays,

        @DefaultValue("0.1") @DecimalMin("0.0") @DecimalMax("0.5")
        double jitter,

        @DefaultValue("5d") @DurationMin(seconds = 1) Duration disableAfter,
        @DefaultValue("24h") @DurationMin(seconds = 0) Duration previousSecretValidity,
        @DefaultValue("1s") @DurationMin(millis = 10) Duration pollInterval,
        @DefaultValue("8") @Min(1) @Max(256) int concurrency,
        @DefaultValue("4096") @Min(0) @Max(65536) int maxResponseBytes) {

    boolean hasSecretKey() {
        return secretKey != null && !secretKey.isBlank();
    }
}
