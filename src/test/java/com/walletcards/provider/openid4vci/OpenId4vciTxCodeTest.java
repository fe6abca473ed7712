package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetup;
import com.walletcards.access.AccessManagement;
import com.walletcards.platform.RetentionJob;
import com.walletcards.shared.Ids;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.Tenants;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * With {@code WALLET_EUDIW_TX_CODE=true}: the transaction code travels with the invitation email
 * (a real SMTP server, GreenMail), never on the card page, and the token endpoint wants it, with
 * a limit on wrong codes. The same context has 8-entry status lists, so a full list is followed
 * by the next one, and runs the retention job over the issuer's rows.
 */
@DatabaseTest
@ContextConfiguration(initializers = OpenId4vciTxCodeTest.OwnDatabase.class)
class OpenId4vciTxCodeTest {

    /** Its own database: status lists are counted per database, and background jobs stay here. */
    static final class OwnDatabase extends SeparateDatabase {}

    static final int PORT = ServiceProcess.freePort();
    static final int SMTP_PORT = ServiceProcess.freePort();
    static final String ISSUER = "http://localhost:" + PORT;
    static final String TOKEN = ISSUER + "/wallet/eudiw/token";
    static final Pattern TX_CODE_LINE = Pattern.compile(Pattern.quote(TxCodes.EMAIL_LINE) + "(\\d{6})");

    @RegisterExtension
    static GreenMailExtension smtp = new GreenMailExtension(new ServerSetup(SMTP_PORT, "127.0.0.1", "smtp"))
            .withConfiguration(GreenMailConfiguration.aConfig().withDisabledAuthentication())
            .withPerMethodLifecycle(false);

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        TestIssuer.register(registry, PORT, ISSUER);
        registry.add("wallet.providers.settings.eudiw.tx-code", () -> "true");
        registry.add("wallet.providers.settings.eudiw.status-list-size", () -> "8");
        registry.add("wallet.email.smtp-host", () -> "127.0.0.1");
        registry.add("wallet.email.smtp-port", () -> SMTP_PORT);
    }

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    RetentionJob retention;

    @Autowired
    IssuerKey issuerKey;

    Api api;
    Flows flows;
    TestWallet wallet;

    @BeforeEach
    void tenant() {
        api = new Api(PORT, Tenants.create(access).key());
        flows = new Flows(api);
        wallet = new TestWallet(null);
    }

    record Card(
            String campaignId,
            String recipientId,
            String email,
            @Nullable String page) {}

    private Card card() {
        String campaign = flows.campaign(Map.of("providerTypes", List.of("eudiw")));
        String email = Flows.email();
        String recipient =
                flows.recipient(campaign, Map.of("email", email)).get("id").asString();
        flows.waitForCard(campaign, recipient, "created");
        return new Card(campaign, recipient, email, null);
    }

    /** Invites by email and answers the card page's URL and the code the email carries. */
    private Card invite(Card card) throws Exception {
        int before = messagesTo(card.email()).size();
        Api.Response invited = api.post(
                "/v1/campaigns/" + card.campaignId() + "/recipients/" + card.recipientId() + "/invite",
                Map.of("sendEmail", true));
        assertThat(invited.status()).as(invited.body()).isEqualTo(200);
        assertThat(invited.data().get("emailSent").asBoolean()).isTrue();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> messagesTo(card.email()).size() > before);
        return new Card(
                card.campaignId(),
                card.recipientId(),
                card.email(),
                invited.data().get("downloadUrl").asString());
    }

    private String lastTxCode(Card card) throws Exception {
        List<MimeMessage> messages = messagesTo(card.email());
        MimeMessage last = messages.get(messages.size() - 1);
        List<String> parts = new ArrayList<>();
        texts(last, parts);
        assertThat(parts).as("a text and an HTML part").hasSize(2);
        String code = null;
        for (String part : parts) {
            Matcher m = TX_CODE_LINE.matcher(part);
            assertThat(m.find()).as(part).isTrue();
            code = m.group(1);
        }
        return code;
    }

    private List<MimeMessage> messagesTo(String email) throws Exception {
        List<MimeMessage> found = new ArrayList<>();
        for (MimeMessage m : smtp.getReceivedMessages()) {
            if (m.getAllRecipients()[0].toString().equals(email)) {
                found.add(m);
            }
        }
        return found;
    }

    private static void texts(Part part, List<String> into) throws Exception {
        if (part.getContent() instanceof Multipart multipart) {
            for (int i = 0; i < multipart.getCount(); i++) {
                texts(multipart.getBodyPart(i), into);
            }
        } else if (part.isMimeType("text/*")) {
            into.add((String) part.getContent());
        }
    }

    private String offerLink(Card card) {
        return TestWallet.offerLinkOf(api.page(card.page() + "/eudiw").body());
    }

    private TestWallet.Answer token(String offerLink, @Nullable String txCode) {
        String code = wallet.get(TestWallet.offerUri(offerLink))
                .json()
                .get("grants")
                .get(Tokens.PRE_AUTHORIZED_GRANT)
                .get("pre-authorized_code")
                .asString();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", Tokens.PRE_AUTHORIZED_GRANT);
        form.put("pre-authorized_code", code);
        if (txCode != null) {
            form.put("tx_code", txCode);
        }
        return wallet.postForm(TOKEN, form);
    }

    private static String other(String code) {
        return String.format("%06d", (Integer.parseInt(code) + 1) % 1_000_000);
    }

    private static void assertInvalidGrant(TestWallet.Answer answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.json().get("error").asString()).isEqualTo("invalid_grant");
    }

    @Test
    void theTransactionCodeComesWithTheInvitationEmailAndNeverOnTheCardPage() throws Exception {
        Card card = invite(card());
        String txCode = lastTxCode(card);

        String holderPage = withoutImages(api.page(card.page()).body());
        String offerPage = withoutImages(api.page(card.page() + "/eudiw").body());
        assertThat(holderPage).doesNotContain(txCode, "transaction code");
        assertThat(offerPage).doesNotContain(txCode, "transaction code");

        String link = TestWallet.offerLinkOf(api.page(card.page() + "/eudiw").body());
        TestWallet.Answer offer = wallet.get(TestWallet.offerUri(link));
        var txCodeOffer =
                offer.json().get("grants").get(Tokens.PRE_AUTHORIZED_GRANT).get("tx_code");
        assertThat(txCodeOffer.get("input_mode").asString()).isEqualTo("numeric");
        assertThat(txCodeOffer.get("length").asInt()).isEqualTo(6);
        assertThat(txCodeOffer.get("description").asString()).isNotBlank();
        assertThat(offer.body()).doesNotContain(txCode);
    }

    @Test
    void theTokenEndpointWantsTheEmailedCodeAndAWalletWithItReceivesTheCredential() throws Exception {
        Card card = invite(card());
        String txCode = lastTxCode(card);
        String link = offerLink(card);

        assertInvalidGrant(token(link, null));
        assertInvalidGrant(token(link, other(txCode)));
        assertInvalidGrant(token(link, ""));

        TestWallet.Session session = wallet.redeem(link, txCode);
        TestWallet.Answer issued =
                wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session)));
        assertThat(issued.status()).as(issued.body()).isEqualTo(200);
        flows.waitForCard(card.campaignId(), card.recipientId(), "active");
    }

    @Test
    void wrongCodesAreLimitedPerCodeAcrossFreshOffersAndANewInvitationSendsANewCode() throws Exception {
        Card card = invite(card());
        String txCode = lastTxCode(card);
        // Every view of the card page makes a fresh offer; the wrong guesses still add up.
        for (int i = 0; i < OfferQueries.MAX_CODE_ATTEMPTS; i++) {
            assertInvalidGrant(token(offerLink(card), other(txCode)));
        }
        TestWallet.Answer exhausted = token(offerLink(card), txCode);
        assertInvalidGrant(exhausted);
        assertThat(exhausted.json().get("error_description").asString()).contains("Too many");

        Card reinvited = invite(card);
        String newCode = lastTxCode(reinvited);
        if (!newCode.equals(txCode)) {
            assertInvalidGrant(token(offerLink(reinvited), txCode));
        }
        assertThat(token(offerLink(reinvited), newCode).status()).isEqualTo(200);
    }

    @Test
    void aFullStatusListIsFollowedByTheNextAndIndicesAreNeverShared() throws Exception {
        Card card = invite(card());
        TestWallet.Session session = wallet.redeem(offerLink(card), lastTxCode(card));
        Set<String> entries = new HashSet<>();
        Set<String> lists = new HashSet<>();
        List<Map<String, Object>> statuses = new ArrayList<>();
        // More credentials than one 8-entry list holds.
        for (int i = 0; i < 10; i++) {
            var issued = wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session)));
            assertThat(issued.status()).as(issued.body()).isEqualTo(200);
            var status = SdJwtVerifier.verify(
                            issued.json()
                                    .get("credentials")
                                    .get(0)
                                    .get("credential")
                                    .asString(),
                            wallet.get(ISSUER + "/.well-known/jwt-vc-issuer")
                                    .json()
                                    .get("jwks"))
                    .claims()
                    .get("status");
            @SuppressWarnings("unchecked")
            Map<String, Object> entry = (Map<String, Object>) ((Map<String, Object>) status).get("status_list");
            int idx = ((Number) entry.get("idx")).intValue();
            assertThat(idx).isBetween(0, 7);
            assertThat(entries.add(entry.get("uri") + "#" + idx))
                    .as("entry %s reused", entry)
                    .isTrue();
            lists.add((String) entry.get("uri"));
            statuses.add(entry);
        }
        assertThat(lists).hasSizeGreaterThanOrEqualTo(2);
        Integer full = jdbc.queryForObject(
                "SELECT COUNT(*) FROM openid4vci_status_lists WHERE issued = list_size AND list_size = 8",
                Integer.class);
        assertThat(full).isPositive();

        Api.Response revoked = api.post(
                "/v1/campaigns/" + card.campaignId() + "/recipients/" + card.recipientId() + "/revoke", Map.of());
        assertThat(revoked.status()).as(revoked.body()).isBetween(200, 204);
        for (Map<String, Object> entry : statuses) {
            await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(wallet.statusBit(
                                    ISSUER, (String) entry.get("uri"), ((Number) entry.get("idx")).intValue()))
                            .isOne());
        }
    }

    @Test
    void anAccessTokenWorksOnEveryInstanceFromMemoryOnceKnownAndOnNoneFromItsExpiryOn() {
        // Two instances on one database: one issues the token, the other first sees it in a request.
        var store = new TokenQueries(new NamedParameterJdbcTemplate(jdbc));
        var issuing = new AccessTokens(store);
        var other = new AccessTokens(store);
        var holder = new Holder("obj_tokens_" + Ids.newId("t"), "card_tokens");
        Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        Instant expires = now.plus(Tokens.ACCESS_TOKEN_LIFETIME);
        String token = Secrets.random();
        issuing.save(token, holder, null, now, expires);

        assertThat(holderOf(issuing, token, now)).contains(holder);
        assertThat(other.size()).isZero();
        assertThat(holderOf(other, token, now)).contains(holder);
        assertThat(other.size()).isOne();
        // Both answer from memory now: the row is not read again.
        jdbc.update("DELETE FROM openid4vci_tokens WHERE token_hash = ?", Secrets.hash(token));
        assertThat(holderOf(issuing, token, now.plusSeconds(60))).contains(holder);
        assertThat(holderOf(other, token, now.plusSeconds(60))).contains(holder);

        assertThat(holderOf(issuing, token, expires)).isEmpty();
        assertThat(holderOf(other, token, expires.plusSeconds(1))).isEmpty();
        assertThat(holderOf(other, Secrets.random(), now)).isEmpty();
        assertThat(holderOf(new AccessTokens(store), token, now)).isEmpty();
    }

    private static java.util.Optional<Holder> holderOf(AccessTokens tokens, String token, Instant now) {
        return tokens.find(token, now).map(TokenQueries.AccessToken::holder);
    }

    @Test
    void anExpiredAccessTokenIsRefusedByAnInstanceThatNeverSawIt() {
        var store = new TokenQueries(new NamedParameterJdbcTemplate(jdbc));
        var holder = new Holder("obj_tokens_" + Ids.newId("t"), "card_tokens");
        Instant issued = Instant.now().minus(Tokens.ACCESS_TOKEN_LIFETIME).minusSeconds(1);
        String token = Secrets.random();
        new AccessTokens(store).save(token, holder, null, issued, issued.plus(Tokens.ACCESS_TOKEN_LIFETIME));

        assertThat(holderOf(new AccessTokens(store), token, Instant.now())).isEmpty();
    }

    @Test
    void twoInstancesReservePlacesOfTheirOwnAndNeverShareAnIndexOrOverfillAList() throws Exception {
        // Two issuers on one database, as two instances of the service would be, each reserving
        // places a few at a time, issuing batches at the same moment.
        var statusListQueries = new StatusListQueries(new NamedParameterJdbcTemplate(jdbc));
        var credentials = new CredentialQueries(new NamedParameterJdbcTemplate(jdbc));
        List<StatusLists> instances = List.of(
                new StatusLists(statusListQueries, credentials, issuerKey, ISSUER, Clock.systemUTC(), 8),
                new StatusLists(statusListQueries, credentials, issuerKey, ISSUER, Clock.systemUTC(), 8));
        var holder = new Holder("obj_lists_" + Ids.newId("t"), "card_lists");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<List<StatusListQueries.Entry>>> issued = new ArrayList<>();
        try {
            for (StatusLists lists : instances) {
                issued.add(pool.submit(() -> {
                    List<StatusListQueries.Entry> entries = new ArrayList<>();
                    // Batches of 1 to 3 credentials, so some span the end of a list.
                    for (int i = 0; i < 20; i++) {
                        entries.addAll(lists.allocate(Ids.newId("ntf"), holder, 1, Instant.now(), 1 + i % 3));
                    }
                    return entries;
                }));
            }
            Set<StatusListQueries.Entry> distinct = new HashSet<>();
            for (var future : issued) {
                for (var entry : future.get(60, TimeUnit.SECONDS)) {
                    assertThat(entry.idx()).isBetween(0, 7);
                    assertThat(distinct.add(entry))
                            .as("entry %s given twice", entry)
                            .isTrue();
                }
            }
            assertThat(distinct).hasSize(2 * 39);
        } finally {
            pool.shutdownNow();
        }
        Integer overfull = jdbc.queryForObject("""
                SELECT COUNT(*) FROM openid4vci_status_lists l WHERE l.issued > l.list_size
                OR (SELECT COUNT(*) FROM openid4vci_credentials c WHERE c.list_id = l.list_id) > l.list_size""", Integer.class);
        assertThat(overfull).isZero();
    }

    @Test
    void retentionDeletesExpiredOffersTokensAndDpopProofsAndRefreshTokensOfRevokedCardsOnly() {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        OffsetDateTime old = now.minusDays(2);
        OffsetDateTime recent = now.minusHours(1);
        offer("offer-old", old);
        offer("offer-recent", recent);
        offer("offer-live", now.plusMinutes(5));
        token("access-old", "access", "vc_a", old, old);
        token("access-recent", "access", "vc_a", recent, recent);
        token("refresh-live-card", "refresh", "vc_a", old, null);
        token("refresh-revoked-card", "refresh", "vc_revoked", old, null);
        token("refresh-expired", "refresh", "vc_a", old, old);
        token("refresh-recently-expired", "refresh", "vc_a", recent, recent);
        token("refresh-valid", "refresh", "vc_a", recent, now.plusDays(30));
        jdbc.update(
                "INSERT INTO openid4vci_spent_dpop_proofs (proof_hash, expires_at) VALUES ('dpop-old', ?), ('dpop-recent', ?)",
                old,
                recent);
        jdbc.update("""
                INSERT INTO openid4vci_credentials (notification_id, object_ref, wallet_card_id, list_id, status_idx,
                  content_version, issued_at, revoked) VALUES ('ntf_retention', 'vc_revoked', 'card_r', 999, 0, 1, ?, TRUE)""", old);

        retention.runOnce();

        assertThat(column("SELECT code_hash FROM openid4vci_offers WHERE code_hash LIKE 'offer-%'"))
                .containsExactlyInAnyOrder("offer-recent", "offer-live");
        assertThat(column("SELECT token_hash FROM openid4vci_tokens WHERE token_hash LIKE '%-%'"))
                .containsExactlyInAnyOrder(
                        "access-recent", "refresh-live-card", "refresh-recently-expired", "refresh-valid");
        assertThat(column("SELECT proof_hash FROM openid4vci_spent_dpop_proofs WHERE proof_hash LIKE 'dpop-%'"))
                .containsExactly("dpop-recent");
        assertThat(column("SELECT notification_id FROM openid4vci_credentials WHERE notification_id = 'ntf_retention'"))
                .as("issued credentials stay, so their index is never given again")
                .containsExactly("ntf_retention");
    }

    private void offer(String hash, OffsetDateTime expires) {
        jdbc.update("""
                INSERT INTO openid4vci_offers (code_hash, object_ref, wallet_card_id, created_at, expires_at)
                VALUES (?, 'vc_a', 'card_a', ?, ?)""", hash, expires.minusMinutes(10), expires);
    }

    private void token(
            String hash, String kind, String objectRef, OffsetDateTime created, @Nullable OffsetDateTime expires) {
        jdbc.update("""
                INSERT INTO openid4vci_tokens (token_hash, kind, object_ref, wallet_card_id, created_at, expires_at)
                VALUES (?, ?, ?, 'card_a', ?, ?)""", hash, kind, objectRef, created, expires == null ? null : expires.plusMinutes(5));
    }

    private List<String> column(String sql) {
        return jdbc.queryForList(sql, String.class);
    }

    private static String withoutImages(String html) {
        return html.replaceAll("(?s)<svg.*?</svg>", "").replaceAll("data:image/[^\"]+", "");
    }
}
