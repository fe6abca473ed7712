package com.walletcards.provider.openid4vci;

import com.nimbusds.jose.crypto.bc.BouncyCastleProviderSingleton;
import java.security.Provider;
import org.conscrypt.Conscrypt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JCA provider that checks the ES256 signatures of wallet proofs. Every proof brings a key the
 * issuer has never seen, so nothing can be precomputed for it, and its check is the largest cost
 * of issuing a credential after the issuer's own signature. Conscrypt (BoringSSL, whose library
 * ships for Linux, macOS and Windows on x86-64 and ARM) checks one in 51 µs on this project's
 * build machine, Bouncy Castle in 167 µs and the JDK's own provider in 378 µs (JDK 25, fresh keys,
 * docs/adr/0014-openid4vci-issuer.md); where Conscrypt's native library cannot be loaded, Bouncy
 * Castle does the work. Used only for this check and never registered: the issuer's own signatures
 * stay with the JDK's provider.
 */
final class ProofSignatures {

    private static final Logger log = LoggerFactory.getLogger(ProofSignatures.class);

    static final Provider PROVIDER = choose();

    private ProofSignatures() {}

    private static Provider choose() {
        try {
            if (Conscrypt.isAvailable()) {
                Conscrypt.Version version = Conscrypt.version();
                log.info(
                        "Wallet proofs' signatures are checked through Conscrypt {}.{}.{} (BoringSSL)",
                        version.major(),
                        version.minor(),
                        version.patch());
                return Conscrypt.newProvider();
            }
        } catch (LinkageError e) {
            log.debug("Conscrypt cannot be loaded here", e);
        }
        log.info("Conscrypt's native library is not available on this platform; wallet proofs are checked"
                + " through Bouncy Castle");
        return BouncyCastleProviderSingleton.getInstance();
    }
}
