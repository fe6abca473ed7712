package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The token endpoint: a pre-authorized code or a refresh token for an access token and a new
 * refresh token. With a DPoP proof (RFC 9449) both are bound to the proof's key; without one they
 * are Bearer tokens (docs/adr/0031-openid4vci-dpop-and-refresh-tokens.md).
 */
final class Tokens {

    static final String PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";
    static final String REFRESH_GRANT = "refresh_token";
    static final Duration ACCESS_TOKEN_LIFETIME = Duration.ofMinutes(5);
    static final String PATH = "/wallet/eudiw/token";

    private static final Logger log = LoggerFactory.getLogger(Tokens.class);

    /** RFC 6749 §5.1: the token response; {@code token_type} is {@code DPoP} for bound tokens (RFC 9449 §5). */
    record TokenResponse(
            @JsonProperty("access_token") String accessToken,
            @JsonProperty("token_type") String tokenType,
            @JsonProperty("expires_in") long expiresIn,
            @JsonProperty("refresh_token") String refreshToken) {}

    private final OfferQueries offers;
    private final RefreshTokens refreshTokens;
    private final AccessTokens accessTokens;
    private final TxCodeChecks txCodes;
    private final DpopProofs dpop;
    private final ObjectContents contents;
    private final TransactionTemplate transaction;
    private final Clock clock;

    Tokens(
            OfferQueries offers,
            RefreshTokens refreshTokens,
            AccessTokens accessTokens,
            TxCodeChecks txCodes,
            DpopProofs dpop,
            ObjectContents contents,
            TransactionTemplate transaction,
            Clock clock) {
        this.offers = offers;
        this.refreshTokens = refreshTokens;
        this.accessTokens = accessTokens;
        this.txCodes = txCodes;
        this.dpop = dpop;
        this.contents = contents;
        this.transaction = transaction;
        this.clock = clock;
    }

    /** Answers a token request; {@code proof} is the request's DPoP header, if any. */
    TokenResponse grant(
            @Nullable String grantType,
            @Nullable String code,
            @Nullable String txCode,
            @Nullable String refreshToken,
            @Nullable String proof) {
        if (grantType == null || grantType.isBlank()) {
            throw Openid4vciError.badRequest("invalid_request", "grant_type is required");
        }
        if (!PRE_AUTHORIZED_GRANT.equals(grantType) && !REFRESH_GRANT.equals(grantType)) {
            throw Openid4vciError.badRequest(
                    "unsupported_grant_type", "Supported: " + PRE_AUTHORIZED_GRANT + ", " + REFRESH_GRANT);
        }
        // The proof is checked before the grant, so that a bad proof uses up no code or token.
        String jkt = proof == null ? null : dpop.verify(proof, "POST", PATH, null, false);
        Instant now = Times.now(clock);
        return PRE_AUTHORIZED_GRANT.equals(grantType)
                ? preAuthorized(code, txCode, jkt, now)
                : refresh(refreshToken, jkt, now);
    }

    private TokenResponse preAuthorized(
            @Nullable String code, @Nullable String txCode, @Nullable String jkt, Instant now) {
        if (code == null || code.isBlank()) {
            throw Openid4vciError.badRequest("invalid_request", "pre-authorized_code is required");
        }
        txCodes.check(code, txCode, now);
        Holder holder = code.length() > 100 ? null : offers.redeem(code, now).orElse(null);
        if (holder == null) {
            throw Openid4vciError.badRequest(
                    "invalid_grant", "The pre-authorized code is unknown, expired or already used");
        }
        return issue(holder, jkt, refreshTokens.issue(holder, jkt, null, now), now);
    }

    /**
     * Rotates the refresh token (RFC 9700 §4.14.2): the presented one is spent and a new one of its
     * family answered. A spent one presented again revokes the family, whose current token may be
     * in the hands of whoever stole the spent one.
     */
    private TokenResponse refresh(@Nullable String token, @Nullable String jkt, Instant now) {
        if (token == null || token.isBlank()) {
            throw Openid4vciError.badRequest("invalid_request", "refresh_token is required");
        }
        var found = token.length() > 100 ? null : refreshTokens.find(token).orElse(null);
        if (found == null || !found.expiresAt().isAfter(now)) {
            throw Openid4vciError.badRequest("invalid_grant", "The refresh token is unknown or expired");
        }
        if (found.spent()) {
            throw reused(found);
        }
        if (found.jkt() != null) {
            // RFC 9449 §5: a bound refresh token serves only with a proof of its key; neither a
            // missing proof nor another key's spends it.
            if (jkt == null) {
                throw Openid4vciError.badRequest(
                        "invalid_dpop_proof", "This refresh token is bound to a key: send a DPoP proof of it");
            }
            if (!found.jkt().equals(jkt)) {
                throw Openid4vciError.badRequest(
                        "invalid_grant", "The refresh token is bound to another key than the DPoP proof's");
            }
        }
        Holder holder = found.holder();
        if (!live(holder.objectRef())) {
            throw Openid4vciError.badRequest("invalid_grant", "The refresh token is not valid");
        }
        // An unbound family becomes bound when the wallet starts sending proofs; never the reverse.
        String binding = found.jkt() != null ? found.jkt() : jkt;
        TokenResponse rotated = transaction.execute(status -> refreshTokens.spend(token, now)
                ? issue(holder, binding, refreshTokens.issue(holder, binding, found.family(), now), now)
                : null);
        if (rotated == null) {
            // Another request spent it between the read and the update: a use of a spent token.
            throw reused(found);
        }
        return rotated;
    }

    private Openid4vciError reused(RefreshTokens.Refresh found) {
        int revoked = refreshTokens.revokeFamily(found.family());
        log.warn(
                "A rotated refresh token of object {} was presented again; its {} refresh token(s) are revoked",
                found.holder().objectRef(),
                revoked);
        return Openid4vciError.badRequest(
                "invalid_grant", "The refresh token was used already; the tokens descended from it are revoked");
    }

    private TokenResponse issue(Holder holder, @Nullable String jkt, String refresh, Instant now) {
        String access = Secrets.random();
        accessTokens.save(access, holder, jkt, now, now.plus(ACCESS_TOKEN_LIFETIME));
        return new TokenResponse(access, jkt == null ? "Bearer" : "DPoP", ACCESS_TOKEN_LIFETIME.toSeconds(), refresh);
    }

    private boolean live(String objectRef) {
        return contents.find(ProviderName.eudiw, objectRef)
                .map(c -> c.state() == ObjectContents.State.LIVE)
                .orElse(false);
    }
}
