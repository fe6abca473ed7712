package com.walletcards.provider.google;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.SeparateDatabase;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The set-up of a test of the running service with {@code beta} in mode {@code google}: its own
 * context on its own database (so the fake's counts see only its work), pointed at the fake Google
 * Wallet API, which serves the callback keys of {@link #SENDER}. The fake and the sender live for
 * the test JVM: every subclass shares them and resets the fake's counts itself.
 */
@DatabaseTest
@ContextConfiguration(initializers = GoogleWalletSpringTest.OwnDatabase.class)
@DirtiesContext
abstract class GoogleWalletSpringTest {

    static final class OwnDatabase extends SeparateDatabase {}

    static final FakeGoogleWallet GOOGLE = new FakeGoogleWallet();
    static final GoogleCallbackSender SENDER = new GoogleCallbackSender(FakeGoogleWallet.ISSUER_ID);

    static {
        GOOGLE.serveCallbackKeys(SENDER.keysJson());
        Runtime.getRuntime().addShutdownHook(new Thread(GOOGLE::close, "fake-google-wallet-stop"));
    }

    @DynamicPropertySource
    static void google(DynamicPropertyRegistry registry) {
        GOOGLE.properties().forEach((key, value) -> registry.add(key, () -> value));
    }

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;
}
