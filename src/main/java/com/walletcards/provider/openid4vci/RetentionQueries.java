package com.walletcards.provider.openid4vci;

import java.time.OffsetDateTime;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** Deletes the issuer's rows that can no longer serve ({@link Openid4vciRetention}). */
final class RetentionQueries {

    private final NamedParameterJdbcTemplate jdbc;

    RetentionQueries(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Deletes up to {@code limit} rows that can no longer serve: offers, access and refresh tokens
     * (spent ones too) expired before the cutoff, spent nonces and DPoP proofs that expired before
     * it, and refresh tokens of objects whose credentials were revoked (refused anyway) and
     * created before it. Answers how many went.
     */
    int deleteExpired(OffsetDateTime cutoff, int limit) {
        var params = new MapSqlParameterSource("cutoff", cutoff).addValue("limit", limit);
        int deleted = jdbc.update("""
                DELETE FROM openid4vci_offers WHERE code_hash IN (SELECT code_hash FROM openid4vci_offers
                WHERE expires_at < :cutoff ORDER BY expires_at LIMIT :limit)""", params);
        if (deleted < limit) {
            deleted += jdbc.update("""
                    DELETE FROM openid4vci_tokens WHERE token_hash IN (SELECT token_hash FROM openid4vci_tokens
                    WHERE expires_at < :cutoff ORDER BY expires_at LIMIT :limit)""", params.addValue("limit", limit - deleted));
        }
        if (deleted < limit) {
            deleted += jdbc.update("""
                    DELETE FROM openid4vci_tokens WHERE token_hash IN (SELECT t.token_hash FROM openid4vci_tokens t
                    WHERE t.kind = 'refresh' AND t.created_at < :cutoff AND EXISTS (SELECT 1 FROM
                    openid4vci_credentials c WHERE c.object_ref = t.object_ref AND c.revoked = TRUE)
                    ORDER BY t.created_at LIMIT :limit)""", params.addValue("limit", limit - deleted));
        }
        if (deleted < limit) {
            deleted += jdbc.update("""
                    DELETE FROM openid4vci_spent_nonces WHERE nonce_hash IN (SELECT nonce_hash FROM
                    openid4vci_spent_nonces WHERE expires_at < :cutoff ORDER BY expires_at LIMIT :limit)""", params.addValue("limit", limit - deleted));
        }
        if (deleted < limit) {
            deleted += jdbc.update("""
                    DELETE FROM openid4vci_spent_dpop_proofs WHERE proof_hash IN (SELECT proof_hash FROM
                    openid4vci_spent_dpop_proofs WHERE expires_at < :cutoff ORDER BY expires_at LIMIT :limit)""", params.addValue("limit", limit - deleted));
        }
        return deleted;
    }
}
