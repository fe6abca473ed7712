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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
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
 * Credentials issued per second through the issuer's whole share of the credential step as a
 * wallet drives it over HTTP (a nonce request, proof verification, SD-JWT building and signing,
 * the credential's status entry and the card's install; the wallet's proofs are signed before
 * the timed phase, as a phone would), against a baseline measured in the same run:
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
    static final int ROUNDS = 5;

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
        run(
                CLIENTS,
                CREDENTIALS,
                c -> issue(
                        wallets.get(c),
                        sessions.get(c),
                        wallets.get(c).proof(ISSUER, wallets.get(c).nonce(sessions.get(c)))));
        run(CLIENTS, 1000, c -> sign(payload));
        // A wallet signs its proof on the holder's phone, not on the issuer: the proofs are signed
        // before each timed phase (from nonces the issuer gave out then), so that the wallet's
        // signatures do not take the CPU the issuer is measured on. Each timed issuance still asks
        // for a nonce, so the issuer's whole share of the flow is timed. Baseline and issuance
        // alternate over several rounds and the median of the rounds' ratios is reported, so a
        // change in the machine's load between the two phases does not decide the figure.
        List<Double> ratios = new ArrayList<>();
        double baseline = 0;
        double issued = 0;
        for (int round = 0; round < ROUNDS; round++) {
            List<Deque<String>> proofs = presignedProofs(wallets, sessions, CREDENTIALS / CLIENTS);
            baseline = run(CLIENTS, CREDENTIALS * 5, c -> sign(payload));
            issued = run(CLIENTS, CREDENTIALS, c -> {
                wallets.get(c).nonce(sessions.get(c));
                issue(wallets.get(c), sessions.get(c), proofs.get(c).removeFirst());
            });
            ratios.add(issued / baseline);
        }
        ratios.sort(null);
        double ratio = ratios.get(ratios.size() / 2);

        String report = ("%nOpenID4VCI issuance on %s, JDK %s, %d clients: last round %,.1f credentials/s through nonce"
                        + " + proof verification + SD-JWT (proofs signed beforehand), bare ES256 signing of the"
                        + " same payload %,.1f/s; ratios of %d rounds %s; median %.3f%n")
                .formatted(
                        TestDatabase.postgres() ? "PostgreSQL" : "H2",
                        Runtime.version().feature(),
                        CLIENTS,
                        issued,
                        baseline,
                        ROUNDS,
                        ratios.stream().map(r -> "%.3f".formatted(r)).toList(),
                        ratio);
        System.out.print(report);
        Files.writeString(
                Path.of("target/measurements.txt"), report, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static List<Deque<String>> presignedProofs(
            List<TestWallet> wallets, List<TestWallet.Session> sessions, int perClient) {
        List<Deque<String>> proofs = new ArrayList<>();
        for (int c = 0; c < wallets.size(); c++) {
            Deque<String> signed = new ArrayDeque<>();
            for (int i = 0; i < perClient; i++) {
                signed.add(wallets.get(c).proof(ISSUER, wallets.get(c).nonce(sessions.get(c))));
            }
            proofs.add(signed);
        }
        return proofs;
    }

    private void issue(TestWallet wallet, TestWallet.Session session, String proof) {
        TestWallet.Answer answer = wallet.requestCredential(session, proof);
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
