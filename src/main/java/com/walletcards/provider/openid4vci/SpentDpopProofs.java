package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Instant;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * The DPoP proofs already presented (RFC 9449 §11.1), by their key's thumbprint and {@code jti}:
 * a proof is accepted once, on every instance, for as long as its {@code iat} would still admit it.
 */
final class SpentDpopProofs {

    private final NamedParameterJdbcTemplate jdbc;

    SpentDpopProofs(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Records the proof as used; false when it was presented before. */
    boolean spend(String jkt, String jti, Instant expiresAt) {
        // ON CONFLICT rather than a duplicate key: losing must not fail a surrounding transaction.
        return jdbc.update(
                        """
                        INSERT INTO openid4vci_spent_dpop_proofs (proof_hash, expires_at) VALUES (:hash, :expires)
                        ON CONFLICT DO NOTHING""",
                        new MapSqlParameterSource("hash", Secrets.hash(jkt + "." + jti))
                                .addValue("expires", Times.db(expiresAt)))
                == 1;
    }
}
