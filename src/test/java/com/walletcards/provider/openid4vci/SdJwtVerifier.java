package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.util.X509CertUtils;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Checks an issued SD-JWT VC the way a verifier does, written from the SD-JWT specification and
 * independent of the issuer's code: the signature against the {@code x5c} leaf and against the
 * issuer's published JWKS, every disclosure's digest present in an {@code _sd} array.
 */
final class SdJwtVerifier {

    record Verified(Map<String, Object> header, Map<String, Object> claims, Map<String, Object> disclosed) {}

    static Verified verify(String sdJwt, JsonNode jwks) throws Exception {
        assertThat(sdJwt).endsWith("~");
        String[] parts = sdJwt.split("~");
        SignedJWT jwt = SignedJWT.parse(parts[0]);
        assertThat(jwt.getHeader().getType().getType()).isEqualTo("dc+sd-jwt");
        assertThat(jwt.getHeader().getAlgorithm().getName()).isEqualTo("ES256");

        X509Certificate leaf =
                X509CertUtils.parse(jwt.getHeader().getX509CertChain().get(0).decode());
        assertThat(jwt.verify(new ECDSAVerifier((ECPublicKey) leaf.getPublicKey())))
                .as("signature against x5c")
                .isTrue();
        leaf.checkValidity();
        ECKey published = (ECKey)
                JWKSet.parse(jwks.toString()).getKeyByKeyId(jwt.getHeader().getKeyID());
        assertThat(published).as("the kid is in the published JWKS").isNotNull();
        assertThat(jwt.verify(new ECDSAVerifier(published)))
                .as("signature against the JWKS")
                .isTrue();

        Map<String, Object> claims = jwt.getJWTClaimsSet().toJSONObject();
        assertThat(claims.get("_sd_alg")).isEqualTo("sha-256");
        List<String> digests = new ArrayList<>();
        collectDigests(claims, digests);
        Map<String, Object> disclosed = new HashMap<>();
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        for (int i = 1; i < parts.length; i++) {
            String digest = Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(sha256.digest(parts[i].getBytes(StandardCharsets.US_ASCII)));
            assertThat(digests).as("digest of disclosure " + i).contains(digest);
            JsonNode array = TestWallet.JSON.readTree(Base64.getUrlDecoder().decode(parts[i]));
            assertThat(array.size()).isEqualTo(3);
            assertThat(array.get(0).asString()).hasSizeGreaterThanOrEqualTo(16); // the salt
            disclosed.put(array.get(1).asString(), TestWallet.JSON.treeToValue(array.get(2), Object.class));
        }
        return new Verified(jwt.getHeader().toJSONObject(), claims, disclosed);
    }

    @SuppressWarnings("unchecked")
    private static void collectDigests(Map<String, Object> object, List<String> into) {
        if (object.get("_sd") instanceof List<?> list) {
            list.forEach(d -> into.add((String) d));
        }
        object.values().forEach(v -> {
            if (v instanceof Map<?, ?> m) {
                collectDigests((Map<String, Object>) m, into);
            }
        });
    }
}
