package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Credentials issued per second through the whole credential step as a wallet drives it over
 * HTTP (a nonce request, a fresh key proof, proof verification, SD-JWT building and signing, the
 * credential's status entry and the card's install), against a baseline measured in the same run:
 * bare ES256 signing of the same SD-JWT payloads with the issuer's key. Not part of the normal
 * build; run it with
 *
 * <pre>./mvnw -B test -Dtest=OpenId4vciIssuanceMeasurement -Dwallet.measure=true -Dsurefire.failIfNoSpecifiedTests=false</pre>
 *
 * The figures go to the test output and to target/measurements.txt.
 */
@DatabaseTest
@EnabledIfSystemProperty(named = "wallet.measure", matches = "true")
class OpenId4vciIssuanceMeasurement {

    static final int PORT = OpenId4vciIssuanceTest.freePort();
    static final String ISSUER = "http://localhost:" + PORT;
    static final int CREDENTIALS = 600;
    static final int CLIENTS = 4;

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("wallet.download-base-url", () -> ISSUER);
        registry.add("wallet.providers.settings.eudiw.mode", () -> "openid4vci");
    }

    @Autowired
    AccessManagement access;

    @Autowired
    IssuerKey issuerKey;

    @Test
    void credentialsPerSecondAgainstBareSigning() throws Exception {
        Api api = new Api(PORT, Tenants.create(access).key());
        Flows flows = new Flows(api);
        String campaign = flows.campaign(Map.of("providerTypes", List.of("eudiw")));
        String recipient = flows.recipient(campaign, Map.of("recipientData", Map.of("seat", "12A")))
                .get("id")
                .asString();
        flows.waitForCard(campaign, recipient, "created");
        String page = flows.invite(campaign, recipient).get("downloadUrl").asString() + "/eudiw";
        List<TestWallet> wallets = new ArrayList<>();
        List<TestWallet.Session> sessions = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            TestWallet wallet = new TestWallet(null);
            wallets.add(wallet);
            sessions.add(wallet.redeem(TestWallet.offerLinkOf(api.page(page).body())));
        }
        // The payload of an issued credential, to sign bare in the baseline.
        String sample = wallets.get(0)
                .requestCredential(
                        sessions.get(0),
                        wallets.get(0).proof(ISSUER, wallets.get(0).nonce(sessions.get(0))))
                .json()
                .get("credentials")
                .get(0)
                .get("credential")
                .asString();
        String payload = new String(
                Base64.getUrlDecoder()
                        .decode(sample.substring(0, sample.indexOf('~')).split("\\.")[1]),
                StandardCharsets.UTF_8);

        // Warm-up of both paths, then the measured rounds.
        run(CLIENTS, 100, c -> issue(wallets.get(c), sessions.get(c)));
        run(CLIENTS, 1000, c -> sign(payload));
        double baseline = run(CLIENTS, CREDENTIALS * 10, c -> sign(payload));
        double issued = run(CLIENTS, CREDENTIALS, c -> issue(wallets.get(c), sessions.get(c)));
        double ratio = issued / baseline;

        String report = "%nOpenID4VCI issuance on %s, %d clients: %,.1f credentials/s through nonce + proof + SD-JWT;"
                        .formatted(TestDatabase.postgres() ? "PostgreSQL" : "H2", CLIENTS, issued)
                + " baseline bare ES256 signing of the same payload %,.1f/s; ratio %.3f%n".formatted(baseline, ratio);
        System.out.print(report);
        Files.writeString(
                Path.of("target/measurements.txt"), report, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private void issue(TestWallet wallet, TestWallet.Session session) {
        TestWallet.Answer answer = wallet.requestCredential(session, wallet.proof(ISSUER, wallet.nonce(session)));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode credential = answer.json().get("credentials").get(0);
        assertThat(credential.get("credential").asString()).contains("~");
    }

    private void sign(String payload) {
        try {
            JWSObject jws = new JWSObject(
                    issuerKey.header().type(new JOSEObjectType("dc+sd-jwt")).build(), new Payload(payload));
            jws.sign(issuerKey.signer());
            jws.serialize();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    interface Step {
        void run(int client) throws Exception;
    }

    /** Operations per second of {@code total} steps spread over {@code clients} threads. */
    private static double run(int clients, int total, Step step) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            long start = System.nanoTime();
            List<Future<?>> futures = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < total / clients; i++) {
                        step.run(client);
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            return (total / clients * clients) / ((System.nanoTime() - start) / 1e9);
        } finally {
            pool.shutdown();
        }
    }
}
