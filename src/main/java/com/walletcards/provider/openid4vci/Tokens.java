package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The token endpoint (a pre-authorized code or a refresh token for an access token) and the
 * access tokens the credential and notification endpoints are called with.
 */
final class Tokens {

    static final String PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";
    static final Duration ACCESS_TOKEN_LIFETIME = Duration.ofMinutes(5);

    /** RFC 6749 §5.1: the token response. */
    record TokenResponse(
            @JsonProperty("access_token") String accessToken,
            @JsonProperty("token_type") String tokenType,
            @JsonProperty("expires_in") long expiresIn,
            @JsonProperty("refresh_token") String refreshToken) {}

    private final OfferQueries offers;
    private final TokenQueries tokens;
    private final AccessTokens accessTokens;
    private final TxCodeChecks txCodes;
    private final ObjectContents contents;
    private final Clock clock;

    Tokens(
            OfferQueries offers,
            TokenQueries tokens,
            AccessTokens accessTokens,
            TxCodeChecks txCodes,
            ObjectContents contents,
            Clock clock) {
        this.offers = offers;
        this.tokens = tokens;
        this.accessTokens = accessTokens;
        this.txCodes = txCodes;
        this.contents = contents;
        this.clock = clock;
    }

    TokenResponse grant(
            @Nullable String grantType, @Nullable String code, @Nullable String txCode, @Nullable String refreshToken) {
        if (grantType == null || grantType.isBlank()) {
            throw Openid4vciError.badRequest("invalid_request", "grant_type is required");
        }
        Instant now = Times.now(clock);
        Holder holder;
        String refresh;
        if (PRE_AUTHORIZED_GRANT.equals(grantType)) {
            if (code == null || code.isBlank()) {
                throw Openid4vciError.badRequest("invalid_request", "pre-authorized_code is required");
            }
            txCodes.check(code, txCode, now);
            holder = code.length() > 100 ? null : offers.redeem(code, now).orElse(null);
            if (holder == null) {
                throw Openid4vciError.badRequest(
                        "invalid_grant", "The pre-authorized code is unknown, expired or already used");
            }
            refresh = Secrets.random();
            tokens.saveRefreshToken(refresh, holder, now);
        } else if ("refresh_token".equals(grantType)) {
            if (refreshToken == null || refreshToken.isBlank()) {
                throw Openid4vciError.badRequest("invalid_request", "refresh_token is required");
            }
            holder = refreshToken.length() > 100
                    ? null
                    : tokens.refreshToken(refreshToken, now).orElse(null);
            if (holder == null || !live(holder.objectRef())) {
                throw Openid4vciError.badRequest("invalid_grant", "The refresh token is not valid");
            }
            refresh = refreshToken;
        } else {
            throw Openid4vciError.badRequest(
                    "unsupported_grant_type", "Supported: " + PRE_AUTHORIZED_GRANT + ", refresh_token");
        }
        String access = Secrets.random();
        accessTokens.save(access, holder, now, now.plus(ACCESS_TOKEN_LIFETIME));
        return new TokenResponse(access, "Bearer", ACCESS_TOKEN_LIFETIME.toSeconds(), refresh);
    }

    private boolean live(String objectRef) {
        return contents.find(ProviderName.eudiw, objectRef)
                .map(c -> c.state() == ObjectContents.State.LIVE)
                .orElse(false);
    }

    /** The holder of the request's Bearer access token, while it is valid. */
    Holder holder(@Nullable String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new Openid4vciError(401, "invalid_token", "A Bearer access token is required");
        }
        String token = authorization.substring(7).trim();
        if (token.isEmpty() || token.length() > 100) {
            throw new Openid4vciError(401, "invalid_token", "The access token is unknown or expired");
        }
        return accessTokens
                .holder(token, Times.now(clock))
                .orElseThrow(() -> new Openid4vciError(401, "invalid_token", "The access token is unknown or expired"));
    }
}
