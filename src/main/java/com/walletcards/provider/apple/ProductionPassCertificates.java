package com.walletcards.provider.apple;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.Collections;
import java.util.Objects;

/**
 * The pass type certificate Apple issued, with its key, from the configured PKCS#12 file, and
 * Apple's WWDR intermediate from the configured PEM file.
 */
final class ProductionPassCertificates {

    private ProductionPassCertificates() {}

    /**
     * Reads and checks the configured certificate: a mismatch found now would otherwise surface as
     * passes that silently do not install, or pushes that Apple refuses.
     */
    static PassCredentials read(AppleSettings settings, Clock clock) {
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
        return PassCredentials.checked(key, leaf, wwdr, null, settings, false, clock);
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
}
