package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The access token of a request to the credential or notification endpoint: {@code Bearer} for
 * tokens issued without DPoP, {@code DPoP} with a proof of the bound key for the others (RFC 9449
 * §7). A bound token is never accepted as a Bearer token, which would make the binding moot.
 */
final class ProtectedRequests {

    private final AccessTokens accessTokens;
    private final DpopProofs dpop;
    private final Clock clock;

    ProtectedRequests(AccessTokens accessTokens, DpopProofs dpop, Clock clock) {
        this.accessTokens = accessTokens;
        this.dpop = dpop;
        this.clock = clock;
    }

    /** The holder of the request's valid access token; {@code path} is the endpoint's, for the proof's htu. */
    Holder holder(@Nullable String authorization, @Nullable String proof, String path) {
        if (authorization == null) {
            // RFC 9449 §7.1: a resource that accepts both schemes names both.
            throw unauthorized(
                    "invalid_token",
                    "An access token is required",
                    "Bearer error=\"invalid_token\"",
                    DpopProofs.challenge(null));
        }
        int space = authorization.indexOf(' ');
        String scheme = space < 0 ? authorization : authorization.substring(0, space);
        String token = space < 0 ? "" : authorization.substring(space + 1).trim();
        boolean dpopScheme = "dpop".equals(scheme.toLowerCase(Locale.ROOT));
        if (!dpopScheme && !"bearer".equals(scheme.toLowerCase(Locale.ROOT))) {
            throw unauthorized(
                    "invalid_token",
                    "A Bearer or DPoP access token is required",
                    "Bearer error=\"invalid_token\"",
                    DpopProofs.challenge(null));
        }
        String challenge = dpopScheme ? DpopProofs.challenge("invalid_token") : "Bearer error=\"invalid_token\"";
        var found = token.isEmpty() || token.length() > 100
                ? null
                : accessTokens.find(token, Times.now(clock)).orElse(null);
        if (found == null) {
            throw unauthorized("invalid_token", "The access token is unknown or expired", challenge);
        }
        if (!dpopScheme) {
            if (found.jkt() != null) {
                // §7.2: a bound token sent as Bearer is refused, with the scheme it needs.
                throw unauthorized(
                        "invalid_token",
                        "This access token is DPoP-bound: send it as DPoP with a proof",
                        DpopProofs.challenge("invalid_token"));
            }
            return found.holder();
        }
        if (found.jkt() == null) {
            throw unauthorized("invalid_token", "This access token is a Bearer token: send it as Bearer", challenge);
        }
        if (proof == null) {
            throw unauthorized(
                    "invalid_dpop_proof",
                    "A DPoP proof is required with a DPoP access token",
                    DpopProofs.challenge("invalid_dpop_proof"));
        }
        String jkt = dpop.verify(proof, "POST", path, token, true);
        if (!jkt.equals(found.jkt())) {
            throw unauthorized(
                    "invalid_dpop_proof",
                    "The DPoP proof's key is not the one the token is bound to",
                    DpopProofs.challenge("invalid_dpop_proof"));
        }
        return found.holder();
    }

    private static Openid4vciError unauthorized(String code, String description, String... challenges) {
        return new Openid4vciError(401, code, description, List.of(challenges));
    }
}
