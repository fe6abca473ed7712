package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Instant;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** Each object's transaction code (hashed) and the wrong codes sent for it. */
final class TxCodeQueries {

    private final NamedParameterJdbcTemplate jdbc;

    TxCodeQueries(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Replaces the object's transaction code (a new invitation email makes the previous one void). */
    void saveTxCode(String objectRef, String codeHash, Instant now) {
        var params = new MapSqlParameterSource("ref", objectRef)
                .addValue("hash", codeHash)
                .addValue("now", Times.db(now));
        for (int attempt = 0; attempt < 3; attempt++) {
            if (jdbc.update("""
                            UPDATE openid4vci_tx_codes SET code_hash = :hash, created_at = :now, failed_attempts = 0
                            WHERE object_ref = :ref""", params) == 1) {
                return;
            }
            try {
                jdbc.update("""
                        INSERT INTO openid4vci_tx_codes (object_ref, code_hash, created_at)
                        VALUES (:ref, :hash, :now)""", params);
                return;
            } catch (DuplicateKeyException e) {
                // A concurrent invitation inserted first; update over it.
            }
        }
    }

    record TxCode(String codeHash, int failedAttempts) {}

    Optional<TxCode> txCode(String objectRef) {
        return jdbc
                .query(
                        "SELECT code_hash, failed_attempts FROM openid4vci_tx_codes WHERE object_ref = :ref",
                        new MapSqlParameterSource("ref", objectRef),
                        (rs, i) -> new TxCode(rs.getString(1), rs.getInt(2)))
                .stream()
                .findFirst();
    }

    /** Counts a wrong transaction code against the object's code and against the offer. */
    void txCodeFailed(String objectRef, String code) {
        jdbc.update(
                "UPDATE openid4vci_tx_codes SET failed_attempts = failed_attempts + 1 WHERE object_ref = :ref",
                new MapSqlParameterSource("ref", objectRef));
        jdbc.update(
                "UPDATE openid4vci_offers SET failed_attempts = failed_attempts + 1 WHERE code_hash = :hash",
                new MapSqlParameterSource("hash", Secrets.hash(code)));
    }
}
