package com.walletcards.provider.openid4vci;

/**
 * The most proofs, so credentials, one credential request may carry ({@code WALLET_EUDIW_BATCH_SIZE}):
 * the EU reference wallet asks for a batch (one credential per presentation, so verifiers cannot
 * link them) up to the issuer's limit.
 */
record BatchSize(int credentials) {

    static final int DEFAULT = 10;

    /** The largest batch a deployment may configure: it bounds a request's size and its work. */
    static final int MAX = 100;

    BatchSize {
        if (credentials < 1 || credentials > MAX) {
            throw new IllegalStateException(
                    "WALLET_EUDIW_BATCH_SIZE must be between 1 and " + MAX + ": " + credentials);
        }
    }
}
