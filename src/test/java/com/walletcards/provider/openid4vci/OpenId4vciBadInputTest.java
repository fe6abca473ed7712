package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.Tenants;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Every malformed or hostile wallet request gets its OpenID4VCI error, never a 500, and changes
 * nothing: the card stays un-installed and no credential is recorded until a good request comes.
 */
@DatabaseTest
class OpenId4vciBadInputTest {

    static final int PORT = ServiceProcess.freePort();
    static final String ISSUER = "http://localhost:" + PORT;
    static final String TOKEN = ISSUER + "/wallet/eudiw/token";
    static final String CREDENTIAL = ISSUER + "/wallet/eudiw/credential";

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        TestIssuer.register(registry, PORT, ISSUER);
    }

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    IssuerKey issuerKey;

    Api api;
    Flows flows;
    TestWallet wallet;
    String campaign;
    String recipient;
    String offerLink;

    @BeforeEach
    void invitedCard() {
        api = new Api(PORT, Tenants.create(access).key());
        flows = new Flows(api);
        wallet = new TestWallet(null);
        campaign = flows.campaign(Map.of("providerTypes", List.of("eudiw")));
        recipient = flows.recipient(campaign);
        flows.waitForCard(campaign, recipient, "created");
        String page = flows.invite(campaign, recipient).get("downloadUrl").asString() + "/eudiw";
        offerLink = TestWallet.offerLinkOf(api.page(page).body());
    }

    private String code(String link) {
        return wallet.get(TestWallet.offerUri(link))
                .json()
                .get("grants")
                .get(Tokens.PRE_AUTHORIZED_GRANT)
                .get("pre-authorized_code")
                .asString();
    }

    private void assertError(TestWallet.Answer answer, int status, String error) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.json().get("error").asString()).as(answer.body()).isEqualTo(error);
        assertThat(answer.header("Cache-Control")).contains("no-store");
    }

    private TestWallet.Answer redeem(String code) {
        return wallet.postForm(TOKEN, Map.of("grant_type", Tokens.PRE_AUTHORIZED_GRANT, "pre-authorized_code", code));
    }

    private void assertNothingIssued() {
        assertThat(flows.waitForCard(campaign, recipient, "invited")).isNotNull();
        assertThat(jdbc.queryForObject(
                        "SELECT COUNT(*) FROM openid4vci_credentials WHERE wallet_card_id = ?",
                        Integer.class,
                        flows.cardOf(campaign, recipient)))
                .isZero();
    }

    @Test
    void replayedUnknownExpiredAndMalformedCodesGetInvalidGrant() {
        String code = code(offerLink);
        assertThat(redeem(code).status()).isEqualTo(200);
        assertError(redeem(code), 400, "invalid_grant");
        assertError(redeem("not-a-code"), 400, "invalid_grant");
        assertError(redeem("x".repeat(5000)), 400, "invalid_grant");

        String expired = code(TestWallet.offerLinkOf(
                api.page(flows.invite(campaign, recipient).get("downloadUrl").asString() + "/eudiw")
                        .body()));
        jdbc.update(
                "UPDATE openid4vci_offers SET expires_at = ? WHERE code_hash = ?",
                java.sql.Timestamp.from(Instant.now().minusSeconds(1)),
                Secrets.hash(expired));
        assertError(redeem(expired), 400, "invalid_grant");
        assertThat(wallet.get(TestWallet.offerUri(offerLink)).status()).isEqualTo(404);

        String withTx = code(TestWallet.offerLinkOf(
                api.page(flows.invite(campaign, recipient).get("downloadUrl").asString() + "/eudiw")
                        .body()));
        assertError(
                wallet.postForm(
                        TOKEN,
                        Map.of(
                                "grant_type",
                                Tokens.PRE_AUTHORIZED_GRANT,
                                "pre-authorized_code",
                                withTx,
                                "tx_code",
                                "1234")),
                400,
                "invalid_grant");
        assertError(
                wallet.postForm(TOKEN, Map.of("grant_type", "authorization_code", "code", withTx)),
                400,
                "unsupported_grant_type");
        assertError(wallet.postForm(TOKEN, Map.of("grant_type", Tokens.PRE_AUTHORIZED_GRANT)), 400, "invalid_request");
        assertError(
                wallet.postJson(
                        TOKEN, null, Map.of("grant_type", Tokens.PRE_AUTHORIZED_GRANT, "pre-authorized_code", withTx)),
                400,
                "invalid_request");
        assertThat(redeem(withTx).status())
                .as("bad requests did not use the code up")
                .isEqualTo(200);
        assertNothingIssued();
    }

    @Test
    void ofConcurrentRedemptionsOfOneCodeExactlyOneWins() throws Exception {
        String code = code(offerLink);
        var pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                answers.add(pool.submit(() -> redeem(code).status()));
            }
            List<Integer> statuses = new ArrayList<>();
            for (var answer : answers) {
                statuses.add(answer.get());
            }
            assertThat(statuses).containsOnly(200, 400);
            assertThat(statuses.stream().filter(s -> s == 200).count()).isOne();
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void badProofsGetInvalidProofOrInvalidNonceAndIssueNothing() throws Exception {
        TestWallet.Session session = wallet.redeem(offerLink);
        String nonce = wallet.nonce(session);
        ECKey other = new ECKeyGenerator(Curve.P_256).generate();

        // signed by another key than the one in its header
        assertError(
                wallet.requestCredential(
                        session,
                        TestWallet.proof(
                                other, wallet.key.toPublicJWK(), ISSUER, nonce, Instant.now(), KeyProofs.PROOF_TYP)),
                400,
                "invalid_proof");
        // alg none, unsigned
        String header = b64("{\"alg\":\"none\",\"typ\":\"openid4vci-proof+jwt\",\"jwk\":"
                + wallet.key.toPublicJWK().toJSONString() + "}");
        String claims = b64("{\"aud\":\"" + ISSUER + "\",\"iat\":"
                + Instant.now().getEpochSecond() + ",\"nonce\":\"" + nonce + "\"}");
        assertError(wallet.requestCredential(session, header + "." + claims + "."), 400, "invalid_proof");
        // a wrong audience, a missing or wrong typ, an old or future iat, a private key in the header
        assertError(
                wallet.requestCredential(
                        session,
                        TestWallet.proof(
                                wallet.key, "https://elsewhere.example", nonce, Instant.now(), KeyProofs.PROOF_TYP)),
                400,
                "invalid_proof");
        assertError(
                wallet.requestCredential(session, TestWallet.proof(wallet.key, ISSUER, nonce, Instant.now(), null)),
                400,
                "invalid_proof");
        assertError(
                wallet.requestCredential(session, TestWallet.proof(wallet.key, ISSUER, nonce, Instant.now(), "JWT")),
                400,
                "invalid_proof");
        assertError(
                wallet.requestCredential(
                        session,
                        TestWallet.proof(
                                wallet.key,
                                ISSUER,
                                nonce,
                                Instant.now().minus(Duration.ofMinutes(30)),
                                KeyProofs.PROOF_TYP)),
                400,
                "invalid_proof");
        assertError(
                wallet.requestCredential(
                        session,
                        TestWallet.proof(
                                wallet.key,
                                ISSUER,
                                nonce,
                                Instant.now().plus(Duration.ofMinutes(30)),
                                KeyProofs.PROOF_TYP)),
                400,
                "invalid_proof");
        assertError(
                wallet.requestCredential(
                        session,
                        signedRaw(
                                "{\"alg\":\"ES256\",\"typ\":\"openid4vci-proof+jwt\",\"jwk\":"
                                        + wallet.key.toJSONString() + "}",
                                claims)),
                400,
                "invalid_proof");
        assertError(wallet.requestCredential(session, "not.a.jwt"), 400, "invalid_proof");
        // nonces: missing, forged, and stale (issued by this issuer's key, but ten minutes ago)
        assertError(
                wallet.requestCredential(
                        session, TestWallet.proof(wallet.key, ISSUER, null, Instant.now(), KeyProofs.PROOF_TYP)),
                400,
                "invalid_nonce");
        assertError(
                wallet.requestCredential(session, wallet.proof(ISSUER, "Zm9yZ2VkLW5vbmNlLXZhbHVlLXRoYXQtaXMtbG9uZw")),
                400,
                "invalid_nonce");
        String stale = new Nonces(
                        issuerKey.derivedSecret("openid4vci nonce key"),
                        Duration.ofMinutes(5),
                        Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10)))
                .issue();
        assertError(wallet.requestCredential(session, wallet.proof(ISSUER, stale)), 400, "invalid_nonce");

        assertNothingIssued();
        // The same token and a good proof still work: nothing above used anything up.
        assertThat(wallet.requestCredential(session, wallet.proof(ISSUER, nonce))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void malformedCredentialRequestsGetTheirErrors() {
        TestWallet.Session session = wallet.redeem(offerLink);
        String proof = wallet.proof(ISSUER, wallet.nonce(session));

        assertError(wallet.postRaw(CREDENTIAL, null, "{}"), 401, "invalid_token");
        assertThat(wallet.postRaw(CREDENTIAL, null, "{}").header("WWW-Authenticate"))
                .startsWith("Bearer");
        assertError(wallet.postRaw(CREDENTIAL, "not-a-token", "{}"), 401, "invalid_token");
        assertError(wallet.postRaw(CREDENTIAL, session.refreshToken(), "{}"), 401, "invalid_token");
        assertError(wallet.postRaw(CREDENTIAL, session.accessToken(), "{not json"), 400, "invalid_credential_request");
        assertError(wallet.postRaw(CREDENTIAL, session.accessToken(), "[1, 2]"), 400, "invalid_credential_request");
        assertError(wallet.postRaw(CREDENTIAL, session.accessToken(), ""), 400, "invalid_credential_request");
        assertError(
                wallet.postRaw(CREDENTIAL, session.accessToken(), "{\"pad\": \"" + "x".repeat(100_000) + "\"}"),
                400,
                "invalid_credential_request");

        Map<String, Object> body = new LinkedHashMap<>();
        body.put("proofs", Map.of("jwt", List.of(proof)));
        assertError(wallet.postJson(CREDENTIAL, session.accessToken(), body), 400, "invalid_credential_request");
        body.put("credential_configuration_id", "no_such_configuration");
        assertError(wallet.postJson(CREDENTIAL, session.accessToken(), body), 400, "unknown_credential_configuration");
        body.put("credential_configuration_id", "coupon"); // exists, but this card is an event ticket
        assertError(wallet.postJson(CREDENTIAL, session.accessToken(), body), 400, "unknown_credential_configuration");
        body.put("credential_configuration_id", session.configurationId());
        body.put("proof", Map.of("proof_type", "jwt", "jwt", proof));
        assertError(wallet.postJson(CREDENTIAL, session.accessToken(), body), 400, "invalid_credential_request");
        body.remove("proof");
        // One key twice: each key binds at most one credential of a batch.
        body.put("proofs", Map.of("jwt", List.of(proof, proof)));
        assertError(wallet.postJson(CREDENTIAL, session.accessToken(), body), 400, "invalid_proof");
        body.put("proofs", Map.of("jwt", List.of()));
        assertError(wallet.postJson(CREDENTIAL, session.accessToken(), body), 400, "invalid_credential_request");
        body.put("proofs", Map.of("ldp_vp", List.of(proof)));
        assertError(wallet.postJson(CREDENTIAL, session.accessToken(), body), 400, "invalid_credential_request");
        body.remove("proofs");
        assertError(wallet.postJson(CREDENTIAL, session.accessToken(), body), 400, "invalid_proof");
        body.put("proof", Map.of("proof_type", "cwt", "cwt", "x"));
        assertError(wallet.postJson(CREDENTIAL, session.accessToken(), body), 400, "invalid_proof");

        String notifications = ISSUER + "/wallet/eudiw/notification";
        assertError(
                wallet.postRaw(notifications, session.accessToken(), "{\"event\":\"credential_accepted\"}"),
                400,
                "invalid_notification_request");
        assertError(
                wallet.postRaw(
                        notifications, session.accessToken(), "{\"notification_id\":\"x\",\"event\":\"deleted\"}"),
                400,
                "invalid_notification_request");
        assertError(wallet.postRaw(notifications, null, "{}"), 401, "invalid_token");
        assertNothingIssued();
    }

    /** A proof signed by the wallet's key with a header Nimbus would refuse to build (a private jwk). */
    private String signedRaw(String headerJson, String encodedClaims) throws Exception {
        String input = b64(headerJson) + "." + encodedClaims;
        var signature = new com.nimbusds.jose.crypto.ECDSASigner(wallet.key)
                .sign(
                        new com.nimbusds.jose.JWSHeader(com.nimbusds.jose.JWSAlgorithm.ES256),
                        input.getBytes(StandardCharsets.US_ASCII));
        return input + "." + signature;
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
