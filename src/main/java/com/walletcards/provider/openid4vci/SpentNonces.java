package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * The nonces that key proofs have used. A {@link Nonces} value proves only that the issuer made
 * it recently; recording it here makes it single use, on every instance, so a proof cannot be
 * replayed while its nonce is still within its lifetime.
 */
final class SpentNonces {

    private final NamedParameterJdbcTemplate jdbc;

    SpentNonces(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Records the nonce as used; false when it was used before (by any request or instance). */
    boolean spend(String nonce, Instant expiresAt) {
        // ON CONFLICT rather than a duplicate key: losing must not fail a surrounding transaction.
        return jdbc.update("""
                        INSERT INTO openid4vci_spent_nonces (nonce_hash, expires_at) VALUES (:hash, :expires)
                        ON CONFLICT DO NOTHING""", new MapSqlParameterSource("hash", hash(nonce)).addValue("expires", Times.db(expiresAt)))
                == 1;
    }

    private static String hash(String nonce) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(nonce.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
