package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** Access tokens (short-lived), hashed; refresh tokens are {@link RefreshTokens}'. */
final class TokenQueries {

    /** A valid access token's holder, the key it is bound to (null: Bearer) and the end of its validity. */
    record AccessToken(Holder holder, @Nullable String jkt, Instant expiresAt) {}

    private final NamedParameterJdbcTemplate jdbc;

    TokenQueries(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void saveAccessToken(String token, Holder holder, @Nullable String jkt, Instant now, Instant expires) {
        jdbc.update(
                """
                INSERT INTO openid4vci_tokens (token_hash, kind, object_ref, wallet_card_id, created_at, expires_at, jkt)
                VALUES (:hash, 'access', :ref, :card, :now, :expires, :jkt)""",
                new MapSqlParameterSource("hash", Secrets.hash(token))
                        .addValue("ref", holder.objectRef())
                        .addValue("card", holder.walletCardId())
                        .addValue("now", Times.db(now))
                        .addValue("expires", Times.db(expires))
                        .addValue("jkt", jkt, java.sql.Types.VARCHAR));
    }

    /** The access token stored under {@code hash}, while it is valid. */
    Optional<AccessToken> accessToken(String hash, Instant now) {
        return jdbc
                .query(
                        """
                        SELECT object_ref, wallet_card_id, jkt, expires_at FROM openid4vci_tokens
                        WHERE token_hash = :hash AND kind = 'access' AND expires_at > :now""",
                        new MapSqlParameterSource("hash", hash).addValue("now", Times.db(now)),
                        (rs, i) -> new AccessToken(
                                new Holder(rs.getString(1), rs.getString(2)),
                                rs.getString(3),
                                rs.getObject(4, OffsetDateTime.class).toInstant()))
                .stream()
                .findFirst();
    }
}
