package com.walletcards.provider.openid4vci;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.security.Provider;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The key proofs of a credential request (OpenID4VCI 1.0 §8.2, Appendix F.1): each proves that the
 * wallet holds the key a credential is to be bound to, for this issuer and a fresh nonce.
 */
final class KeyProofs {

    static final String PROOF_TYP = "openid4vci-proof+jwt";
    static final Set<JWSAlgorithm> PROOF_ALGORITHMS = Set.of(JWSAlgorithm.ES256);
    static final Duration PROOF_MAX_AGE = Duration.ofMinutes(5);
    static final Duration CLOCK_SKEW = Duration.ofSeconds(60);

    private final String issuer;
    private final Nonces nonces;
    private final SpentNonces spentNonces;
    private final Clock clock;
    private final BatchSize batchSize;
    /** Chosen when the issuer is created, so that the start-up log says which one checks proofs. */
    private final Provider proofSignatures = ProofSignatures.PROVIDER;

    KeyProofs(String issuer, Nonces nonces, SpentNonces spentNonces, Clock clock, BatchSize batchSize) {
        this.issuer = issuer;
        this.nonces = nonces;
        this.spentNonces = spentNonces;
        this.clock = clock;
        this.batchSize = batchSize;
    }

    /**
     * The keys the request's proofs bind its credentials to, one per proof; every proof is checked
     * here, so a bad one refuses the whole request before anything is written. {@code request} is
     * the parsed JSON body.
     */
    List<ECKey> holderKeys(Map<String, Object> request) {
        List<ECKey> holderKeys = new ArrayList<>();
        Set<String> points = new HashSet<>();
        // A batch's proofs usually carry one nonce: it is decrypted and checked once.
        Set<String> validNonces = new HashSet<>();
        for (String proof : proofJwts(request)) {
            ECKey holderKey = verifyProof(proof, validNonces);
            // 1.0 §8.3: each key the wallet provides binds at most one credential.
            if (!points.add(holderKey.getX() + "." + holderKey.getY())) {
                throw Openid4vciError.badRequest(
                        "invalid_proof", "Two proofs carry the same key; each key binds one credential");
            }
            holderKeys.add(holderKey);
        }
        // A nonce serves one request (its batch's proofs share it): a replayed request, or a
        // second one with the same proofs, is refused as the wallet's cue to fetch a fresh nonce.
        Instant spentUntil = clock.instant().plus(nonces.lifetime()).plus(CLOCK_SKEW);
        for (String nonce : validNonces) {
            if (!spentNonces.spend(nonce, spentUntil)) {
                throw Openid4vciError.badRequest("invalid_nonce", "The proof's nonce was used already");
            }
        }
        return holderKeys;
    }

    /** The proof JWTs of either the 1.0 {@code proofs} (up to the batch size) or the older single {@code proof}. */
    private List<String> proofJwts(Map<String, Object> request) {
        int most = batchSize.credentials();
        Object proofs = request.get("proofs");
        Object proof = request.get("proof");
        if (proofs != null && proof != null) {
            throw Openid4vciError.badRequest("invalid_credential_request", "Send either proofs or proof, not both");
        }
        if (proofs != null) {
            if (!(proofs instanceof Map<?, ?> byType)
                    || byType.size() != 1
                    || !(byType.get("jwt") instanceof List<?> jwts)) {
                throw Openid4vciError.badRequest("invalid_credential_request", "proofs must be {\"jwt\": [...]}");
            }
            if (jwts.isEmpty() || jwts.size() > most) {
                // batch_size bounds the array (1.0 §12.2.4); a longer one is an unsupported value.
                throw Openid4vciError.badRequest(
                        "invalid_credential_request", "proofs.jwt must hold 1 to " + most + " proofs");
            }
            List<String> strings = new ArrayList<>();
            for (Object jwt : jwts) {
                if (!(jwt instanceof String s)) {
                    throw Openid4vciError.badRequest("invalid_proof", "A proof must be a JWT string");
                }
                strings.add(s);
            }
            return strings;
        }
        if (proof != null) {
            if (!(proof instanceof Map<?, ?> single) || !"jwt".equals(single.get("proof_type"))) {
                throw Openid4vciError.badRequest("invalid_proof", "Only proof_type jwt is supported");
            }
            if (!(single.get("jwt") instanceof String jwt)) {
                throw Openid4vciError.badRequest("invalid_proof", "proof.jwt is required");
            }
            return List.of(jwt);
        }
        throw Openid4vciError.badRequest("invalid_proof", "A key proof is required");
    }

    /**
     * Checks the proof JWT (OpenID4VCI Appendix F.1) and answers the key it binds the credential to;
     * {@code validNonces} holds the nonces this request has found valid already.
     */
    private ECKey verifyProof(String jwt, Set<String> validNonces) {
        SignedJWT proof;
        try {
            proof = SignedJWT.parse(jwt);
        } catch (ParseException e) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof is not a signed JWT");
        }
        var header = proof.getHeader();
        if (header.getType() == null || !PROOF_TYP.equals(header.getType().getType())) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's typ must be " + PROOF_TYP);
        }
        if (!PROOF_ALGORITHMS.contains(header.getAlgorithm())) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's alg is not supported");
        }
        JWK jwk = header.getJWK();
        if (!(jwk instanceof ECKey ecKey) || !Curve.P_256.equals(ecKey.getCurve())) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's header must carry a P-256 jwk");
        }
        if (ecKey.isPrivate()) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's jwk must not contain a private key");
        }
        try {
            ECDSAVerifier verifier = new ECDSAVerifier(ecKey);
            verifier.getJCAContext().setProvider(proofSignatures);
            if (!proof.verify(verifier)) {
                throw Openid4vciError.badRequest("invalid_proof", "The proof's signature does not match its jwk");
            }
        } catch (JOSEException e) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's signature cannot be checked");
        }
        JWTClaimsSet claims;
        try {
            claims = proof.getJWTClaimsSet();
        } catch (ParseException e) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's claims are not a JSON object");
        }
        if (claims.getAudience() == null || !claims.getAudience().contains(issuer)) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's aud must be " + issuer);
        }
        Instant now = clock.instant();
        if (claims.getIssueTime() == null
                || claims.getIssueTime().toInstant().isAfter(now.plus(CLOCK_SKEW))
                || claims.getIssueTime().toInstant().isBefore(now.minus(PROOF_MAX_AGE))) {
            throw Openid4vciError.badRequest(
                    "invalid_proof", "The proof's iat is missing or outside the allowed window");
        }
        Object nonce = claims.getClaim("nonce");
        if (!(nonce instanceof String n) || !validNonces.contains(n) && !nonces.valid(n)) {
            throw Openid4vciError.badRequest("invalid_nonce", "The proof's nonce is missing, unknown or expired");
        }
        validNonces.add(n);
        return ecKey.toPublicJWK();
    }
}
