package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Production credentials are checked before the service starts: each mismatch that would
 * otherwise surface as passes that never install stops it with a message naming the variable.
 */
@ExtendWith(OutputCaptureExtension.class)
class PassCredentialsTest {

    @TempDir
    static Path dir;

    static PassCredentials chain;
    static Path p12;
    static Path wwdr;
    static Path otherWwdr;

    @BeforeAll
    static void aCertificateLikeApplesInAPkcs12File() throws Exception {
        chain = PassCredentials.development(dir.resolve("one"), settings(null, null, null, null, null));
        PassCredentials other = PassCredentials.development(dir.resolve("two"), settings(null, null, null, null, null));
        p12 = dir.resolve("pass.p12");
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("pass", chain.key(), "secret".toCharArray(), new Certificate[] {chain.leaf(), chain.wwdr()});
        try (OutputStream out = Files.newOutputStream(p12)) {
            store.store(out, "secret".toCharArray());
        }
        wwdr = dir.resolve("one").resolve("wwdr.pem");
        otherWwdr = dir.resolve("two").resolve("wwdr.pem");
    }

    @Test
    void matchingCredentialsGiveThePassTypeAndTeamOfTheCertificate() {
        PassCredentials loaded = PassCredentials.production(
                settings(p12.toString(), "secret", wwdr.toString(), PassCredentials.DEV_PASS_TYPE_ID, null),
                Clock.systemUTC());

        assertThat(loaded.passTypeId()).isEqualTo(PassCredentials.DEV_PASS_TYPE_ID);
        assertThat(loaded.teamId()).isEqualTo(PassCredentials.DEV_TEAM_ID);
        assertThat(loaded.development()).isFalse();
        assertThat(loaded.leaf()).isEqualTo(chain.leaf());
    }

    @Test
    void aPassTypeIdOtherThanTheCertificatesUidStopsTheStartUp() {
        assertThatThrownBy(() -> PassCredentials.production(
                        settings(p12.toString(), "secret", wwdr.toString(), "pass.com.example.other", null),
                        Clock.systemUTC()))
                .hasMessageContaining("WALLET_ALPHA_PASS_TYPE_ID")
                .hasMessageContaining(PassCredentials.DEV_PASS_TYPE_ID);
    }

    @Test
    void aTeamIdOtherThanTheCertificatesOuStopsTheStartUp() {
        assertThatThrownBy(() -> PassCredentials.production(
                        settings(p12.toString(), "secret", wwdr.toString(), null, "OTHERTEAM1"), Clock.systemUTC()))
                .hasMessageContaining("WALLET_ALPHA_TEAM_ID");
    }

    @Test
    void aWwdrCertificateThatDidNotIssueThePassCertificateStopsTheStartUp() {
        assertThatThrownBy(() -> PassCredentials.production(
                        settings(p12.toString(), "secret", otherWwdr.toString(), null, null), Clock.systemUTC()))
                .hasMessageContaining("WALLET_ALPHA_WWDR_CERTIFICATE");
    }

    @Test
    void aMissingWwdrCertificateOrAWrongPasswordStopsTheStartUp() {
        assertThatThrownBy(() -> PassCredentials.production(
                        settings(p12.toString(), "secret", null, null, null), Clock.systemUTC()))
                .hasMessageContaining("WALLET_ALPHA_WWDR_CERTIFICATE");
        assertThatThrownBy(() -> PassCredentials.production(
                        settings(p12.toString(), "wrong", wwdr.toString(), null, null), Clock.systemUTC()))
                .hasMessageContaining("WALLET_ALPHA_PASS_CERTIFICATE")
                .hasMessageContaining("WALLET_ALPHA_PASS_CERTIFICATE_PASSWORD");
    }

    @Test
    void anExpiredCertificateStopsTheStartUp() {
        Clock later = Clock.fixed(Instant.now().plus(Duration.ofDays(365L * 11)), ZoneOffset.UTC);
        assertThatThrownBy(() -> PassCredentials.production(
                        settings(p12.toString(), "secret", wwdr.toString(), null, null), later))
                .hasMessageContaining("WALLET_ALPHA_PASS_CERTIFICATE")
                .hasMessageContaining("expired");
    }

    @Test
    void aCertificateExpiringWithin30DaysIsWarnedAboutAtStartUpNamingTheVariable(CapturedOutput output) {
        AppleSettings configured = settings(p12.toString(), "secret", wwdr.toString(), null, null);
        Instant expiry = chain.leaf().getNotAfter().toInstant();
        Clock monthsBefore = Clock.fixed(expiry.minus(Duration.ofDays(90)), ZoneOffset.UTC);
        Clock daysBefore = Clock.fixed(expiry.minus(Duration.ofDays(10)), ZoneOffset.UTC);

        PassCredentials.load(configured, dir, monthsBefore);
        assertThat(output.getAll()).doesNotContain("expires on");

        PassCredentials started = PassCredentials.load(configured, dir, daysBefore);

        assertThat(started.development()).isFalse();
        assertThat(output.getAll())
                .containsPattern("WARN.*The pass certificate in WALLET_ALPHA_PASS_CERTIFICATE expires on "
                        + Pattern.quote(expiry.toString()));
    }

    @Test
    void theDevelopmentChainIsGeneratedOnceAndReadAgain() {
        PassCredentials again = PassCredentials.development(dir.resolve("one"), settings(null, null, null, null, null));
        assertThat(again.leaf()).isEqualTo(chain.leaf());
        assertThat(again.key()).isEqualTo(chain.key());
        assertThat(again.development()).isTrue();
    }

    private static AppleSettings settings(
            String certificate, String password, String wwdr, String passType, String team) {
        return new AppleSettings(
                certificate,
                password,
                wwdr,
                passType,
                team,
                "api.push.apple.com",
                443,
                null,
                10,
                java.time.Duration.ZERO);
    }
}
