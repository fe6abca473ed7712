package com.walletcards.provider.apple;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
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

    /** The certificate from Apple that is configured, read and checked. */
    static PassCredentials production(AppleSettings settings, Clock clock) {
        return ProductionPassCertificates.read(settings, clock);
    }

    /** The development chain in {@code directory}, generated there on first use. */
    static PassCredentials development(Path directory, AppleSettings settings) {
        return DevelopmentPassCertificates.loadOrGenerate(directory, settings);
    }

    /**
     * Both kinds of credentials pass these checks, so the development chain is held to what
     * Apple's certificates must satisfy.
     */
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
}
