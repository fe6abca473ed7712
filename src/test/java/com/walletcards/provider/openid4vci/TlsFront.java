package com.walletcards.provider.openid4vci;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * An HTTPS front for the service under test, as a TLS-terminating proxy is in production: wallets
 * refuse {@code http://} issuers, so the wallet side of the tests speaks HTTPS with a test
 * certificate for {@code localhost}, while the service itself listens on plain HTTP behind it.
 */
final class TlsFront implements AutoCloseable {

    private final SSLServerSocket server;
    private final SSLContext clientTrust;
    private final int backendPort;

    private TlsFront(SSLServerSocket server, SSLContext clientTrust, int backendPort) {
        this.server = server;
        this.clientTrust = clientTrust;
        this.backendPort = backendPort;
    }

    /** Listens on {@code port} at once; connections are forwarded to {@code backendPort} once it listens. */
    static TlsFront start(int port, int backendPort) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(256);
            KeyPair pair = generator.generateKeyPair();
            Instant now = Instant.now();
            var builder = new JcaX509v3CertificateBuilder(
                    new X500Name("CN=localhost"),
                    BigInteger.valueOf(now.toEpochMilli()),
                    Date.from(now.minus(Duration.ofDays(1))),
                    Date.from(now.plus(Duration.ofDays(2))),
                    new X500Name("CN=localhost"),
                    pair.getPublic());
            builder.addExtension(
                    Extension.subjectAlternativeName,
                    false,
                    new GeneralNames(new GeneralName(GeneralName.dNSName, "localhost")));
            X509Certificate certificate = new JcaX509CertificateConverter()
                    .getCertificate(
                            builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry("tls", pair.getPrivate(), new char[0], new Certificate[] {certificate});
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, new char[0]);
            SSLContext serverContext = SSLContext.getInstance("TLS");
            serverContext.init(kmf.getKeyManagers(), null, null);

            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            trusted.setCertificateEntry("tls", certificate);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trusted);
            SSLContext client = SSLContext.getInstance("TLS");
            client.init(null, tmf.getTrustManagers(), null);

            SSLServerSocket server =
                    (SSLServerSocket) serverContext.getServerSocketFactory().createServerSocket();
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            TlsFront front = new TlsFront(server, client, backendPort);
            daemon(front::accept);
            return front;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the wallet trusts: the test certificate only. */
    SSLContext clientTrust() {
        return clientTrust;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), backendPort);
                daemon(() -> pump(client, upstream));
                daemon(() -> pump(upstream, client));
            } catch (IOException e) {
                // closed, or one failed connection: the next accept decides
            }
        }
    }

    private static void daemon(Runnable task) {
        Thread thread = new Thread(task, "tls-front");
        thread.setDaemon(true);
        thread.start();
    }

    private static void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // the other side closed
        } finally {
            try {
                from.close();
                to.close();
            } catch (IOException e) {
                // already closed
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
