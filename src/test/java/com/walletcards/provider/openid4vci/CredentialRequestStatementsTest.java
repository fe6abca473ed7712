package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.ECKey;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.StatementCounting;
import com.walletcards.support.Tenants;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * What a wallet's credential request costs the database: every round trip is paid once per
 * request, whatever the batch's size, so their number is kept small and checked here.
 */
@DatabaseTest
@Import(StatementCounting.class)
@ContextConfiguration(initializers = CredentialRequestStatementsTest.OwnDatabase.class)
class CredentialRequestStatementsTest {

    static final class OwnDatabase extends SeparateDatabase {}

    /**
     * A re-issuance of a full batch: the card's content (the card, the organization's name, the
     * recipient, the campaign), the credentials' status entries and the check for another
     * credential the card still holds, and the record of the proofs' nonce as spent (one insert for
     * the whole batch: a nonce is accepted once). No transaction of its own, so no commit. The access token
     * was issued by this instance, and the campaign's images were read at the same content version
     * by the request before: neither is looked up again.
     */
    static final int REISSUANCE_STATEMENTS = 7;

    static final int PORT = ServiceProcess.freePort();
    static final String ISSUER = "http://localhost:" + PORT;

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        TestIssuer.register(registry, PORT, ISSUER);
    }

    @Autowired
    AccessManagement access;

    @Test
    void aBatchCredentialRequestForAnInstalledCardSendsSevenStatementsWhateverItsSize() {
        Api api = new Api(PORT, Tenants.create(access).key());
        Flows flows = new Flows(api);
        TestWallet wallet = new TestWallet(null);
        String page = TestIssuer.offerPage(flows);
        TestWallet.Session session =
                wallet.redeem(TestWallet.offerLinkOf(api.page(page).body()));
        StatementCounting.countRequests(request -> request.getRequestURI().equals("/wallet/eudiw/credential"));

        // The first issuance also reports the card installed (the card module's own transaction).
        issue(wallet, session, 1);
        List<Integer> counts = new ArrayList<>();
        for (int size : new int[] {1, 5, BatchSize.DEFAULT}) {
            StatementCounting.clear();
            issue(wallet, session, size);
            List<String> executed = StatementCounting.executed();
            counts.add(executed.size());
            if (size == BatchSize.DEFAULT) {
                System.out.println("statements of one credential request for a batch of " + size + ":");
                executed.forEach(sql -> System.out.println("  " + sql));
            }
            assertThat(executed).noneMatch(sql -> sql.equals("COMMIT"));
        }
        assertThat(counts).as("statements for batches of 1, 5 and 10").containsOnly(REISSUANCE_STATEMENTS);
    }

    private static void issue(TestWallet wallet, TestWallet.Session session, int size) {
        String nonce = wallet.nonce(session);
        List<String> proofs = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            ECKey key = TestWallet.newKey();
            proofs.add(TestWallet.proof(key, ISSUER, nonce, Instant.now(), KeyProofs.PROOF_TYP));
        }
        TestWallet.Answer issued = wallet.requestCredentials(session, proofs);
        assertThat(issued.status()).as(issued.body()).isEqualTo(200);
        assertThat(issued.json().get("credentials").size()).isEqualTo(size);
    }
}
