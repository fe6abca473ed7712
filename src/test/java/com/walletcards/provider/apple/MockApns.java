package com.walletcards.provider.apple;

import com.eatthepath.pushy.apns.ApnsPushNotification;
import com.eatthepath.pushy.apns.server.MockApnsServer;
import com.eatthepath.pushy.apns.server.MockApnsServerBuilder;
import com.eatthepath.pushy.apns.server.ParsingMockApnsServerListenerAdapter;
import com.eatthepath.pushy.apns.server.RejectionReason;
import com.eatthepath.pushy.apns.server.ValidatingPushNotificationHandlerFactory;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.jspecify.annotations.Nullable;

/**
 * pushy's {@code MockApnsServer} over TLS with client-certificate authentication, as APNs does it:
 * the allowed topic is the client certificate's {@code UID}, device tokens must be known for the
 * topic, and chosen tokens are answered {@code 410 Unregistered}. Records what it accepted.
 */
final class MockApns {

    record Push(String token, String topic, String payload) {}

    final Path serverCa;
    final int port;
    private final MockApnsServer server;
    private final Map<String, Set<String>> tokensByTopic = new ConcurrentHashMap<>();
    private final Map<String, Instant> unregistered = new ConcurrentHashMap<>();
    private final List<Push> accepted = new CopyOnWriteArrayList<>();
    private final List<Push> rejected = new CopyOnWriteArrayList<>();
    private final Map<String, Failing> failures = new ConcurrentHashMap<>();

    private record Failing(RejectionReason reason, AtomicInteger remaining) {}

    /** Trusts client certificates issued under the given chain (the pass certificates' WWDR and root). */
    MockApns(Path directory, List<X509Certificate> clientChain) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair caKeys = generator.generateKeyPair();
        KeyPair serverKeys = generator.generateKeyPair();
        X500Name caName = new X500Name("CN=Test APNs CA");
        X509Certificate ca = certificate(caName, caName, caKeys, caKeys, true);
        X509Certificate serverCertificate =
                certificate(new X500Name("CN=localhost"), caName, serverKeys, caKeys, false);
        Files.createDirectories(directory);
        serverCa = directory.resolve("apns-test-ca.pem");
        Files.writeString(serverCa, pem(List.of(ca)));
        server = new MockApnsServerBuilder()
                .setServerCredentials(new X509Certificate[] {serverCertificate, ca}, serverKeys.getPrivate(), null)
                .setTrustedClientCertificateChain(
                        new ByteArrayInputStream(pem(clientChain).getBytes(StandardCharsets.US_ASCII)))
                .setHandlerFactory(
                        new ValidatingPushNotificationHandlerFactory(tokensByTopic, unregistered, null, null))
                .setListener(new ParsingMockApnsServerListenerAdapter() {
                    @Override
                    public void handlePushNotificationAccepted(ApnsPushNotification push) {
                        accepted.add(new Push(push.getToken(), push.getTopic(), push.getPayload()));
                    }

                    @Override
                    public void handlePushNotificationRejected(
                            ApnsPushNotification push, RejectionReason reason, @Nullable Instant expiration) {
                        rejected.add(new Push(push.getToken(), push.getTopic(), reason.name()));
                    }
                })
                .build();
        port = server.start(0).get(30, TimeUnit.SECONDS);
    }

    /** A device of this topic: APNs knows its token. */
    void knows(String topic, String token) {
        tokensByTopic.computeIfAbsent(topic, t -> ConcurrentHashMap.newKeySet()).add(token);
    }

    /** The app (here: the pass) is gone from the device: APNs answers 410 Unregistered. */
    void unregister(String token) {
        unregistered.put(token, Instant.now());
    }

    /** APNs answers the token's next {@code times} pushes with this reason (429, 500 …), then as usual. */
    void failNext(String token, RejectionReason reason, int times) {
        failures.put(token, new Failing(reason, new AtomicInteger(times)));
    }

    void stop() throws Exception {
        server.shutdown().get(30, TimeUnit.SECONDS);
    }

    List<Push> accepted(String token) {
        return accepted.stream().filter(p -> p.token().equals(token)).toList();
    }

    List<Push> rejected(String token) {
        return rejected.stream().filter(p -> p.token().equals(token)).toList();
    }

    private static X509Certificate certificate(
            X500Name subject, X500Name issuer, KeyPair subjectKeys, KeyPair issuerKeys, boolean ca) throws Exception {
        Instant now = Instant.now();
        var builder = new JcaX509v3CertificateBuilder(
                issuer,
                new BigInteger(64, new SecureRandom()),
                Date.from(now.minus(Duration.ofDays(1))),
                Date.from(now.plus(Duration.ofDays(30))),
                subject,
                subjectKeys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        if (!ca) {
            builder.addExtension(
                    Extension.subjectAlternativeName,
                    false,
                    new GeneralNames(new GeneralName(GeneralName.dNSName, "localhost")));
        }
        return new JcaX509CertificateConverter()
                .getCertificate(
                        builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(issuerKeys.getPrivate())));
    }

    private static String pem(List<X509Certificate> certificates) throws Exception {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            for (X509Certificate c : certificates) {
                writer.writeObject(c);
            }
        }
        return out.toString();
    }
}
