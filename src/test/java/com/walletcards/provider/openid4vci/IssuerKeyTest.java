package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IssuerKeyTest {

    @TempDir
    Path dataDir;

    @Test
    void withoutAConfiguredKeyOneIsGeneratedOnceIntoTheDataDirectoryReadableOnlyByTheOwner() throws Exception {
        IssuerKey first = IssuerKey.load(null, "", dataDir, "cards.example.org");
        Path file = dataDir.resolve(IssuerKey.GENERATED_FILE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(first.chain()).hasSize(2);
        assertThat(first.chain().get(0).getSubjectX500Principal().getName()).contains("cards.example.org");
        first.chain().get(0).verify(first.chain().get(1).getPublicKey());
        // x5c carries the leaf, not the self-signed root
        assertThat(first.jwk().getX509CertChain()).hasSize(1);

        IssuerKey afterRestart = IssuerKey.load("", "", dataDir, "cards.example.org");
        assertThat(afterRestart.publicJwk()).isEqualTo(first.publicJwk());
        assertThat(afterRestart.derivedSecret("x")).isEqualTo(first.derivedSecret("x"));
    }

    @Test
    void aConfiguredPkcs12KeyIsUsedAndANonP256KeyIsRefused() throws Exception {
        IssuerKey generated = IssuerKey.load(null, "", dataDir.resolve("elsewhere"), "issuer.example");
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry(
                "mine",
                generated.jwk().toECPrivateKey(),
                "pw".toCharArray(),
                generated.chain().toArray(Certificate[]::new));
        Path p12 = dataDir.resolve("issuer.p12");
        try (OutputStream out = Files.newOutputStream(p12)) {
            store.store(out, "pw".toCharArray());
        }
        IssuerKey configured = IssuerKey.load(p12.toString(), "pw", dataDir, "ignored.example");
        assertThat(configured.publicJwk()).isEqualTo(generated.publicJwk());
        assertThat(dataDir.resolve(IssuerKey.GENERATED_FILE)).doesNotExist();

        assertThatThrownBy(() -> IssuerKey.load(p12.toString(), "wrong", dataDir, "x"))
                .hasMessageContaining("WALLET_EUDIW_ISSUER_KEY");

        var rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        KeyStore rsaStore = KeyStore.getInstance("PKCS12");
        rsaStore.load(null, null);
        // An RSA key with an EC certificate is still not an EC key: refused with a message.
        rsaStore.setKeyEntry(
                "rsa",
                rsa.generateKeyPair().getPrivate(),
                "pw".toCharArray(),
                generated.chain().toArray(Certificate[]::new));
        Path rsaFile = dataDir.resolve("rsa.p12");
        try (OutputStream out = Files.newOutputStream(rsaFile)) {
            rsaStore.store(out, "pw".toCharArray());
        }
        assertThatThrownBy(() -> IssuerKey.load(rsaFile.toString(), "pw", dataDir, "x"))
                .hasMessageContaining("WALLET_EUDIW_ISSUER_KEY");
    }
}
