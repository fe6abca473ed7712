package com.walletcards.provider.apple;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.stream.IntStream;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A certificate chain of the service's own making, for signing passes where no certificate from
 * Apple is configured: passes signed with it verify but install on no device.
 */
final class DevelopmentPassCertificates {

    // Logged under PassCredentials, as all of what passes are signed with is: a logging
    // configuration naming that category keeps covering this.
    private static final Logger log = LoggerFactory.getLogger(PassCredentials.class);

    private DevelopmentPassCertificates() {}

    /**
     * The chain in {@code directory}, generated on first use: a root, an intermediate standing in
     * for WWDR, and a pass certificate with the pass type id as UID and the team id as OU, like
     * Apple's. Written once, so passes signed yesterday still verify against it.
     */
    static PassCredentials loadOrGenerate(Path directory, AppleSettings settings) {
        String passTypeId =
                AppleSettings.present(settings.passTypeId()) ? settings.passTypeId() : PassCredentials.DEV_PASS_TYPE_ID;
        String teamId = AppleSettings.present(settings.teamId()) ? settings.teamId() : PassCredentials.DEV_TEAM_ID;
        Path bundle = directory.resolve("chain.pem");
        try {
            if (!Files.exists(bundle)) {
                Files.createDirectories(directory);
                write(bundle, generate(passTypeId, teamId));
                log.info("Generated the development pass certificate chain in {}", directory);
            }
            Parsed parsed = parse(Files.readString(bundle));
            Path rootFile = directory.resolve("root.pem");
            Path wwdrFile = directory.resolve("wwdr.pem");
            if (!Files.exists(rootFile) || !Files.exists(wwdrFile)) {
                // Separate files for `openssl cms -verify -certfile wwdr.pem -CAfile root.pem`.
                write(rootFile, pem(List.of(parsed.certificates().get(2))));
                write(wwdrFile, pem(List.of(parsed.certificates().get(1))));
            }
            var certificates = parsed.certificates();
            return PassCredentials.checked(
                    parsed.key(),
                    certificates.get(0),
                    certificates.get(1),
                    certificates.get(2),
                    new AppleSettings(null, null, null, null, null, "", 0, null, 1, Duration.ZERO),
                    true,
                    Clock.systemUTC());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep the development pass certificates in " + directory, e);
        }
    }

    private record Parsed(PrivateKey key, List<X509Certificate> certificates) {}

    private static String generate(String passTypeId, String teamId) {
        try {
            // Three RSA keys take seconds of a first start on a small machine: made side by side.
            List<KeyPair> keys =
                    IntStream.range(0, 3).parallel().mapToObj(i -> rsaKeyPair()).toList();
            KeyPair rootKeys = keys.get(0);
            KeyPair wwdrKeys = keys.get(1);
            KeyPair passKeys = keys.get(2);
            Instant now = Instant.now();
            X500Name rootName = new X500Name("CN=Wallet Cards Development Root CA, O=Wallet Cards (development)");
            X500Name wwdrName =
                    new X500Name("CN=Wallet Cards Development WWDR Intermediate, OU=G4, O=Wallet Cards (development)");
            X500Name passName = new X500NameBuilder(BCStyle.INSTANCE)
                    .addRDN(BCStyle.UID, passTypeId)
                    .addRDN(BCStyle.CN, "Pass Type ID: " + passTypeId)
                    .addRDN(BCStyle.OU, teamId)
                    .addRDN(BCStyle.O, "Wallet Cards (development)")
                    .build();
            X509Certificate root =
                    certificate(rootName, rootName, rootKeys, rootKeys.getPrivate(), now, 20, true, false);
            X509Certificate wwdr =
                    certificate(wwdrName, rootName, wwdrKeys, rootKeys.getPrivate(), now, 19, true, false);
            X509Certificate pass =
                    certificate(passName, wwdrName, passKeys, wwdrKeys.getPrivate(), now, 10, false, true);
            StringWriter out = new StringWriter();
            try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
                writer.writeObject(passKeys.getPrivate());
                writer.writeObject(pass);
                writer.writeObject(wwdr);
                writer.writeObject(root);
            }
            return out.toString();
        } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
            throw new IllegalStateException("Cannot generate the development pass certificates", e);
        }
    }

    private static KeyPair rsaKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048, new SecureRandom());
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot generate the development pass certificates", e);
        }
    }

    private static X509Certificate certificate(
            X500Name subject,
            X500Name issuer,
            KeyPair subjectKeys,
            PrivateKey issuerKey,
            Instant now,
            int years,
            boolean ca,
            boolean clientAuth)
            throws GeneralSecurityException, OperatorCreationException, IOException {
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                issuer,
                new BigInteger(120, new SecureRandom()),
                Date.from(now.minus(Duration.ofDays(1))),
                Date.from(now.plus(Duration.ofDays(365L * years))),
                subject,
                subjectKeys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        builder.addExtension(
                Extension.keyUsage,
                true,
                new KeyUsage(ca ? KeyUsage.keyCertSign | KeyUsage.cRLSign : KeyUsage.digitalSignature));
        if (clientAuth) {
            // Like Apple's pass certificates, it also authenticates the service to APNs.
            builder.addExtension(
                    Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_clientAuth));
        }
        var signer = new JcaContentSignerBuilder("SHA256withRSA").build(issuerKey);
        return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
    }

    private static Parsed parse(String pem) throws IOException {
        PrivateKey key = null;
        List<X509Certificate> certificates = new ArrayList<>();
        JcaPEMKeyConverter keys = new JcaPEMKeyConverter();
        JcaX509CertificateConverter certs = new JcaX509CertificateConverter();
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            Object item;
            while ((item = parser.readObject()) != null) {
                if (item instanceof PrivateKeyInfo info) {
                    key = keys.getPrivateKey(info);
                } else if (item instanceof PEMKeyPair pair) {
                    key = keys.getKeyPair(pair).getPrivate();
                } else if (item instanceof org.bouncycastle.cert.X509CertificateHolder holder) {
                    certificates.add(certs.getCertificate(holder));
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
        if (key == null || certificates.size() != 3) {
            throw new IOException("expected a key and three certificates");
        }
        return new Parsed(key, certificates);
    }

    private static String pem(List<X509Certificate> certificates) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            for (X509Certificate c : certificates) {
                writer.writeObject(c);
            }
        }
        return out.toString();
    }

    /**
     * Owner-only from the first byte, then moved into place: another instance starting at the same
     * moment sees the whole file or none, never a part of one.
     */
    private static void write(Path target, String content) throws IOException {
        Path temporary = Files.createTempFile(target.getParent(), ".tmp-", ".pem");
        try {
            restrict(temporary);
            Files.writeString(temporary, content, StandardCharsets.US_ASCII);
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
                if (!Files.exists(target)) {
                    Files.move(temporary, target);
                }
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static void restrict(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the data directory's own permissions apply.
        }
    }
}
