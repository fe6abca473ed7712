package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** Offers' pre-authorized codes (hashed): saved with the offer, redeemed once for tokens. */
final class OfferQueries {

    /** Wrong transaction codes an offer's code (and the object's transaction code) survives. */
    static final int MAX_CODE_ATTEMPTS = 5;

    private final NamedParameterJdbcTemplate jdbc;

    OfferQueries(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void saveOffer(String code, Holder holder, Instant now, Instant expires) {
        jdbc.update(
                """
                INSERT INTO openid4vci_offers (code_hash, object_ref, wallet_card_id, created_at, expires_at)
                VALUES (:hash, :ref, :card, :now, :expires)""",
                new MapSqlParameterSource("hash", Secrets.hash(code))
                        .addValue("ref", holder.objectRef())
                        .addValue("card", holder.walletCardId())
                        .addValue("now", Times.db(now))
                        .addValue("expires", Times.db(expires)));
    }

    /** The holder of an offer that can still be redeemed (for showing the offer). */
    Optional<Holder> openOffer(String code, Instant now) {
        return jdbc
                .query(
                        """
                        SELECT object_ref, wallet_card_id FROM openid4vci_offers WHERE code_hash = :hash
                        AND used_at IS NULL AND expires_at > :now AND failed_attempts < :max""",
                        new MapSqlParameterSource("hash", Secrets.hash(code))
                                .addValue("now", Times.db(now))
                                .addValue("max", MAX_CODE_ATTEMPTS),
                        (rs, i) -> new Holder(rs.getString(1), rs.getString(2)))
                .stream()
                .findFirst();
    }

    /**
     * Redeems a code once: of concurrent token requests with the same code exactly one gets the
     * holder. A wrong, expired, used or exhausted code gives empty.
     */
    Optional<Holder> redeem(String code, Instant now) {
        Optional<Holder> holder = openOffer(code, now);
        if (holder.isEmpty()) {
            return Optional.empty();
        }
        int won = jdbc.update(
                """
                UPDATE openid4vci_offers SET used_at = :now WHERE code_hash = :hash AND used_at IS NULL
                AND expires_at > :now AND failed_attempts < :max""",
                new MapSqlParameterSource("hash", Secrets.hash(code))
                        .addValue("now", Times.db(now))
                        .addValue("max", MAX_CODE_ATTEMPTS));
        return won == 1 ? holder : Optional.empty();
    }
}
