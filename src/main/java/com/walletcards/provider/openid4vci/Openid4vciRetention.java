package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Retention;
import java.time.Duration;
import java.time.OffsetDateTime;

/**
 * Deletes the issuer's rows that can no longer serve, once older than the period
 * ({@code WALLET_RETENTION_OPENID4VCI}, docs/retention.md): offers, access and refresh tokens,
 * spent nonces and DPoP proofs expired before the cutoff, refresh tokens of revoked cards. Issued credentials stay, so that a status
 * list index is never given twice; transaction codes are one row per card.
 */
final class Openid4vciRetention implements Retention {

    private final RetentionQueries store;
    private final Duration period;

    Openid4vciRetention(RetentionQueries store, Duration period) {
        this.store = store;
        this.period = period;
    }

    @Override
    public String name() {
        return "expired OpenID4VCI offers and tokens";
    }

    @Override
    public Duration period() {
        return period;
    }

    @Override
    public int deleteBatch(OffsetDateTime cutoff, int limit) {
        return store.deleteExpired(cutoff, limit);
    }
}
