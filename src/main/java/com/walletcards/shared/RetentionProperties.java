package com.walletcards.shared;

import jakarta.validation.constraints.Min;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How long rows that only serve a bounded purpose are kept ({@code WALLET_RETENTION_*}), how often
 * the retention job runs and how many rows one of its transactions deletes.
 */
@Validated
@ConfigurationProperties("wallet.retention")
public record RetentionProperties(
        @DefaultValue("PT1H") Duration interval,
        @DefaultValue("1000") @Min(1) int batchSize,
        @DefaultValue("P30D") Duration webhookEvents,
        @DefaultValue("PT24H") Duration idempotencyKeys,
        @DefaultValue("P30D") Duration providerEvents) {}
