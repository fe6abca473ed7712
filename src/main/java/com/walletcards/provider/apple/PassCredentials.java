package com.walletcards.provider.apple;

import java.io.IOException;
import java.io.InputStream;
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
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
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
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What passes are signed with: the pass type certificate and its key, Apple's WWDR intermediate
 * that issued it, and the pass type and team ids they stand for.
 *
 * @param root the development chain's root, for verifying its passes; null in production
 * @param development signed by the generated chain: verifiable, but no device installs such passes
 */
record PassCredentials(
        PrivateKey key,
        X509Certificate leaf,
        X509Certificate wwdr,
        @Nullable X509Certificate root,
        String passTypeId,
        String teamId,
        boolean development) {

    private static final Logger log = LoggerFactory.getLogger(PassCredentials.class);

    static final String DEV_PASS_TYPE_ID = "pass.local.walletcards.dev";
    static final String DEV_TEAM_ID = "DEVTEAM000";
    static final String DEV_DIRECTORY = "alpha-dev-certificates";
    private static final Duration EXPIRY_WARNING = Duration.ofDays(30);

    /** Production credentials when a certificate is configured, else the development chain. */
    static PassCredentials load(AppleSettings settings, Path dataDir, Clock clock) {
        PassCredentials credentials = settings.hasCertificate()
                ? production(settings, clock)
                : development(dataDir.resolve(DEV_DIRECTORY), settings);
        if (credentials.development()) {
            log.warn(
                    "Apple Wallet passes are signed with a generated development certificate chain ({}): they are"
                            + " complete and verifiable but do not install on devices. Set {}, {} and {} for real passes.",
                    dataDir.resolve(DEV_DIRECTORY),
                    AppleSettings.CERTIFICATE_VARIABLE,
                    AppleSettings.PASSWORD_VARIABLE,
                    AppleSettings.WWDR_VARIABLE);
        } else {
            log.info(
                    "Apple Wallet passes are signed for pass type {} of team {}",
                    credentials.passTypeId(),
                    credentials.teamId());
        }
        return credentials;
    }

    /**
     * Reads and checks the configured certificate: a mismatch found now would otherwise surface as
     * passes that silently do not install, or pushes that Apple refuses.
     */
    static PassCredentials production(AppleSettings settings, Clock clock) {
        String p12 = Objects.requireNonNull(settings.passCertificate());
        if (!AppleSettings.present(settings.wwdrCertificate())) {
            throw new IllegalStateException(AppleSettings.WWDR_VARIABLE + " is required with "
                    + AppleSettings.CERTIFICATE_VARIABLE + ": the PEM file of Apple's WWDR intermediate certificate");
        }
        char[] password = settings.passCertificatePassword() == null
                ? new char[0]
                : settings.passCertificatePassword().toCharArray();
        PrivateKey key = null;
        X509Certificate leaf = null;
        try (InputStream in = Files.newInputStream(Path.of(p12))) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)
                        && store.getKey(alias, password) instanceof PrivateKey k
                        && store.getCertificate(alias) instanceof X509Certificate c) {
                    key = k;
                    leaf = c;
                    break;
                }
            }
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(
                    AppleSettings.CERTIFICATE_VARIABLE + "=" + p12 + " cannot be read as PKCS#12 with "
                            + AppleSettings.PASSWORD_VARIABLE + ": " + e.getMessage(),
                    e);
        }
        if (key == null || leaf == null) {
            throw new IllegalStateException(
                    AppleSettings.CERTIFICATE_VARIABLE + "=" + p12 + " holds no private key with its certificate");
        }
        X509Certificate wwdr = readPem(AppleSettings.WWDR_VARIABLE, Path.of(settings.wwdrCertificate()));
        return checked(key, leaf, wwdr, null, settings, false, clock);
    }

    static PassCredentials checked(
            PrivateKey key,
            X509Certificate leaf,
            X509Certificate wwdr,
            @Nullable X509Certificate root,
            AppleSettings settings,
            boolean development,
            Clock clock) {
        String uid = attribute(leaf, "UID");
        String ou = attribute(leaf, "OU");
        if (uid == null) {
            throw new IllegalStateException(AppleSettings.CERTIFICATE_VARIABLE
                    + ": the certificate's subject has no UID, so it is not a pass type certificate");
        }
        if (AppleSettings.present(settings.passTypeId()) && !uid.equals(settings.passTypeId())) {
            throw new IllegalStateException(
                    AppleSettings.PASS_TYPE_VARIABLE + "=" + settings.passTypeId() + " does not match the UID " + uid
                            + " of the certificate in " + AppleSettings.CERTIFICATE_VARIABLE);
        }
        if (ou == null) {
            throw new IllegalStateException(
                    AppleSettings.CERTIFICATE_VARIABLE + ": the certificate's subject has no OU (team id)");
        }
        if (AppleSettings.present(settings.teamId()) && !ou.equals(settings.teamId())) {
            throw new IllegalStateException(AppleSettings.TEAM_VARIABLE + "=" + settings.teamId()
                    + " does not match the OU " + ou + " of the certificate in " + AppleSettings.CERTIFICATE_VARIABLE);
        }
        if (!leaf.getIssuerX500Principal().equals(wwdr.getSubjectX500Principal())) {
            throw new IllegalStateException(AppleSettings.WWDR_VARIABLE + " is " + wwdr.getSubjectX500Principal()
                    + ", but the pass certificate was issued by " + leaf.getIssuerX500Principal()
                    + " (certificates issued since 2022 need the G4 intermediate)");
        }
        try {
            leaf.verify(wwdr.getPublicKey());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(AppleSettings.WWDR_VARIABLE + " did not sign the certificate in "
                    + AppleSettings.CERTIFICATE_VARIABLE + ": " + e.getMessage());
        }
        Instant now = clock.instant();
        if (leaf.getNotAfter().toInstant().isBefore(now)) {
            throw new IllegalStateException(AppleSettings.CERTIFICATE_VARIABLE + ": the pass certificate expired on "
                    + leaf.getNotAfter().toInstant());
        }
        if (leaf.getNotAfter().toInstant().isBefore(now.plus(EXPIRY_WARNING))) {
            log.warn(
                    "The pass certificate in {} expires on {}: renew it with the same pass type id {}",
                    AppleSettings.CERTIFICATE_VARIABLE,
                    leaf.getNotAfter().toInstant(),
                    uid);
        }
        return new PassCredentials(key, leaf, wwdr, root, uid, ou, development);
    }

    /** An attribute of the certificate's subject, such as {@code UID} (pass type id) or {@code OU} (team id). */
    static @Nullable String attribute(X509Certificate certificate, String type) {
        // RFC 2253 form names UID by its OID, so both spellings are looked for.
        String name =
                certificate.getSubjectX500Principal().getName("RFC2253", Map.of("0.9.2342.19200300.100.1.1", "UID"));
        try {
            for (Rdn rdn : new LdapName(name).getRdns()) {
                if (rdn.getType().equalsIgnoreCase(type)) {
                    return rdn.getValue().toString();
                }
            }
        } catch (InvalidNameException e) {
            return null;
        }
        return null;
    }

    private static X509Certificate readPem(String variable, Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            Certificate certificate = CertificateFactory.getInstance("X.509").generateCertificate(in);
            return (X509Certificate) certificate;
        } catch (IOException | GeneralSecurityException | ClassCastException e) {
            throw new IllegalStateException(
                    variable + "=" + path + " cannot be read as a PEM or DER certificate: " + e.getMessage(), e);
        }
    }

    // --- the development chain -----------------------------------------------------------------

    /**
     * The chain in {@code directory}, generated on first use: a root, an intermediate standing in
     * for WWDR, and a pass certificate with the pass type id as UID and the team id as OU, like
     * Apple's. Written once, so passes signed yesterday still verify against it.
     */
    static PassCredentials development(Path directory, AppleSettings settings) {
        String passTypeId = AppleSettings.present(settings.passTypeId()) ? settings.passTypeId() : DEV_PASS_TYPE_ID;
        String teamId = AppleSettings.present(settings.teamId()) ? settings.teamId() : DEV_TEAM_ID;
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
            return checked(
                    parsed.key(),
                    certificates.get(0),
                    certificates.get(1),
                    certificates.get(2),
                    new AppleSettings(null, null, null, null, null, "", 0, null, 1, java.time.Duration.ZERO),
                    true,
                    Clock.systemUTC());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep the development pass certificates in " + directory, e);
        }
    }

    private record Parsed(PrivateKey key, List<X509Certificate> certificates) {}

    private static String generate(String passTypeId, String teamId) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048, new SecureRandom());
            KeyPair rootKeys = generator.generateKeyPair();
            KeyPair wwdrKeys = generator.generateKeyPair();
            KeyPair passKeys = generator.generateKeyPair();
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
