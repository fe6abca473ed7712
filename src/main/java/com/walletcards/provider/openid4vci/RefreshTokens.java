package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * Refresh tokens, stored hashed (docs/adr/0031-openid4vci-dpop-and-refresh-tokens.md). Each use
 * rotates one: the used token is marked spent and a new one of the same family takes its place,
 * so a spent token seen again means two parties hold the family, and the family is revoked
 * (RFC 9700 §4.14.2). A token is bound to the wallet key of its family ({@code jkt}) or to none.
 */
final class RefreshTokens {

    /** A stored refresh token, valid or not. */
    record Refresh(Holder holder, @Nullable String jkt, String family, boolean spent, Instant expiresAt) {}

    private final NamedParameterJdbcTemplate jdbc;
    private final Duration lifetime;

    RefreshTokens(NamedParameterJdbcTemplate jdbc, Duration lifetime) {
        if (lifetime.isNegative() || lifetime.isZero()) {
            throw new IllegalStateException("WALLET_EUDIW_REFRESH_TOKEN_LIFETIME must be positive: " + lifetime);
        }
        this.jdbc = jdbc;
        this.lifetime = lifetime;
    }

    Duration lifetime() {
        return lifetime;
    }

    /** A new refresh token of {@code family} (null: the first of a new family), valid for the lifetime from now. */
    String issue(Holder holder, @Nullable String jkt, @Nullable String family, Instant now) {
        String token = Secrets.random();
        String hash = Secrets.hash(token);
        jdbc.update(
                """
                INSERT INTO openid4vci_tokens
                (token_hash, kind, object_ref, wallet_card_id, created_at, expires_at, jkt, family)
                VALUES (:hash, 'refresh', :ref, :card, :now, :expires, :jkt, :family)""",
                new MapSqlParameterSource("hash", hash)
                        .addValue("ref", holder.objectRef())
                        .addValue("card", holder.walletCardId())
                        .addValue("now", Times.db(now))
                        .addValue("expires", Times.db(now.plus(lifetime)))
                        .addValue("jkt", jkt, java.sql.Types.VARCHAR)
                        .addValue("family", family == null ? hash : family));
        return token;
    }

    /** The stored refresh token, spent or expired too (the caller tells them apart). */
    Optional<Refresh> find(String token) {
        return jdbc
                .query(
                        """
                        SELECT object_ref, wallet_card_id, jkt, family, spent_at, expires_at FROM openid4vci_tokens
                        WHERE token_hash = :hash AND kind = 'refresh'""",
                        new MapSqlParameterSource("hash", Secrets.hash(token)),
                        (rs, i) -> new Refresh(
                                new Holder(rs.getString(1), rs.getString(2)),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getObject(5) != null,
                                rs.getObject(6, OffsetDateTime.class).toInstant()))
                .stream()
                .findFirst();
    }

    /** Marks the token spent; false when another request spent it first (or it expired meanwhile). */
    boolean spend(String token, Instant now) {
        return jdbc.update("""
                        UPDATE openid4vci_tokens SET spent_at = :now WHERE token_hash = :hash AND kind = 'refresh'
                        AND spent_at IS NULL AND expires_at > :now""", new MapSqlParameterSource("hash", Secrets.hash(token)).addValue("now", Times.db(now)))
                == 1;
    }

    /** Deletes every refresh token of the family: none of them is accepted again. */
    int revokeFamily(String family) {
        return jdbc.update(
                "DELETE FROM openid4vci_tokens WHERE kind = 'refresh' AND family = :family",
                new MapSqlParameterSource("family", family));
    }
}
