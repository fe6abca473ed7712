package com.walletcards.provider.google;

import java.net.URI;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code google} mode's settings ({@code WALLET_BETA_*}, contract §11). Only the service
 * account file and the issuer id are required, and only in that mode; the URLs are settable so
 * that tests (and a proxy) can stand in for Google.
 *
 * @param tokenUrl where access tokens come from; empty means the key file's own {@code token_uri}
 * @param requestsPerSecond the token bucket of calls to the API (Google allows about 20 per issuer)
 * @param reconcileInterval how often objects whose save was never reported are looked up at Google
 * @param maxAttempts tries of one call on 429 and 5xx, with growing pauses, before the caller's
 *     own retry (a background job's backoff) takes over
 */
@ConfigurationProperties("wallet.providers.settings.beta.google")
record GoogleWalletSettings(
        @Nullable String serviceAccountFile,
        @Nullable String issuerId,

        @DefaultValue("https://walletobjects.googleapis.com/walletobjects/v1/")
        URI apiBaseUrl,

        @Nullable String tokenUrl,

        @DefaultValue("https://pay.google.com/gp/m/issuer/keys")
        URI callbackKeysUrl,

        @DefaultValue("GooglePayPasses") String callbackSenderId,
        @DefaultValue("15") double requestsPerSecond,
        @DefaultValue("3") int maxAttempts,
        @DefaultValue("PT0.2S") Duration firstBackoff,
        @DefaultValue("PT10S") Duration requestTimeout,
        @DefaultValue("PT1H") Duration callbackKeysTtl,
        @DefaultValue("https://pay.google.com/gp/v/save/") String saveUrlPrefix,
        @DefaultValue("P1D") Duration reconcileInterval,
        @DefaultValue("1000") int reconcileBatchSize) {

    static final String FILE_VARIABLE = "WALLET_BETA_SERVICE_ACCOUNT_FILE";
    static final String ISSUER_VARIABLE = "WALLET_BETA_ISSUER_ID";

    boolean configured() {
        return serviceAccountFile != null && !serviceAccountFile.isBlank();
    }

    /** The issuer id, checked: Google's issuer ids are numbers. */
    String checkedIssuerId() {
        if (issuerId == null || !issuerId.trim().matches("[0-9]{1,30}")) {
            throw new IllegalStateException(ISSUER_VARIABLE + " must be the numeric issuer id of the Google Wallet"
                    + " console (Google Pay & Wallet Console, Google Wallet API), got: "
                    + (issuerId == null || issuerId.isBlank() ? "nothing" : "'" + issuerId + "'"));
        }
        if (!(requestsPerSecond > 0)) {
            throw new IllegalStateException("WALLET_BETA_REQUESTS_PER_SECOND must be positive");
        }
        return issuerId.trim();
    }
}
