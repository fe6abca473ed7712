package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Wallet proofs are checked through BoringSSL (Conscrypt) on the platforms this service is built and run on. */
class ProofSignaturesTest {

    @Test
    void proofsAreCheckedByConscryptOnThisPlatform() {
        assertThat(ProofSignatures.PROVIDER.getName()).isEqualTo("Conscrypt");
    }

    @Test
    void aProofSignedByItsKeyIsAcceptedAndOneSignedByAnotherKeyOrAlteredIsNot() throws Exception {
        ECKey wallet = new ECKeyGenerator(Curve.P_256).generate();
        ECKey other = new ECKeyGenerator(Curve.P_256).generate();
        SignedJWT proof = signed(wallet);

        assertThat(proof.verify(verifier(wallet))).isTrue();
        assertThat(proof.verify(verifier(other))).as("another key").isFalse();

        String[] parts = proof.serialize().split("\\.");
        byte[] signature = Base64.getUrlDecoder().decode(parts[2]);
        signature[10] ^= 1;
        SignedJWT altered = SignedJWT.parse(parts[0] + "." + parts[1] + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(signature));
        assertThat(altered.verify(verifier(wallet))).as("an altered signature").isFalse();
    }

    private static SignedJWT signed(ECKey key) throws Exception {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.ES256).jwk(key.toPublicJWK()).build(),
                new JWTClaimsSet.Builder().audience("https://issuer.example").build());
        jwt.sign(new ECDSASigner(key));
        return jwt;
    }

    private static ECDSAVerifier verifier(ECKey key) throws Exception {
        ECDSAVerifier verifier = new ECDSAVerifier(key.toPublicJWK());
        verifier.getJCAContext().setProvider(ProofSignatures.PROVIDER);
        return verifier;
    }
}
