package com.walletcards.provider.openid4vci;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Checks DPoP proofs (RFC 9449 §4.3): a JWT the wallet signs for each request with the key its
 * tokens are bound to, naming the request's method and URL, fresh, used once, and at a protected
 * endpoint carrying the hash of the access token it accompanies. Answers the key's thumbprint
 * ({@code jkt}), which binds tokens to the key.
 */
final class DpopProofs {

    static final String TYP = "dpop+jwt";
    /** Asymmetric algorithms only (RFC 9449 §4.2): the EC ones wallets hold keys for. */
    static final List<JWSAlgorithm> ALGORITHMS = List.of(JWSAlgorithm.ES256, JWSAlgorithm.ES384, JWSAlgorithm.ES512);

    static final Duration MAX_AGE = Duration.ofMinutes(5);
    static final Duration CLOCK_SKEW = Duration.ofSeconds(60);
    /** Far above a proof with an EC key and every claim; bounds the work on a hostile header. */
    static final int MAX_BYTES = 4 * 1024;

    private final String issuer;
    private final SpentDpopProofs spent;
    private final Clock clock;

    DpopProofs(String issuer, SpentDpopProofs spent, Clock clock) {
        this.issuer = issuer;
        this.spent = spent;
        this.clock = clock;
    }

    /** The {@code algs} of a DPoP challenge and of {@code dpop_signing_alg_values_supported}. */
    static List<String> algorithmNames() {
        return ALGORITHMS.stream().map(JWSAlgorithm::getName).toList();
    }

    /** A {@code WWW-Authenticate} DPoP challenge (RFC 9449 §7.1), with an error code or without. */
    static String challenge(@Nullable String error) {
        String algs = "algs=\"" + String.join(" ", algorithmNames()) + "\"";
        return error == null ? "DPoP " + algs : "DPoP error=\"" + error + "\", " + algs;
    }

    /**
     * Checks the proof of a request to {@code path} (one of the issuer's own, as its metadata
     * advertises it) and answers its key's thumbprint; {@code accessToken} is the token it must be
     * bound to ({@code ath}), or null at the token endpoint. {@code resource}: a protected
     * endpoint's refusal is a 401 with a DPoP challenge, the token endpoint's a 400.
     */
    String verify(String proof, String method, String path, @Nullable String accessToken, boolean resource) {
        if (proof.length() > MAX_BYTES) {
            throw refused("The DPoP proof is too large", resource);
        }
        SignedJWT jwt;
        JWTClaimsSet claims;
        try {
            jwt = SignedJWT.parse(proof.trim());
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            // One DPoP header only (§4.3 step 1): two are joined with a comma, which no JWT holds.
            throw refused("The DPoP header is not one signed JWT", resource);
        }
        var header = jwt.getHeader();
        if (header.getType() == null || !TYP.equals(header.getType().getType())) {
            throw refused("The DPoP proof's typ must be " + TYP, resource);
        }
        if (!ALGORITHMS.contains(header.getAlgorithm())) {
            throw refused("The DPoP proof's alg must be one of " + algorithmNames(), resource);
        }
        JWK jwk = header.getJWK();
        if (!(jwk instanceof ECKey key) || key.isPrivate()) {
            throw refused("The DPoP proof's header must carry the public EC jwk that signed it", resource);
        }
        try {
            ECDSAVerifier verifier = new ECDSAVerifier(key);
            if (JWSAlgorithm.ES256.equals(header.getAlgorithm())) {
                verifier.getJCAContext().setProvider(ProofSignatures.PROVIDER);
            }
            if (!jwt.verify(verifier)) {
                throw refused("The DPoP proof's signature does not match its jwk", resource);
            }
        } catch (JOSEException e) {
            throw refused("The DPoP proof's signature cannot be checked", resource);
        }
        if (!method.equals(claims.getClaim("htm"))) {
            throw refused("The DPoP proof's htm must be " + method, resource);
        }
        if (!(claims.getClaim("htu") instanceof String htu) || !expected(path).equals(normalized(htu))) {
            throw refused("The DPoP proof's htu must be " + issuer + path, resource);
        }
        Instant now = clock.instant();
        Instant iat =
                claims.getIssueTime() == null ? null : claims.getIssueTime().toInstant();
        if (iat == null || iat.isAfter(now.plus(CLOCK_SKEW)) || iat.isBefore(now.minus(MAX_AGE))) {
            throw refused("The DPoP proof's iat is missing or outside the allowed window", resource);
        }
        if (accessToken != null && !hash(accessToken).equals(claims.getClaim("ath"))) {
            throw refused("The DPoP proof's ath is not the hash of the access token", resource);
        }
        if (!(claims.getClaim("jti") instanceof String jti) || jti.isBlank() || jti.length() > 200) {
            throw refused("The DPoP proof needs a jti", resource);
        }
        String jkt;
        try {
            jkt = key.computeThumbprint().toString();
        } catch (JOSEException e) {
            throw refused("The DPoP proof's jwk has no thumbprint", resource);
        }
        // Last, so a proof refused for another reason does not use up its jti.
        if (!spent.spend(jkt, jti, iat.plus(MAX_AGE).plus(CLOCK_SKEW))) {
            throw refused("The DPoP proof was presented before", resource);
        }
        return jkt;
    }

    private String expected(String path) {
        String url = normalized(issuer + path);
        return url == null ? issuer + path : url;
    }

    /** RFC 9449 §4.2: base64url of the SHA-256 of the access token's ASCII. */
    static String hash(String accessToken) {
        try {
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(MessageDigest.getInstance("SHA-256")
                            .digest(accessToken.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The URL without query and fragment (§4.3 step 9), with the scheme and host in lower case and
     * without the scheme's default port (RFC 3986 §6.2.3), as the issuer id is written; null when
     * it is not an absolute URL.
     */
    static @Nullable String normalized(String htu) {
        try {
            URI uri = new URI(htu);
            if (uri.getScheme() == null || uri.getHost() == null) {
                return null;
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            int port = uri.getPort();
            boolean defaultPort =
                    port == -1 || "https".equals(scheme) && port == 443 || "http".equals(scheme) && port == 80;
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port) + path;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    private static Openid4vciError refused(String description, boolean resource) {
        return resource
                ? new Openid4vciError(401, "invalid_dpop_proof", description, List.of(challenge("invalid_dpop_proof")))
                : Openid4vciError.badRequest("invalid_dpop_proof", description);
    }
}
