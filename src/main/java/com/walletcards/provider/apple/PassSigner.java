package com.walletcards.provider.apple;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.util.List;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedDataGenerator;
import org.bouncycastle.cms.jcajce.JcaSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;

/**
 * The pass's {@code signature}: a detached CMS signature of {@code manifest.json} with the pass
 * type certificate's key, carrying the leaf and the WWDR intermediate (a device that cannot build
 * the chain refuses the pass) and, through BouncyCastle's default signed attributes, the signing
 * time, content type and message digest.
 */
final class PassSigner {

    private final PassCredentials credentials;
    private final JcaCertStore certificates;

    PassSigner(PassCredentials credentials) {
        this.credentials = credentials;
        try {
            this.certificates = new JcaCertStore(List.of(credentials.leaf(), credentials.wwdr()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The pass certificates cannot be encoded", e);
        }
    }

    byte[] sign(byte[] manifest) {
        try {
            String algorithm = credentials.key().getAlgorithm().equals("EC") ? "SHA256withECDSA" : "SHA256withRSA";
            ContentSigner signer = new JcaContentSignerBuilder(algorithm).build(credentials.key());
            CMSSignedDataGenerator generator = new CMSSignedDataGenerator();
            generator.addSignerInfoGenerator(
                    new JcaSignerInfoGeneratorBuilder(new JcaDigestCalculatorProviderBuilder().build())
                            .build(signer, credentials.leaf()));
            generator.addCertificates(certificates);
            return generator
                    .generate(new CMSProcessableByteArray(manifest), false)
                    .getEncoded();
        } catch (OperatorCreationException | GeneralSecurityException | CMSException | IOException e) {
            throw new IllegalStateException("Cannot sign the pass manifest", e);
        }
    }
}
