package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;

import com.eatthepath.pushy.apns.ApnsClient;
import com.eatthepath.pushy.apns.ApnsClientBuilder;
import com.eatthepath.pushy.apns.util.SimpleApnsPushNotification;
import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.HolderContent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedDataGenerator;
import org.bouncycastle.cms.jcajce.JcaSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measures the Apple Wallet adapter against baselines taken in the same run: passes rendered and
 * signed per second against bare CMS signing of the same manifest, and pushes per second to
 * pushy's MockApnsServer for 10,000 registered devices against pushy sending the same pushes
 * directly. Target: at least 0.7x each baseline. Not part of the normal build; run it with
 *
 * <pre>./mvnw -B test -Dtest=AppleWalletMeasurement -Dwallet.measure=true -Dsurefire.failIfNoSpecifiedTests=false</pre>
 *
 * The figures go to the test output and to target/measurements.txt.
 */
@EnabledIfSystemProperty(named = "wallet.measure", matches = "true")
class AppleWalletMeasurement {

    private static final int PASSES = 400;
    private static final int DEVICES = 10_000;

    @TempDir
    Path dir;

    @Test
    void passesPerSecondAgainstBareCmsSigning() throws Exception {
        PassCredentials credentials = PassCredentials.development(dir.resolve("chain"), settings(0, 1));
        PassRenderer renderer = new PassRenderer(credentials, new PassImages(), "https://wallet.example");
        CardContent content = content();
        PassStore.Pass pass = new PassStore.Pass("pass_1", "card_1", "hash", 1, false, null, null, 1);
        String token = "t".repeat(43);
        byte[] manifest = manifestOf(renderer.render(content, pass, token));

        for (int round = 0; round < 3; round++) { // the last round counts; the first ones warm up
            long bareStart = System.nanoTime();
            for (int i = 0; i < PASSES; i++) {
                bareSign(credentials, manifest);
            }
            double bare = PASSES / seconds(bareStart);
            long start = System.nanoTime();
            for (int i = 0; i < PASSES; i++) {
                renderer.render(content, pass, token);
            }
            double rendered = PASSES / seconds(start);
            if (round == 2) {
                record("apple passes rendered and signed per second", rendered, "bare CMS signing per second", bare);
                assertThat(rendered).isPositive();
            }
        }
    }

    @Test
    void pushesPerSecondForTenThousandDevicesAgainstPushyDirectly() throws Exception {
        PassCredentials credentials = PassCredentials.development(dir.resolve("chain"), settings(0, 1));
        MockApns apns = new MockApns(dir, List.of(credentials.wwdr(), credentials.root()));
        try {
            FakeRegistrations store = new FakeRegistrations();
            List<String> serials =
                    IntStream.range(0, DEVICES).mapToObj(i -> "pass_" + i).toList();
            for (int i = 0; i < DEVICES; i++) {
                String token = String.format("%064x", i + 1);
                apns.knows(credentials.passTypeId(), token);
                store.registrations.add(new PassStore.Registration("device" + i, serials.get(i), token));
            }
            AppleSettings settings = new AppleSettings(
                    null,
                    null,
                    null,
                    null,
                    null,
                    "localhost",
                    apns.port,
                    apns.serverCa.toString(),
                    500,
                    java.time.Duration.ZERO);
            ApnsClient direct = new ApnsClientBuilder()
                    .setApnsServer("localhost", apns.port)
                    .setClientCredentials(credentials.leaf(), credentials.key(), null)
                    .setTrustedServerCertificateChain(trusted(apns.serverCa))
                    .setConcurrentConnections(1)
                    .build();
            try (ApnsPushes pushes = new ApnsPushes(settings, credentials, store)) {
                for (int round = 0; round < 3; round++) {
                    long directStart = System.nanoTime();
                    CompletableFuture.allOf(store.registrations.stream()
                                    .map(r -> direct.sendNotification(new SimpleApnsPushNotification(
                                            r.pushToken(), credentials.passTypeId(), ApnsPushes.PAYLOAD)))
                                    .toArray(CompletableFuture[]::new))
                            .get(120, TimeUnit.SECONDS);
                    double baseline = DEVICES / seconds(directStart);
                    long start = System.nanoTime();
                    int reached = pushes.push(serials).size();
                    double adapter = DEVICES / seconds(start);
                    if (round == 2) {
                        record(
                                "apple pushes per second (10,000 devices)",
                                adapter,
                                "pushy directly per second",
                                baseline);
                        assertThat(reached).isEqualTo(DEVICES);
                    }
                }
            } finally {
                direct.close().get(10, TimeUnit.SECONDS);
            }
        } finally {
            apns.stop();
        }
    }

    private static void bareSign(PassCredentials credentials, byte[] manifest) throws Exception {
        CMSSignedDataGenerator generator = new CMSSignedDataGenerator();
        generator.addSignerInfoGenerator(new JcaSignerInfoGeneratorBuilder(
                        new JcaDigestCalculatorProviderBuilder().build())
                .build(new JcaContentSignerBuilder("SHA256withRSA").build(credentials.key()), credentials.leaf()));
        generator.addCertificates(new JcaCertStore(List.of(credentials.leaf(), credentials.wwdr())));
        generator.generate(new CMSProcessableByteArray(manifest), false).getEncoded();
    }

    private static byte[] manifestOf(byte[] pkpass) {
        return PassFile.unzip(pkpass).files().get("manifest.json");
    }

    private static CardContent content() {
        CampaignContent campaign = new CampaignContent(
                "cmp_1",
                "Acme",
                "Summer Summit",
                "event",
                Map.of("location", "Hall A"),
                "qr",
                "Europe/Berlin",
                LocalDate.of(2031, 7, 1),
                null,
                Instant.parse("2031-07-01T16:00:00Z"),
                Instant.parse("2031-07-01T21:00:00Z"),
                new CardDesign("#0A1B2C", "#FFFFFF", "#AABBCC", "Acme", null, Map.of()),
                3);
        HolderContent holder =
                new HolderContent("rcp_1", "Grace Hopper", "grace@example.com", Map.of("seat", "12B"), "ABC123", 2);
        return new CardContent(campaign, holder);
    }

    private static X509Certificate[] trusted(Path pem) throws Exception {
        try (var in = Files.newInputStream(pem)) {
            return CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
                    .map(X509Certificate.class::cast)
                    .toArray(X509Certificate[]::new);
        }
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static void record(String what, double value, String baselineName, double baseline) throws IOException {
        String line = String.format(
                "%s: %.0f; %s: %.0f; ratio %.2f (target >= 0.70)%n",
                what, value, baselineName, baseline, value / baseline);
        System.out.print(line);
        Files.writeString(
                Path.of("target", "measurements.txt"),
                line,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    private static AppleSettings settings(int port, int concurrency) {
        return new AppleSettings(
                null, null, null, null, null, "localhost", port, null, concurrency, java.time.Duration.ZERO);
    }
}
