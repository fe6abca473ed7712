package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.nimbusds.jose.jwk.ECKey;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * OpenID4VCI 1.0 batch issuance: one credential request with several key proofs gets one
 * credential per proof, each bound to its own key and with its own status entry (so a verifier
 * cannot link them), under one notification id. The batch size here is 3, to test its limit.
 */
@DatabaseTest
@ContextConfiguration(initializers = OpenId4vciBatchIssuanceTest.OwnDatabase.class)
class OpenId4vciBatchIssuanceTest {

    /** A database of its own, as for {@link OpenId4vciIssuanceTest}: its background jobs stay here. */
    static final class OwnDatabase extends SeparateDatabase {}

    static final int BATCH_SIZE = 3;
    static final int PORT = ServiceProcess.freePort();
    static final String ISSUER = "http://localhost:" + PORT;

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        TestIssuer.register(registry, PORT, ISSUER);
        registry.add("wallet.providers.settings.eudiw.batch-size", () -> BATCH_SIZE);
    }

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcTemplate jdbc;

    Api api;
    Flows flows;
    TestWallet wallet;
    String campaign;
    String recipient;

    @BeforeEach
    void card() {
        api = new Api(PORT, Tenants.create(access).key());
        flows = new Flows(api);
        wallet = new TestWallet(null);
        campaign = flows.campaign(Map.of("name", "Summer Summit", "providerTypes", List.of("eudiw")));
        recipient = flows.recipient(campaign, Map.of("name", "Ada Lovelace", "recipientData", Map.of("seat", "12A")))
                .get("id")
                .asString();
        flows.waitForCard(campaign, recipient, "created");
    }

    private TestWallet.Session session() {
        String page = flows.invite(campaign, recipient).get("downloadUrl").asString() + "/eudiw";
        return wallet.redeem(TestWallet.offerLinkOf(api.page(page).body()));
    }

    /** A credential as a verifier sees it: its key, its status entry, its disclosures. */
    record Member(ECKey cnf, int idx, String uri, Map<String, Object> disclosed, List<String> disclosures) {}

    @SuppressWarnings("unchecked")
    private List<Member> verifiedBatch(TestWallet.Session session, TestWallet.Answer issued) throws Exception {
        assertThat(issued.status()).as(issued.body()).isEqualTo(200);
        JsonNode jwks = wallet.get(ISSUER + "/.well-known/jwt-vc-issuer").json().get("jwks");
        List<Member> members = new ArrayList<>();
        for (JsonNode credential : issued.json().get("credentials")) {
            String sdJwt = credential.get("credential").asString();
            var verified = SdJwtVerifier.verify(sdJwt, jwks);
            var cnf = (Map<String, Object>)
                    ((Map<String, Object>) verified.claims().get("cnf")).get("jwk");
            var status = (Map<String, Object>)
                    ((Map<String, Object>) verified.claims().get("status")).get("status_list");
            String[] parts = sdJwt.split("~");
            members.add(new Member(
                    ECKey.parse(cnf),
                    ((Number) status.get("idx")).intValue(),
                    (String) status.get("uri"),
                    verified.disclosed(),
                    List.of(parts).subList(1, parts.length)));
        }
        return members;
    }

    private static List<ECKey> keys(int count) {
        List<ECKey> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            keys.add(TestWallet.newKey());
        }
        return keys;
    }

    /** One proof per key, all with the same nonce, as the reference wallet sends a batch. */
    private static List<String> proofs(List<ECKey> keys, String nonce) {
        return keys.stream()
                .map(k -> TestWallet.proof(k, ISSUER, nonce, Instant.now(), KeyProofs.PROOF_TYP))
                .toList();
    }

    private int credentialRows() {
        return jdbc.queryForObject(
                "SELECT COUNT(*) FROM openid4vci_credentials WHERE wallet_card_id = ?",
                Integer.class,
                flows.cardOf(campaign, recipient));
    }

    private long reservedPlaces() {
        return jdbc.queryForObject("SELECT SUM(issued) FROM openid4vci_status_lists", Long.class);
    }

    @Test
    void aBatchRequestWithThreeProofsGetsThreeVerifiableCredentialsEachWithItsOwnKeyAndStatusEntry() throws Exception {
        TestWallet.Session session = session();
        assertThat(session.issuerMetadata()
                        .get("batch_credential_issuance")
                        .get("batch_size")
                        .asInt())
                .isEqualTo(BATCH_SIZE);
        List<ECKey> keys = keys(BATCH_SIZE);

        TestWallet.Answer issued = wallet.requestCredentials(session, proofs(keys, wallet.nonce(session)));
        List<Member> batch = verifiedBatch(session, issued);

        assertThat(batch).hasSize(BATCH_SIZE);
        assertThat(issued.json().get("notification_id").asString()).isNotBlank();
        // Each credential is bound to its own proof's key, in the order of the proofs.
        assertThat(batch.stream().map(Member::cnf).toList())
                .containsExactlyElementsOf(keys.stream().map(ECKey::toPublicJWK).toList());
        assertThat(batch.stream().map(Member::idx).distinct()).hasSize(BATCH_SIZE);
        // Unlinkable: no disclosure (salt and value) repeats between the credentials.
        Set<String> disclosures = new HashSet<>();
        batch.forEach(m -> assertThat(disclosures.addAll(m.disclosures())).isTrue());
        assertThat(batch)
                .allSatisfy(m -> assertThat(m.disclosed())
                        .containsEntry("holder_name", "Ada Lovelace")
                        .containsEntry("seat", "12A"));
        assertThat(credentialRows()).isEqualTo(BATCH_SIZE);
        flows.waitForCard(campaign, recipient, "active");
    }

    @Test
    void moreProofsThanTheBatchSizeAreRefusedAndIssueNothing() {
        TestWallet.Session session = session();
        long reserved = reservedPlaces();

        TestWallet.Answer refused =
                wallet.requestCredentials(session, proofs(keys(BATCH_SIZE + 1), wallet.nonce(session)));

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("error").asString()).isEqualTo("invalid_credential_request");
        assertThat(credentialRows()).isZero();
        assertThat(reservedPlaces()).isEqualTo(reserved);
        assertThat(flows.waitForCard(campaign, recipient, "invited")).isNotNull();
    }

    @Test
    void oneBadProofInABatchRefusesTheWholeRequestAndIssuesNothing() {
        TestWallet.Session session = session();
        String nonce = wallet.nonce(session);
        long reserved = reservedPlaces();
        List<String> proofs = new ArrayList<>(proofs(keys(2), nonce));

        // The last proof is for another issuer.
        proofs.add(TestWallet.proof(
                TestWallet.newKey(), "https://other.example", nonce, Instant.now(), KeyProofs.PROOF_TYP));
        TestWallet.Answer wrongAudience = wallet.requestCredentials(session, proofs);
        // The first proof's nonce was never given out.
        proofs.set(2, TestWallet.proof(TestWallet.newKey(), ISSUER, "forged", Instant.now(), KeyProofs.PROOF_TYP));
        proofs.add(0, proofs.remove(2));
        TestWallet.Answer forgedNonce = wallet.requestCredentials(session, proofs);

        assertThat(wrongAudience.status()).isEqualTo(400);
        assertThat(wrongAudience.json().get("error").asString()).isEqualTo("invalid_proof");
        assertThat(forgedNonce.status()).isEqualTo(400);
        assertThat(forgedNonce.json().get("error").asString()).isEqualTo("invalid_nonce");
        assertThat(credentialRows()).isZero();
        assertThat(reservedPlaces()).isEqualTo(reserved);
        assertThat(flows.waitForCard(campaign, recipient, "invited")).isNotNull();
    }

    @Test
    void revokingTheCardSetsTheStatusBitOfEveryCredentialOfEveryBatch() throws Exception {
        TestWallet.Session session = session();
        List<Member> first = verifiedBatch(
                session, wallet.requestCredentials(session, proofs(keys(BATCH_SIZE), wallet.nonce(session))));
        // Re-issuance by refresh token: a fresh batch with fresh status entries.
        TestWallet.Session renewed = wallet.refreshed(session);
        TestWallet.Answer reissued = wallet.requestCredentials(renewed, proofs(keys(2), wallet.nonce(renewed)));
        List<Member> second = verifiedBatch(renewed, reissued);
        assertThat(second).hasSize(2);
        List<Member> all = new ArrayList<>(first);
        all.addAll(second);
        assertThat(all.stream().map(m -> m.uri() + "#" + m.idx()).distinct()).hasSize(BATCH_SIZE + 2);
        for (Member m : all) {
            assertThat(wallet.statusBit(ISSUER, m.uri(), m.idx())).isZero();
        }

        Api.Response revoked = api.post("/v1/campaigns/" + campaign + "/recipients/" + recipient + "/revoke", Map.of());
        assertThat(revoked.status()).as(revoked.body()).isBetween(200, 204);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            for (Member m : all) {
                assertThat(wallet.statusBit(ISSUER, m.uri(), m.idx()))
                        .as("bit " + m.idx())
                        .isOne();
            }
        });
    }

    @Test
    void theBatchsNotificationIdTakesNotificationsForTheWholeBatch() {
        TestWallet.Session session = session();
        TestWallet.Answer issued = wallet.requestCredentials(session, proofs(keys(BATCH_SIZE), wallet.nonce(session)));
        assertThat(issued.status()).as(issued.body()).isEqualTo(200);
        String notificationId = issued.json().get("notification_id").asString();
        flows.waitForCard(campaign, recipient, "active");
        String notifications =
                session.issuerMetadata().get("notification_endpoint").asString();

        TestWallet.Answer accepted = wallet.postJson(
                notifications,
                session.accessToken(),
                Map.of("notification_id", notificationId, "event", "credential_accepted"));
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(204);
        assertThat(lastEvents(notificationId))
                .containsExactly("credential_accepted", "credential_accepted", "credential_accepted");

        // The holder declined the batch: every credential of it is gone, so the card is removed.
        Map<String, String> deleted = Map.of("notification_id", notificationId, "event", "credential_deleted");
        assertThat(wallet.postJson(notifications, session.accessToken(), deleted)
                        .status())
                .isEqualTo(204);
        assertThat(wallet.postJson(notifications, session.accessToken(), deleted)
                        .status())
                .isEqualTo(204);
        assertThat(lastEvents(notificationId))
                .containsOnly("credential_deleted")
                .hasSize(BATCH_SIZE);
        flows.waitForCard(campaign, recipient, "removed");
    }

    private List<String> lastEvents(String notificationId) {
        return jdbc.queryForList(
                "SELECT last_event FROM openid4vci_credentials WHERE notification_id = ?",
                String.class,
                notificationId);
    }
}
