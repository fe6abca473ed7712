// APNs for the `million` benchmark scenario (bench/README.md): pushy's MockApnsServer, and pushy's
// ApnsClient alone as the baseline. A single-file source program, run with the service's own
// libraries on the class path (the harness takes them from the packaged jar's BOOT-INF/lib):
//
//   java -cp <libs> MockApnsMain.java serve <work dir> <client chain dir> <port>
//       Writes <work dir>/apns-ca.pem (the CA the service trusts through
//       WALLET_ALPHA_APNS_TRUSTED_CA), waits until the service wrote its development chain
//       (root.pem, wwdr.pem) into <client chain dir>, then accepts every push from a client of
//       that chain on <port>. Prints "APNS <port>" and "STATUS <port>"; GET http://127.0.0.1:<status>/
//       answers "<accepted> <rejected> <epoch ms of the first> <epoch ms of the last accepted>
//       <devices pushed at least once> <epoch ms of the last push to a device not pushed before>".
//
//   java -cp <libs> MockApnsMain.java baseline <port> <ca pem> <chain pem> <pushes> <concurrency> <topic>
//       pushy's ApnsClient with the same credentials, one connection and at most <concurrency>
//       pushes waiting for their answer (the service's WALLET_ALPHA_APNS_CONCURRENCY), sends
//       <pushes> pushes after a warm-up of 2,000 and prints "BASELINE <pushes> <seconds> <accepted>".

import com.eatthepath.pushy.apns.ApnsClient;
import com.eatthepath.pushy.apns.ApnsClientBuilder;
import com.eatthepath.pushy.apns.server.AcceptAllPushNotificationHandlerFactory;
import com.eatthepath.pushy.apns.server.MockApnsServer;
import com.eatthepath.pushy.apns.server.MockApnsServerBuilder;
import com.eatthepath.pushy.apns.server.MockApnsServerListener;
import com.eatthepath.pushy.apns.server.RejectionReason;
import com.eatthepath.pushy.apns.util.SimpleApnsPushNotification;
import com.sun.net.httpserver.HttpServer;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.FileReader;
import java.io.StringWriter;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

public class MockApnsMain {

    static final AtomicLong accepted = new AtomicLong();
    static final AtomicLong rejected = new AtomicLong();
    static final AtomicLong first = new AtomicLong();
    static final AtomicLong last = new AtomicLong();
    /** Devices pushed at least once: a batch that is retried pushes some devices again. */
    static final java.util.Set<String> devices = java.util.concurrent.ConcurrentHashMap.newKeySet();
    static final AtomicLong lastNewDevice = new AtomicLong();

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("serve")) {
            serve(Path.of(args[1]), Path.of(args[2]), Integer.parseInt(args[3]));
        } else if (args.length > 0 && args[0].equals("baseline")) {
            baseline(Integer.parseInt(args[1]), Path.of(args[2]), Path.of(args[3]), Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]), args[6]);
        } else {
            System.err.println("usage: serve <work dir> <client chain dir> <port> | baseline <port> <ca> <chain> <n> <c> <topic>");
            System.exit(2);
        }
    }

    static void serve(Path work, Path chainDir, int port) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair caKeys = generator.generateKeyPair();
        KeyPair serverKeys = generator.generateKeyPair();
        X500Name caName = new X500Name("CN=Bench APNs CA");
        X509Certificate ca = certificate(caName, caName, caKeys, caKeys, true);
        X509Certificate server = certificate(new X500Name("CN=localhost"), caName, serverKeys, caKeys, false);
        Files.createDirectories(work);
        Files.writeString(work.resolve("apns-ca.pem"), pem(List.of(ca)));
        System.out.println("CA " + work.resolve("apns-ca.pem"));
        // The service generates its development chain on its first start, after this CA exists.
        Path root = chainDir.resolve("root.pem");
        Path wwdr = chainDir.resolve("wwdr.pem");
        while (!Files.exists(root) || !Files.exists(wwdr)) {
            Thread.sleep(200);
        }
        Thread.sleep(500); // written through a temporary file and a move, but let the second one land
        String trusted = Files.readString(wwdr) + Files.readString(root);
        MockApnsServer apns = new MockApnsServerBuilder()
                .setServerCredentials(new X509Certificate[] {server, ca}, serverKeys.getPrivate(), null)
                .setTrustedClientCertificateChain(
                        new java.io.ByteArrayInputStream(trusted.getBytes(StandardCharsets.US_ASCII)))
                .setHandlerFactory(new AcceptAllPushNotificationHandlerFactory())
                .setListener(new MockApnsServerListener() {
                    @Override
                    public void handlePushNotificationAccepted(Http2Headers headers, ByteBuf payload) {
                        long now = System.currentTimeMillis();
                        first.compareAndSet(0, now);
                        last.set(now);
                        accepted.incrementAndGet();
                        CharSequence path = headers.path(); // /3/device/<token>
                        if (path != null && devices.add(path.toString())) {
                            lastNewDevice.set(now);
                        }
                    }

                    @Override
                    public void handlePushNotificationRejected(
                            Http2Headers headers, ByteBuf payload, RejectionReason reason, Instant expiration) {
                        rejected.incrementAndGet();
                    }
                })
                .build();
        apns.start(port).get(30, TimeUnit.SECONDS);
        HttpServer status = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        status.createContext("/", exchange -> {
            byte[] body = (accepted.get() + " " + rejected.get() + " " + first.get() + " " + last.get() + " "
                            + devices.size() + " " + lastNewDevice.get())
                    .getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        status.start();
        System.out.println("APNS " + port);
        System.out.println("STATUS " + status.getAddress().getPort());
        System.out.flush();
        Thread.currentThread().join(); // until the harness ends the process
    }

    static void baseline(int port, Path caPem, Path chainPem, int n, int concurrency, String topic) throws Exception {
        PrivateKey key = null;
        List<X509Certificate> certificates = new ArrayList<>();
        try (PEMParser parser = new PEMParser(new FileReader(chainPem.toFile()))) {
            for (Object o; (o = parser.readObject()) != null; ) {
                if (o instanceof PEMKeyPair pair) {
                    key = new JcaPEMKeyConverter().getKeyPair(pair).getPrivate();
                } else if (o instanceof PrivateKeyInfo info) {
                    key = new JcaPEMKeyConverter().getPrivateKey(info);
                } else if (o instanceof X509CertificateHolder holder) {
                    certificates.add(new JcaX509CertificateConverter().getCertificate(holder));
                }
            }
        }
        X509Certificate ca;
        try (PEMParser parser = new PEMParser(new FileReader(caPem.toFile()))) {
            ca = new JcaX509CertificateConverter().getCertificate((X509CertificateHolder) parser.readObject());
        }
        ApnsClient client = new ApnsClientBuilder()
                .setApnsServer("localhost", port)
                .setClientCredentials(certificates.get(0), key, null)
                .setTrustedServerCertificateChain(ca)
                .setConnectionTimeout(Duration.ofSeconds(10))
                .setConcurrentConnections(1)
                .build();
        // Tokens as the bench seeds them: 64 hex digits per device.
        HexFormat hex = HexFormat.of();
        send(client, 2_000, concurrency, topic, hex); // connection, TLS and JIT warm-up, untimed
        long start = System.nanoTime();
        long ok = send(client, n, concurrency, topic, hex);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.println("BASELINE " + n + " " + seconds + " " + ok);
        client.close().get(10, TimeUnit.SECONDS);
        System.exit(0);
    }

    /** Sends n pushes with at most `concurrency` unanswered, as the service's ApnsPushes does. */
    static long send(ApnsClient client, int n, int concurrency, String topic, HexFormat hex) throws Exception {
        Semaphore inFlight = new Semaphore(concurrency);
        AtomicLong ok = new AtomicLong();
        byte[] token = new byte[32];
        SecureRandom random = new SecureRandom();
        for (int i = 0; i < n; i++) {
            random.nextBytes(token);
            inFlight.acquire();
            client.sendNotification(new SimpleApnsPushNotification(hex.formatHex(token), topic, "{}"))
                    .whenComplete((response, failure) -> {
                        if (response != null && response.isAccepted()) {
                            ok.incrementAndGet();
                        }
                        inFlight.release();
                    });
        }
        inFlight.acquire(concurrency); // every answer in
        return ok.get();
    }

    static X509Certificate certificate(X500Name subject, X500Name issuer, KeyPair subjectKeys, KeyPair issuerKeys,
            boolean ca) throws Exception {
        Instant now = Instant.now();
        var builder = new JcaX509v3CertificateBuilder(issuer, new BigInteger(64, new SecureRandom()),
                Date.from(now.minus(Duration.ofDays(1))), Date.from(now.plus(Duration.ofDays(30))), subject,
                subjectKeys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        if (!ca) {
            builder.addExtension(Extension.subjectAlternativeName, false,
                    new GeneralNames(new GeneralName(GeneralName.dNSName, "localhost")));
        }
        return new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(issuerKeys.getPrivate())));
    }

    static String pem(List<X509Certificate> certificates) throws Exception {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            for (X509Certificate c : certificates) {
                writer.writeObject(c);
            }
        }
        return out.toString();
    }
}
