package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** Access tokens (short-lived) and refresh tokens (until their card is revoked), hashed. */
final class TokenQueries {

    private static final String ACCESS = "access";
    private static final String REFRESH = "refresh";

    /** A valid access token's holder and the end of its validity. */
    record AccessToken(Holder holder, Instant expiresAt) {}

    private final NamedParameterJdbcTemplate jdbc;

    TokenQueries(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void saveAccessToken(String token, Holder holder, Instant now, Instant expires) {
        save(token, ACCESS, holder, now, expires);
    }

    /** A refresh token does not expire: it serves while its card is live. */
    void saveRefreshToken(String token, Holder holder, Instant now) {
        save(token, REFRESH, holder, now, null);
    }

    private void save(String token, String kind, Holder holder, Instant now, @Nullable Instant expires) {
        jdbc.update(
                """
                INSERT INTO openid4vci_tokens (token_hash, kind, object_ref, wallet_card_id, created_at, expires_at)
                VALUES (:hash, :kind, :ref, :card, :now, :expires)""",
                new MapSqlParameterSource("hash", Secrets.hash(token))
                        .addValue("kind", kind)
                        .addValue("ref", holder.objectRef())
                        .addValue("card", holder.walletCardId())
                        .addValue("now", Times.db(now))
                        .addValue("expires", Times.db(expires), java.sql.Types.TIMESTAMP_WITH_TIMEZONE));
    }

    /** The holder of a refresh token. */
    Optional<Holder> refreshToken(String token, Instant now) {
        return jdbc
                .query(
                        """
                        SELECT object_ref, wallet_card_id FROM openid4vci_tokens WHERE token_hash = :hash
                        AND kind = :kind AND (expires_at IS NULL OR expires_at > :now)""",
                        new MapSqlParameterSource("hash", Secrets.hash(token))
                                .addValue("kind", REFRESH)
                                .addValue("now", Times.db(now)),
                        (rs, i) -> new Holder(rs.getString(1), rs.getString(2)))
                .stream()
                .findFirst();
    }

    /** The access token stored under {@code hash}, while it is valid. */
    Optional<AccessToken> accessToken(String hash, Instant now) {
        return jdbc
                .query(
                        """
                        SELECT object_ref, wallet_card_id, expires_at FROM openid4vci_tokens WHERE token_hash = :hash
                        AND kind = 'access' AND expires_at > :now""",
                        new MapSqlParameterSource("hash", hash).addValue("now", Times.db(now)),
                        (rs, i) -> new AccessToken(
                                new Holder(rs.getString(1), rs.getString(2)),
                                rs.getObject(3, OffsetDateTime.class).toInstant()))
                .stream()
                .findFirst();
    }
}
