package com.walletcards.platform.database;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long a request waits for the database, and how long a silence means it is gone
 * (docs/operations.md, ADR 0033).
 *
 * @param requestDeadline from the start of a request, the longest any single wait of the request
 *     for the database may last: with the pool's connection timeout (1.2 s) it bounds the answer
 *     of a request that meets a silent database to about 2 s
 * @param silenceAfter how long the database may leave a ping unanswered before it counts as
 *     unreachable: the difference between 503 SERVICE_UNAVAILABLE and SERVICE_BUSY, and health DOWN
 */
@ConfigurationProperties("wallet.database")
public record DatabaseDeadlineProperties(
        @DefaultValue("1800ms") Duration requestDeadline,
        @DefaultValue("1500ms") Duration silenceAfter) {}
