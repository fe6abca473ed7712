package com.walletcards.provider.openid4vci;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.impl.ECDSA;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * DPoP proofs as RFC 9449 §4.2 describes them, built with Nimbus: by default well-formed, and
 * each part replaceable so that a test can send exactly one wrong thing.
 */
record TestDpop(
        ECKey key,
        String typ,
        String htm,
        String htu,
        Instant iat,
        String jti,
        @Nullable String ath) {

    /** A proof of {@code key} for a POST to {@code htu}, bound to {@code accessToken} when there is one. */
    static TestDpop of(ECKey key, String htu, @Nullable String accessToken) {
        return new TestDpop(
                key,
                "dpop+jwt",
                "POST",
                htu,
                Instant.now(),
                UUID.randomUUID().toString(),
                accessToken == null ? null : ath(accessToken));
    }

    TestDpop withTyp(String value) {
        return new TestDpop(key, value, htm, htu, iat, jti, ath);
    }

    TestDpop withHtm(String value) {
        return new TestDpop(key, typ, value, htu, iat, jti, ath);
    }

    TestDpop withHtu(String value) {
        return new TestDpop(key, typ, htm, value, iat, jti, ath);
    }

    TestDpop withIat(Instant value) {
        return new TestDpop(key, typ, htm, htu, value, jti, ath);
    }

    TestDpop withAth(@Nullable String value) {
        return new TestDpop(key, typ, htm, htu, iat, jti, value);
    }

    String jwt() {
        try {
            // The algorithm of the key's curve: ES256 for P-256, ES384 for P-384.
            JWSAlgorithm alg = ECDSA.resolveAlgorithm(key.getCurve());
            JWSHeader header = new JWSHeader.Builder(alg)
                    .type(new JOSEObjectType(typ))
                    .jwk(key.toPublicJWK())
                    .build();
            JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                    .jwtID(jti)
                    .claim("htm", htm)
                    .claim("htu", htu)
                    .issueTime(Date.from(iat));
            if (ath != null) {
                claims.claim("ath", ath);
            }
            SignedJWT jwt = new SignedJWT(header, claims.build());
            jwt.sign(new ECDSASigner(key));
            return jwt.serialize();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static String ath(String accessToken) {
        try {
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(MessageDigest.getInstance("SHA-256")
                            .digest(accessToken.getBytes(StandardCharsets.US_ASCII)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
