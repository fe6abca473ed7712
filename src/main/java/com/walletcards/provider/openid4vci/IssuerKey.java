package com.walletcards.provider.openid4vci;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.util.Base64;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The issuer's EC P-256 signing key and its certificate chain (leaf first). It signs credentials
 * and status lists; the leaf goes into their {@code x5c} header and the public key into the
 * published JWKS.
 */
final class IssuerKey {

    private static final Logger log = LoggerFactory.getLogger(IssuerKey.class);
    static final String GENERATED_FILE = "openid4vci-issuer.p12";
    // The generated file's protection is its 0600 mode; PKCS#12 still needs some password.
    private static final char[] GENERATED_PASSWORD = "openid4vci-issuer".toCharArray();

    private final ECKey jwk;
    private final JWSSigner signer;
    private final List<X509Certificate> chain;

    private IssuerKey(ECPrivateKey privateKey, List<X509Certificate> chain) {
        this.chain = List.copyOf(chain);
        try {
            List<Base64> x5c = new ArrayList<>();
            // The trust anchor is not sent (HAIP): the leaf and any intermediates.
            for (int i = 0; i < chain.size() && (i == 0 || !selfSigned(chain.get(i))); i++) {
                x5c.add(Base64.encode(chain.get(i).getEncoded()));
            }
            this.jwk = new ECKey.Builder(Curve.P_256, (ECPublicKey) chain.get(0).getPublicKey())
                    .privateKey(privateKey)
                    .x509CertChain(x5c)
                    // The leaf's serial number, as Nimbus names a key read from a certificate: the EU
                    // reference wallet's SD-JWT verifier selects the x5c key by the header's kid that way.
                    .keyID(chain.get(0).getSerialNumber().toString(10))
                    .build();
            this.signer = new ECDSASigner(jwk);
        } catch (JOSEException | CertificateEncodingException e) {
            throw new IllegalStateException("The issuer key cannot sign: " + e.getMessage(), e);
        }
    }

    /** The private key; only for signing here. */
    ECKey jwk() {
        return jwk;
    }

    ECKey publicJwk() {
        return jwk.toPublicJWK();
    }

    List<X509Certificate> chain() {
        return chain;
    }

    JWSSigner signer() {
        return signer;
    }

    /** An ES256 header with this key's id and certificate chain. */
    JWSHeader.Builder header() {
        return new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(jwk.getKeyID()).x509CertChain(jwk.getX509CertChain());
    }

    /** A secret derived from the private key, for the nonces' encryption key: no second key to keep. */
    byte[] derivedSecret(String purpose) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(jwk.getD().decode(), "HmacSHA256"));
            return mac.doFinal(purpose.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The configured PKCS#12 file, or the one generated into the data directory at first start
     * (kept there, mode 0600, so the issuer keeps its identity across restarts).
     */
    static IssuerKey load(@Nullable String pkcs12File, String password, Path dataDir, String issuerHost) {
        try {
            if (pkcs12File != null && !pkcs12File.isBlank()) {
                return fromPkcs12(Path.of(pkcs12File), password.toCharArray(), pkcs12File);
            }
            Path generated = dataDir.resolve(GENERATED_FILE);
            if (!Files.exists(generated)) {
                generate(generated, issuerHost);
            }
            return fromPkcs12(generated, GENERATED_PASSWORD, generated.toString());
        } catch (IOException | GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("WALLET_EUDIW_ISSUER_KEY: " + e.getMessage(), e);
        }
    }

    private static IssuerKey fromPkcs12(Path file, char[] password, String name)
            throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password);
        }
        for (String alias : Collections.list(store.aliases())) {
            if (store.isKeyEntry(alias) && store.getKey(alias, password) instanceof ECPrivateKey key) {
                Certificate[] certificates = store.getCertificateChain(alias);
                List<X509Certificate> chain = new ArrayList<>();
                for (Certificate c : certificates) {
                    chain.add((X509Certificate) c);
                }
                if (!(chain.get(0).getPublicKey() instanceof ECPublicKey pub)
                        || pub.getParams().getCurve().getField().getFieldSize() != 256) {
                    throw new GeneralSecurityException(name + ": the key is not an EC P-256 key");
                }
                return new IssuerKey(key, chain);
            }
        }
        throw new GeneralSecurityException(name + " holds no EC private key with a certificate chain");
    }

    /** A self-signed root and a leaf for the issuer host, written atomically with mode 0600. */
    private static void generate(Path file, String issuerHost)
            throws GeneralSecurityException, IOException, OperatorCreationException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
        KeyPair root = generator.generateKeyPair();
        KeyPair leaf = generator.generateKeyPair();
        Instant now = Instant.now();
        X500Name rootName = new X500Name("CN=Wallet card issuer root (generated), O=" + safe(issuerHost));
        X509Certificate rootCert = rootCertificate(rootName, root, now);
        X509Certificate leafCert = leafCertificate(rootName, root.getPrivate(), issuerHost, leaf.getPublic(), now);
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("issuer", leaf.getPrivate(), GENERATED_PASSWORD, new Certificate[] {leafCert, rootCert});
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), GENERATED_FILE, ".tmp");
        try {
            try {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: the directory's own protection applies
            }
            try (OutputStream out = Files.newOutputStream(temp)) {
                store.store(out, GENERATED_PASSWORD);
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException e) {
            // another instance on the same data directory was first: use its key
        } finally {
            Files.deleteIfExists(temp);
        }
        log.warn(
                "Generated an OpenID4VCI issuer key with a self-signed certificate in {}; wallets that check the issuer's"
                        + " certificate against a trust list will not accept its credentials (set WALLET_EUDIW_ISSUER_KEY)",
                file);
    }

    /** A self-signed CA certificate, valid ten years. */
    private static X509Certificate rootCertificate(X500Name name, KeyPair root, Instant now)
            throws GeneralSecurityException, IOException, OperatorCreationException {
        return certificate(name, name, root.getPublic(), root.getPrivate(), now, true, null);
    }

    /** The issuer host's signing certificate under the root, valid five years. */
    private static X509Certificate leafCertificate(
            X500Name rootName, PrivateKey rootKey, String issuerHost, java.security.PublicKey key, Instant now)
            throws GeneralSecurityException, IOException, OperatorCreationException {
        return certificate(rootName, new X500Name("CN=" + safe(issuerHost)), key, rootKey, now, false, issuerHost);
    }

    private static X509Certificate certificate(
            X500Name issuer,
            X500Name subject,
            java.security.PublicKey key,
            PrivateKey signingKey,
            Instant now,
            boolean ca,
            @Nullable String dnsName)
            throws GeneralSecurityException, IOException, OperatorCreationException {
        var builder = new JcaX509v3CertificateBuilder(
                issuer,
                new BigInteger(64, new SecureRandom()).abs().add(BigInteger.ONE),
                Date.from(now.minus(Duration.ofDays(1))),
                Date.from(now.plus(Duration.ofDays(ca ? 3650 : 1825))),
                subject,
                key);
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        builder.addExtension(
                Extension.keyUsage,
                true,
                new KeyUsage(ca ? KeyUsage.keyCertSign | KeyUsage.cRLSign : KeyUsage.digitalSignature));
        if (dnsName != null) {
            builder.addExtension(
                    Extension.subjectAlternativeName,
                    false,
                    new GeneralNames(new GeneralName(GeneralName.dNSName, dnsName)));
        }
        return new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signingKey)));
    }

    private static String safe(String host) {
        return host.replaceAll("[^A-Za-z0-9.\\-]", "-");
    }

    private static boolean selfSigned(X509Certificate c) {
        return c.getSubjectX500Principal().equals(c.getIssuerX500Principal());
    }
}
