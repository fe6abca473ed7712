package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.ServiceProcess;
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
 * wallet drives it over HTTP, with one credential per request and with full batches (OpenID4VCI
 * 1.0 batch issuance: batch_size proofs per request) (a nonce request, proof verification, SD-JWT building and signing,
 * the credential's status entry and the card's install; the wallet's proofs are signed before
 * the timed phase, as a phone would), against a baseline measured in the same run:
 * bare ES256 signing of the same SD-JWT payloads with the issuer's key. Not part of the normal
 * build; run it with
 *
 * <pre>./mvnw -B test -Dtest=OpenId4vciIssuanceMeasurement -Dwallet.measure=true -Dsurefire.failIfNoSpecifiedTests=false</pre>
 *
 * Timed rounds start once the JIT compilers have settled (whole rounds are repeated until they
 * take less than 5 % of a round's issuance CPU), and each round reports where its CPU went
 * ({@link CpuSplit}). The figures go to the test output and to target/measurements.txt.
 *
 * <p>The wallets send their requests from their own threads over kept-alive connections
 * ({@link TestWallet#blocking()}), so that the load generator takes as little as it can of the
 * cores the issuer is measured on. 8 wallets issue at once, enough to keep a two-core machine
 * busy: with 4, a quarter of the cores stayed idle while each wallet waited for its answer, and
 * the figure measured the requests' latency rather than what the issuer can issue.
 * {@code "-DargLine=-Dwallet.measure.clients=16"} changes it (the baseline signs on as many
 * threads).
 */
@DatabaseTest
@EnabledIfSystemProperty(named = "wallet.measure", matches = "true")
class OpenId4vciIssuanceMeasurement {

    static final int PORT = ServiceProcess.freePort();
    static final String ISSUER = "http://localhost:" + PORT;
    static final int CREDENTIALS = 600;
    /** Credentials per timed batch phase: batches issue several times faster, so more of them. */
    static final int BATCHED = 2000;

    static final int CLIENTS = Integer.getInteger("wallet.measure.clients", 8);
    static final int ROUNDS = 5;
    /** The JIT compilers' share of an issuance round's CPU below which the issuer counts as warm. */
    static final double JIT_SETTLED = 0.05;

    static final int MAX_WARM_UP_ROUNDS = 20;

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        TestIssuer.register(registry, PORT, ISSUER);
    }

    @Autowired
    AccessManagement access;

    @Autowired
    IssuerKey issuerKey;

    @Test
    void credentialsPerSecondAgainstBareSigning() throws Exception {
        Api api = new Api(PORT, Tenants.create(access).key());
        Flows flows = new Flows(api);
        String page = TestIssuer.offerPage(flows);
        List<TestWallet> wallets = new ArrayList<>();
        List<TestWallet.Session> sessions = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            TestWallet wallet = TestWallet.blocking();
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

        int batchSize = sessions.get(0)
                .issuerMetadata()
                .get("batch_credential_issuance")
                .get("batch_size")
                .asInt();

        // Warm-up of every path, then the measured rounds.
        run(
                CLIENTS,
                CREDENTIALS,
                c -> issue(
                        wallets.get(c),
                        sessions.get(c),
                        wallets.get(c).proof(ISSUER, wallets.get(c).nonce(sessions.get(c)))));
        // As many batch requests as single ones: a batch request runs different code (ten
        // verifications and signatures per request) that the single path does not warm up.
        List<Deque<List<String>>> warmBatches = presignedBatches(wallets, sessions, CREDENTIALS / CLIENTS, batchSize);
        run(
                CLIENTS,
                CREDENTIALS,
                c -> issueBatch(
                        wallets.get(c), sessions.get(c), warmBatches.get(c).removeFirst()));
        run(CLIENTS, 1000, c -> sign(payload));
        // A wallet signs its proofs on the holder's phone, not on the issuer: the proofs are signed
        // before each timed phase (from nonces the issuer gave out then), so that the wallet's
        // signatures do not take the CPU the issuer is measured on. Each timed request still asks
        // for a nonce, so the issuer's whole share of the flow is timed. Baseline and issuance
        // alternate over several rounds and the median of the rounds' ratios is reported, so a
        // change in the machine's load between the phases does not decide the figure. Each round
        // times single-credential requests and full batches (batch_size proofs, one nonce, one
        // fresh key per proof, as a wallet asks for unlinkable credentials) against the same
        // baseline.
        // The JIT compiles the issuer's path (Tomcat, Spring, Jackson, the database, the crypto) for
        // much longer than the bare signing loop: after the warm-up above it still took a fifth
        // to a quarter of the machine in every phase of five rounds. Rounds are repeated, and
        // their figures dropped, until the compilers' share of the issuance phases falls below
        // JIT_SETTLED, so the timed rounds measure the issuer in steady state, as a service that
        // has been running for a while is.
        Setup setup = new Setup(wallets, sessions, payload, batchSize);
        int warmUpRounds = 0;
        Round warm;
        do {
            warm = round(setup, 0);
            warmUpRounds++;
        } while (warm.jitShare() > JIT_SETTLED && warmUpRounds < MAX_WARM_UP_ROUNDS);
        List<Double> ratios = new ArrayList<>();
        List<Double> batchRatios = new ArrayList<>();
        List<String> cpu = new ArrayList<>();
        Round last = warm;
        for (int round = 1; round <= ROUNDS; round++) {
            last = round(setup, round);
            ratios.add(last.issued() / last.baseline());
            batchRatios.add(last.batched() / last.baseline());
            cpu.add(last.cpu());
        }
        double baseline = last.baseline();
        double issued = last.issued();
        double batched = last.batched();
        double ratio = median(ratios);
        double batchRatio = median(batchRatios);

        String report = ("%nOpenID4VCI issuance on %s, JDK %s, %d clients, bare ES256 signing of the same payload"
                                + " %,.1f/s in the last round. One credential per request (nonce + proof verification +"
                                + " SD-JWT, proofs signed beforehand): last round %,.1f credentials/s; ratios of %d rounds %s;"
                                + " median %.3f. Batches of %d proofs per request: last round %,.1f credentials/s; ratios %s;"
                                + " median %.3f%n")
                        .formatted(
                                TestDatabase.postgres() ? "PostgreSQL" : "H2",
                                Runtime.version().feature(),
                                CLIENTS,
                                baseline,
                                issued,
                                ROUNDS,
                                format(ratios),
                                ratio,
                                batchSize,
                                batched,
                                format(batchRatios),
                                batchRatio)
                + ("%d warm-up rounds until the JIT compilers took %.0f %% of the issuance phases' CPU"
                                + " (at most %d rounds). CPU time per signature or credential in this JVM, each"
                                + " timed round:%n%s%n")
                        .formatted(
                                warmUpRounds,
                                100 * warm.jitShare(),
                                MAX_WARM_UP_ROUNDS,
                                String.join(System.lineSeparator(), cpu));
        System.out.print(report);
        Files.writeString(
                Path.of("target/measurements.txt"), report, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    record Setup(List<TestWallet> wallets, List<TestWallet.Session> sessions, String payload, int batchSize) {}

    /** One round's throughputs (per second), where its CPU went, and the JIT's share of its issuance. */
    record Round(double baseline, double issued, double batched, String cpu, double jitShare) {}

    /**
     * Bare signing, then single-credential requests, then full batches, each phase timed; the
     * wallets' proofs are signed before the round.
     */
    private Round round(Setup setup, int number) throws Exception {
        List<TestWallet> wallets = setup.wallets();
        List<TestWallet.Session> sessions = setup.sessions();
        int batchSize = setup.batchSize();
        List<Deque<String>> proofs = presignedProofs(wallets, sessions, CREDENTIALS / CLIENTS);
        List<Deque<List<String>>> batches =
                presignedBatches(wallets, sessions, BATCHED / CLIENTS / batchSize, batchSize);
        CpuSplit start = CpuSplit.now();
        double baseline = run(CLIENTS, CREDENTIALS * 5, c -> sign(setup.payload()));
        CpuSplit signed = lastPhaseEnd;
        double issued = run(CLIENTS, CREDENTIALS, c -> {
            wallets.get(c).nonce(sessions.get(c));
            issue(wallets.get(c), sessions.get(c), proofs.get(c).removeFirst());
        });
        CpuSplit single = lastPhaseEnd;
        double batched = batchSize
                * run(CLIENTS, BATCHED / batchSize, c -> {
                    wallets.get(c).nonce(sessions.get(c));
                    issueBatch(wallets.get(c), sessions.get(c), batches.get(c).removeFirst());
                });
        CpuSplit batch = lastPhaseEnd;
        String cpu = "round %d: bare signing: %s; one per request: %s; batches: %s"
                .formatted(
                        number,
                        signed.since(start, CREDENTIALS * 5L),
                        single.since(signed, CREDENTIALS),
                        batch.since(single, BATCHED / batchSize * batchSize));
        return new Round(baseline, issued, batched, cpu, batch.share(signed, CpuSplit.Part.JIT));
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

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }

    private static List<String> format(List<Double> ratios) {
        return ratios.stream().map(r -> "%.3f".formatted(r)).toList();
    }

    /** Per client, {@code perClient} batches of {@code size} proofs: one nonce, one fresh key per proof. */
    private static List<Deque<List<String>>> presignedBatches(
            List<TestWallet> wallets, List<TestWallet.Session> sessions, int perClient, int size) {
        List<Deque<List<String>>> batches = new ArrayList<>();
        for (int c = 0; c < wallets.size(); c++) {
            Deque<List<String>> signed = new ArrayDeque<>();
            for (int i = 0; i < perClient; i++) {
                String nonce = wallets.get(c).nonce(sessions.get(c));
                List<String> proofs = new ArrayList<>();
                for (int p = 0; p < size; p++) {
                    proofs.add(TestWallet.proof(
                            TestWallet.newKey(), ISSUER, nonce, java.time.Instant.now(), KeyProofs.PROOF_TYP));
                }
                signed.add(proofs);
            }
            batches.add(signed);
        }
        return batches;
    }

    private void issueBatch(TestWallet wallet, TestWallet.Session session, List<String> proofs) {
        TestWallet.Answer answer = wallet.requestCredentials(session, proofs);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.json().get("credentials").size()).isEqualTo(proofs.size());
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

    /** The CPU split at the end of the last {@link #run}, taken while its threads were still alive. */
    private static CpuSplit lastPhaseEnd;

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
            double perSecond = (total / clients * clients) / ((System.nanoTime() - start) / 1e9);
            // Before the pool shuts down: a thread that has ended no longer reports its CPU time.
            lastPhaseEnd = CpuSplit.now();
            return perSecond;
        } finally {
            pool.shutdown();
        }
    }
}
