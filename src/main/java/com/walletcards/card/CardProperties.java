package com.walletcards.card;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code WALLET_DOWNLOAD_BASE_URL}: the public origin of card links ({@code {download_base}/c/<code>}),
 * and how live updates are pushed ({@code wallet.propagation.*}, see docs/background-work.md).
 */
@ConfigurationProperties("wallet")
public record CardProperties(
        @DefaultValue("http://localhost:8080") String downloadBaseUrl,
        @DefaultValue Propagation propagation) {

    public String link(String path) {
        String base = downloadBaseUrl.endsWith("/")
                ? downloadBaseUrl.substring(0, downloadBaseUrl.length() - 1)
                : downloadBaseUrl;
        return base + path;
    }

    /**
     * @param batchSize cards per batch execution (and per transaction)
     * @param debounce how long a run waits after the first change, so quick successive edits
     *     reach the cards as one push
     * @param checkInterval how often a campaign run looks whether its batches are done
     * @param retryDelay first delay after a failed attempt; doubles per attempt
     * @param maxRetryDelay the longest delay between two attempts
     * @param maxAttempts attempts of a batch before a provider that keeps failing is recorded as
     *     the object's last error and the batch gives up
     * @param pushLease how long a worker may take to push to one object before another may; longer
     *     than any provider call's timeout
     */
    public record Propagation(
            @DefaultValue("500") int batchSize,
            @DefaultValue("PT0S") Duration debounce,
            @DefaultValue("PT0.5S") Duration checkInterval,
            @DefaultValue("PT1S") Duration retryDelay,
            @DefaultValue("PT5M") Duration maxRetryDelay,
            @DefaultValue("12") int maxAttempts,
            @DefaultValue("PT1M") Duration pushLease) {

        public Propagation {
            if (batchSize < 1 || maxAttempts < 1) {
                throw new IllegalArgumentException("wallet.propagation.batch-size and max-attempts must be at least 1");
            }
        }
    }
}
