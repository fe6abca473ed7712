package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.Tenants;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A wallet that speaks DPoP (RFC 9449): its tokens are bound to its key, its refresh tokens rotate
 * on use, and every proof that names the wrong request, time, token or key is refused; a wallet
 * without DPoP keeps Bearer tokens (docs/adr/0031-openid4vci-dpop-and-refresh-tokens.md).
 */
@DatabaseTest
class OpenId4vciDpopTest {

    static final int PORT = ServiceProcess.freePort();
    static final String ISSUER = "http://localhost:" + PORT;
    static final String TOKEN = ISSUER + "/wallet/eudiw/token";
    static final String CREDENTIAL = ISSUER + "/wallet/eudiw/credential";
    static final String NOTIFICATION = ISSUER + "/wallet/eudiw/notification";

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        TestIssuer.register(registry, PORT, ISSUER);
    }

    @Autowired
    AccessManagement access;

    TestWallet wallet;
    ECKey dpopKey;
    JsonNode offer;

    @BeforeEach
    void invitedCard() {
        Flows flows = new Flows(new Api(PORT, Tenants.create(access).key()));
        wallet = new TestWallet(null);
        dpopKey = TestWallet.newKey();
        String page = TestIssuer.offerPage(flows);
        offer = wallet.get(TestWallet.offerUri(
                        TestWallet.offerLinkOf(wallet.get(page).body())))
                .json();
    }

    /** The pre-authorized code redeemed, with a proof of {@code key} or (null) without DPoP. */
    private TestWallet.Answer redeem(@Nullable ECKey key) {
        String code = offer.get("grants")
                .get(Tokens.PRE_AUTHORIZED_GRANT)
                .get("pre-authorized_code")
                .asString();
        return token(Map.of("grant_type", Tokens.PRE_AUTHORIZED_GRANT, "pre-authorized_code", code), key);
    }

    private TestWallet.Answer token(Map<String, String> form, @Nullable ECKey key) {
        return wallet.postForm(TOKEN, form, key == null ? Map.of() : dpop(TestDpop.of(key, TOKEN, null)));
    }

    private TestWallet.Answer refresh(String refreshToken, @Nullable ECKey key) {
        return token(Map.of("grant_type", "refresh_token", "refresh_token", refreshToken), key);
    }

    private static Map<String, String> dpop(TestDpop proof) {
        return Map.of("DPoP", proof.jwt());
    }

    /** A credential request with a fresh key proof; {@code headers} carry the token and any DPoP proof. */
    private TestWallet.Answer credential(Map<String, String> headers) {
        String nonce = wallet.postRaw(ISSUER + "/wallet/eudiw/nonce", null, "")
                .json()
                .get("c_nonce")
                .asString();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put(
                "credential_configuration_id",
                offer.get("credential_configuration_ids").get(0).asString());
        body.put("proofs", Map.of("jwt", List.of(wallet.proof(ISSUER, nonce))));
        return wallet.postJsonWith(CREDENTIAL, headers, body);
    }

    private static Map<String, String> bound(String accessToken, TestDpop proof) {
        return Map.of("Authorization", "DPoP " + accessToken, "DPoP", proof.jwt());
    }

    private static void assertError(TestWallet.Answer answer, int status, String error) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.json().get("error").asString()).as(answer.body()).isEqualTo(error);
        assertThat(answer.json().get("error_description").asString()).isNotBlank();
    }

    private static String field(TestWallet.Answer answer, String name) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json().get(name).asString();
    }

    @Test
    void aDpopWalletGetsTokensBoundToItsKeyAndACredentialWithThem() {
        TestWallet.Answer token = redeem(dpopKey);
        assertThat(field(token, "token_type")).isEqualTo("DPoP");
        String access = field(token, "access_token");
        assertThat(field(token, "refresh_token")).isNotBlank();

        TestWallet.Answer issued = credential(bound(access, TestDpop.of(dpopKey, CREDENTIAL, access)));
        assertThat(issued.status()).as(issued.body()).isEqualTo(200);
        String notificationId = issued.json().get("notification_id").asString();

        TestWallet.Answer notified = wallet.postJsonWith(
                NOTIFICATION,
                bound(access, TestDpop.of(dpopKey, NOTIFICATION, access)),
                Map.of("notification_id", notificationId, "event", "credential_accepted"));
        assertThat(notified.status()).as(notified.body()).isEqualTo(204);
    }

    @Test
    void aRefreshRotatesThePairAndTheSpentRefreshTokenIsRefused() {
        TestWallet.Answer first = redeem(dpopKey);
        TestWallet.Answer second = refresh(field(first, "refresh_token"), dpopKey);
        assertThat(field(second, "token_type")).isEqualTo("DPoP");
        assertThat(field(second, "access_token")).isNotEqualTo(field(first, "access_token"));
        assertThat(field(second, "refresh_token")).isNotEqualTo(field(first, "refresh_token"));
        String access = field(second, "access_token");
        assertThat(credential(bound(access, TestDpop.of(dpopKey, CREDENTIAL, access)))
                        .status())
                .isEqualTo(200);

        assertError(refresh(field(first, "refresh_token"), dpopKey), 400, "invalid_grant");
    }

    @Test
    void reusingASpentRefreshTokenRevokesTheRefreshTokenThatReplacedIt() {
        TestWallet.Answer first = redeem(dpopKey);
        TestWallet.Answer second = refresh(field(first, "refresh_token"), dpopKey);
        // Whoever replays the spent token (a thief, or the wallet itself) ends the whole family.
        assertError(refresh(field(first, "refresh_token"), dpopKey), 400, "invalid_grant");
        assertError(refresh(field(second, "refresh_token"), dpopKey), 400, "invalid_grant");
    }

    @Test
    void aBoundRefreshTokenIsRefusedWithAnotherKeyOrWithoutAProofAndStaysUsable() {
        String refreshToken = field(redeem(dpopKey), "refresh_token");
        assertError(refresh(refreshToken, TestWallet.newKey()), 400, "invalid_grant");
        assertError(refresh(refreshToken, null), 400, "invalid_dpop_proof");
        // Neither refusal spent the token: its own key still rotates it.
        assertThat(field(refresh(refreshToken, dpopKey), "token_type")).isEqualTo("DPoP");
    }

    @Test
    void aReplayedProofIsRefusedAtTheTokenAndTheCredentialEndpoint() {
        TestWallet.Answer first = redeem(dpopKey);
        TestDpop proof = TestDpop.of(dpopKey, TOKEN, null);
        var form = Map.of("grant_type", "refresh_token", "refresh_token", field(first, "refresh_token"));
        assertThat(wallet.postForm(TOKEN, form, dpop(proof)).status()).isEqualTo(200);
        assertError(
                wallet.postForm(TOKEN, Map.of("grant_type", "refresh_token", "refresh_token", "x"), dpop(proof)),
                400,
                "invalid_dpop_proof");

        String access = field(first, "access_token");
        TestDpop resourceProof = TestDpop.of(dpopKey, CREDENTIAL, access);
        assertThat(credential(bound(access, resourceProof)).status()).isEqualTo(200);
        TestWallet.Answer replayed = credential(bound(access, resourceProof));
        assertError(replayed, 401, "invalid_dpop_proof");
        assertThat(replayed.header("WWW-Authenticate")).startsWith("DPoP error=\"invalid_dpop_proof\"");
    }

    @Test
    void proofsThatNameAnotherRequestTimeTokenOrTypeAreRefused() {
        String access = field(redeem(dpopKey), "access_token");
        TestDpop good = TestDpop.of(dpopKey, CREDENTIAL, access);
        for (TestDpop wrong : List.of(
                good.withHtm("GET"),
                good.withHtu(TOKEN),
                good.withHtu("https://localhost:" + PORT + "/wallet/eudiw/credential"),
                good.withIat(Instant.now().minusSeconds(600)),
                good.withIat(Instant.now().plusSeconds(600)),
                good.withAth(TestDpop.ath("another token")),
                good.withAth(null),
                good.withTyp("jwt"))) {
            TestWallet.Answer refused = credential(bound(access, wrong));
            assertError(refused, 401, "invalid_dpop_proof");
            assertThat(refused.header("WWW-Authenticate")).contains("algs=\"ES256");
        }
        // The proof of another key, for this very request, does not match the token's binding.
        assertError(
                credential(bound(access, TestDpop.of(TestWallet.newKey(), CREDENTIAL, access))),
                401,
                "invalid_dpop_proof");
        // A query on the htu is not part of the comparison (RFC 9449 §4.3).
        assertThat(credential(bound(access, good.withHtu(CREDENTIAL + "?x=1"))).status())
                .isEqualTo(200);

        // The token endpoint answers a bad proof with a 400 and the OAuth error body.
        String code = offer.get("grants")
                .get(Tokens.PRE_AUTHORIZED_GRANT)
                .get("pre-authorized_code")
                .asString();
        assertError(
                wallet.postForm(
                        TOKEN,
                        Map.of("grant_type", Tokens.PRE_AUTHORIZED_GRANT, "pre-authorized_code", code),
                        dpop(TestDpop.of(dpopKey, CREDENTIAL, null))),
                400,
                "invalid_dpop_proof");
    }

    @Test
    void aP384KeyServesAsWellAndASymmetricOrUnsignedOrDoubledProofIsRefused() throws Exception {
        ECKey p384 = new ECKeyGenerator(Curve.P_384).generate();
        TestWallet.Answer token = redeem(p384);
        String access = field(token, "access_token");
        assertThat(credential(bound(access, TestDpop.of(p384, CREDENTIAL, access)))
                        .status())
                .isEqualTo(200);
        assertThat(field(refresh(field(token, "refresh_token"), p384), "token_type"))
                .isEqualTo("DPoP");

        // RFC 9449 §4.2: a MAC is no proof of possession, and an unsigned JWT proves nothing.
        SignedJWT mac = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.HS256)
                        .type(new JOSEObjectType("dpop+jwt"))
                        .build(),
                new JWTClaimsSet.Builder()
                        .jwtID("mac")
                        .claim("htm", "POST")
                        .claim("htu", CREDENTIAL)
                        .claim("ath", TestDpop.ath(access))
                        .issueTime(new Date())
                        .build());
        mac.sign(new MACSigner(new byte[32]));
        String unsigned = new PlainJWT(new JWTClaimsSet.Builder()
                        .jwtID("plain")
                        .claim("htm", "POST")
                        .claim("htu", CREDENTIAL)
                        .issueTime(new Date())
                        .build())
                .serialize();
        String good = TestDpop.of(p384, CREDENTIAL, access).jwt();
        for (String proof : List.of(mac.serialize(), unsigned, good + ", " + good, "x".repeat(5000))) {
            assertError(
                    credential(Map.of("Authorization", "DPoP " + access, "DPoP", proof)), 401, "invalid_dpop_proof");
        }
        // None of those used up the good proof's jti.
        assertThat(credential(Map.of("Authorization", "DPoP " + access, "DPoP", good))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aBoundAccessTokenSentAsBearerIsRefusedAndABearerTokenSentAsDpopToo() {
        String bound = field(redeem(dpopKey), "access_token");
        TestWallet.Answer asBearer = credential(Map.of("Authorization", "Bearer " + bound));
        assertError(asBearer, 401, "invalid_token");
        assertThat(asBearer.header("WWW-Authenticate")).startsWith("DPoP ");
        // Sending the proof along does not make Bearer acceptable.
        assertError(
                credential(Map.of(
                        "Authorization",
                        "Bearer " + bound,
                        "DPoP",
                        TestDpop.of(dpopKey, CREDENTIAL, bound).jwt())),
                401,
                "invalid_token");
        assertError(credential(Map.of("Authorization", "DPoP " + bound)), 401, "invalid_dpop_proof");
    }

    @Test
    void aWalletWithoutDpopKeepsBearerTokensWhoseRefreshTokensRotateToo() {
        TestWallet.Answer first = redeem(null);
        assertThat(field(first, "token_type")).isEqualTo("Bearer");
        String access = field(first, "access_token");
        assertThat(credential(Map.of("Authorization", "Bearer " + access)).status())
                .isEqualTo(200);
        assertError(credential(bound(access, TestDpop.of(dpopKey, CREDENTIAL, access))), 401, "invalid_token");

        TestWallet.Answer second = refresh(field(first, "refresh_token"), null);
        assertThat(field(second, "token_type")).isEqualTo("Bearer");
        assertThat(credential(Map.of("Authorization", "Bearer " + field(second, "access_token")))
                        .status())
                .isEqualTo(200);
        assertError(refresh(field(first, "refresh_token"), null), 400, "invalid_grant");
    }

    @Test
    void aBearerSessionThatRefreshesWithAProofIsBoundFromThenOn() {
        TestWallet.Answer second = refresh(field(redeem(null), "refresh_token"), dpopKey);
        assertThat(field(second, "token_type")).isEqualTo("DPoP");
        assertError(refresh(field(second, "refresh_token"), null), 400, "invalid_dpop_proof");
        assertThat(field(refresh(field(second, "refresh_token"), dpopKey), "token_type"))
                .isEqualTo("DPoP");
    }
}
