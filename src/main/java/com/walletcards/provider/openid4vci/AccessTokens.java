package com.walletcards.provider.openid4vci;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The access tokens this instance issued or has already found in the database, until they
 * expire. An access token is never withdrawn before its expiry (retention deletes only expired
 * ones; a revoked or deleted card is refused by its content read, not by its token), so a token
 * known valid stays valid until then, on every instance: a wallet's requests after the first no
 * longer look it up. Keyed by the token's hash, as the table is, so no token is kept in memory.
 */
final class AccessTokens {

    /** A bound on memory: beyond it, tokens are looked up in the database as before. */
    static final int MAX_KNOWN = 20_000;

    private final ConcurrentHashMap<String, TokenQueries.AccessToken> known = new ConcurrentHashMap<>();
    private final TokenQueries tokens;
    private volatile Instant nextSweep = Instant.MIN;

    AccessTokens(TokenQueries tokens) {
        this.tokens = tokens;
    }

    /** Stores a new access token, bound to the key with thumbprint {@code jkt} or (null) to none, and remembers it. */
    void save(String token, Holder holder, @Nullable String jkt, Instant now, Instant expiresAt) {
        tokens.saveAccessToken(token, holder, jkt, now, expiresAt);
        remember(Secrets.hash(token), new TokenQueries.AccessToken(holder, jkt, expiresAt), now);
    }

    /** A valid access token's holder and binding, from memory when this instance knows it. */
    Optional<TokenQueries.AccessToken> find(String token, Instant now) {
        String hash = Secrets.hash(token);
        var cached = known.get(hash);
        if (cached != null) {
            if (cached.expiresAt().isAfter(now)) {
                return Optional.of(cached);
            }
            known.remove(hash, cached);
            return Optional.empty();
        }
        var found = tokens.accessToken(hash, now);
        found.ifPresent(t -> remember(hash, t, now));
        return found;
    }

    int size() {
        return known.size();
    }

    private void remember(String hash, TokenQueries.AccessToken token, Instant now) {
        if (known.size() >= MAX_KNOWN) {
            // A full set of live tokens is swept at most once a second, not on every new token.
            if (now.isBefore(nextSweep)) {
                return;
            }
            nextSweep = now.plusSeconds(1);
            known.values().removeIf(k -> !k.expiresAt().isAfter(now));
            if (known.size() >= MAX_KNOWN) {
                return;
            }
        }
        known.put(hash, token);
    }
}
