package com.walletcards.provider.apple;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.Tenants;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The running service with {@code alpha} in {@code apple} mode and no Apple credentials, on a
 * database of its own; the test classes extending it share one context.
 */
@DatabaseTest
@ContextConfiguration(initializers = AppleTestDatabase.class)
@TestPropertySource(
        properties = {
            "wallet.providers.settings.alpha.mode=apple",
            "wallet.data-dir=" + AppleModeTest.DATA_DIR,
            "wallet.propagation.retry-delay=PT0.2S"
        })
abstract class AppleModeTest {

    static final String DATA_DIR = "target/apple-test-data";
    static final int PORT = ServiceProcess.freePort();
    static final PassCredentials CHAIN;
    static final MockApns APNS;

    static {
        try {
            // The chain the service will find in its data directory; APNs trusts client
            // certificates issued under it, as Apple's trusts the WWDR intermediate.
            CHAIN = PassCredentials.development(
                    Path.of(DATA_DIR, PassCredentials.DEV_DIRECTORY),
                    new AppleSettings(null, null, null, null, null, "", 0, null, 1, java.time.Duration.ZERO));
            APNS = new MockApns(Path.of(DATA_DIR), List.of(CHAIN.wwdr(), CHAIN.root()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @DynamicPropertySource
    static void ownPortAndApns(DynamicPropertyRegistry registry) {
        // The pass's webServiceURL and the images it fetches name the service's public origin.
        registry.add("server.port", () -> PORT);
        registry.add("wallet.download-base-url", () -> "http://localhost:" + PORT);
        registry.add("wallet.providers.settings.alpha.apns-host", () -> "localhost");
        registry.add("wallet.providers.settings.alpha.apns-port", () -> APNS.port);
        registry.add(
                "wallet.providers.settings.alpha.apns-trusted-ca",
                () -> APNS.serverCa.toAbsolutePath().toString());
    }

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    /** The path of the card's "add to Apple Wallet" action. */
    String addToWallet(String campaign, String recipient) {
        String link = flows.invite(campaign, recipient).get("downloadUrl").asString();
        return link.substring(link.indexOf("/c/")) + "/alpha";
    }

    static X509Certificate certificate(String name) throws Exception {
        try (InputStream in = Files.newInputStream(Path.of(DATA_DIR, PassCredentials.DEV_DIRECTORY, name))) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }
}
