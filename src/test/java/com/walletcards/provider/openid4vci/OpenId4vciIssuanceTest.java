package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.SignedJWT;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Pngs;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.ServiceProcess;
import com.walletcards.support.Tenants;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Inflater;
import javax.imageio.ImageIO;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The whole issuance as a wallet performs it, over HTTPS (a TLS front with a test certificate)
 * against the running service: the card
 * page's offer, the issuer's metadata, the pre-authorized code, a nonce, a key proof, and an SD-JWT
 * VC that an independent verifier accepts; then revocation through the status list, re-issuance
 * with the refresh token, and notifications.
 */
@DatabaseTest
@ContextConfiguration(initializers = OpenId4vciIssuanceTest.OwnDatabase.class)
class OpenId4vciIssuanceTest {

    /**
     * A database of its own: the JVM's other test contexts, whose eudiw runs in local mode, would
     * otherwise pick up this context's background jobs (the revocation that sets the status bit).
     */
    static final class OwnDatabase extends SeparateDatabase {}

    static final int PORT = ServiceProcess.freePort();
    static final int HTTPS_PORT = ServiceProcess.freePort();
    static final String ISSUER = "https://localhost:" + HTTPS_PORT;
    static final TlsFront FRONT = TlsFront.start(HTTPS_PORT, PORT);

    @DynamicPropertySource
    static void openid4vci(DynamicPropertyRegistry registry) {
        TestIssuer.register(registry, PORT, ISSUER);
        registry.add("wallet.providers.settings.eudiw.issuer-name", () -> SERVICE_NAME);
    }

    static final String SERVICE_NAME = "Harbour card service";

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;
    TestWallet wallet;

    @BeforeEach
    void tenant() {
        api = new Api(PORT, Tenants.create(access).key());
        flows = new Flows(api);
        wallet = new TestWallet(FRONT.clientTrust());
    }

    record Card(String campaignId, String recipientId, String cardId, String page) {}

    private Card card() {
        return card(Map.of("location", "Hall A", "start_time", "18:00", "timezone", "Europe/Berlin"));
    }

    private Card card(Map<String, Object> campaignData) {
        String campaign = flows.campaign(Map.of(
                "name",
                "Summer Summit",
                "providerTypes",
                List.of("eudiw"),
                "startDate",
                "2031-07-01",
                "campaignData",
                campaignData));
        String recipient = flows.recipient(
                        campaign, Map.of("name", "Ada Lovelace", "recipientData", Map.of("seat", "12A")))
                .get("id")
                .asString();
        flows.waitForCard(campaign, recipient, "created");
        String download = flows.invite(campaign, recipient).get("downloadUrl").asString();
        return new Card(campaign, recipient, flows.cardOf(campaign, recipient), download + "/eudiw");
    }

    private String offerLink(Card card) {
        // The holder opens the card page over HTTPS, as on a phone.
        TestWallet.Answer page = wallet.get(card.page());
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        assertThat(page.body()).contains("<svg");
        return TestWallet.offerLinkOf(page.body());
    }

    @Test
    void aWalletScansTheCardPageAndReceivesAVerifiableSdJwtVcWithThe10ProofsShape() throws Exception {
        Card card = card();
        TestWallet.Session session = wallet.redeem(offerLink(card));
        assertThat(session.issuer()).isEqualTo(ISSUER);
        // The campaign's own configuration (ADR 0027).
        assertThat(session.configurationId()).startsWith("event_ticket.");

        TestWallet.Answer issued =
                wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session)));
        assertThat(issued.status()).as(issued.body()).isEqualTo(200);
        assertThat(issued.header("Cache-Control")).contains("no-store");
        assertThat(issued.json().get("notification_id").asString()).isNotBlank();

        var verified = verify(session, issued);
        assertThat(verified.claims().get("iss")).isEqualTo(session.issuer());
        JsonNode configurations = session.issuerMetadata().get("credential_configurations_supported");
        String genericVct = configurations.get("event_ticket").get("vct").asString();
        JsonNode offered = configurations.get(session.configurationId());
        // A wallet that matches by vct finds the offered configuration and its display.
        assertThat(verified.claims().get("vct")).isEqualTo(offered.get("vct").asString());
        assertThat(offered.get("credential_metadata")
                        .get("display")
                        .get(0)
                        .get("name")
                        .asString())
                .isEqualTo("Summer Summit");
        assertThat(verified.claims()).containsKeys("iat", "exp", "status", "cnf");
        // A ticket for an event years ahead is valid until a day after the event's end.
        Instant eventEndsAt = Instant.parse(api.get("/v1/campaigns/" + card.campaignId())
                .data()
                .get("eventEndsAt")
                .asString());
        assertThat(((Number) verified.claims().get("exp")).longValue())
                .isEqualTo(eventEndsAt.plus(Duration.ofHours(24)).getEpochSecond());
        @SuppressWarnings("unchecked")
        Map<String, Object> cnf =
                (Map<String, Object>) ((Map<String, Object>) verified.claims().get("cnf")).get("jwk");
        assertThat(ECKey.parse(cnf)).isEqualTo(wallet.key.toPublicJWK());
        assertThat(verified.disclosed())
                .containsEntry("name", "Summer Summit")
                .containsEntry("holder_name", "Ada Lovelace")
                .containsEntry("venue", "Hall A")
                .doesNotContainKeys("venue_address", "venue_coordinates")
                .containsEntry("start_date", "2031-07-01")
                .containsEntry("seat", "12A")
                // The event's time in its own zone, as an ISO date-time.
                .containsEntry("starts_at", "2031-07-01T18:00+02:00")
                .containsKey("barcode");
        // The service's own settings are no claims.
        assertThat(verified.disclosed())
                .doesNotContainKeys("barcodeType", "barcodeValueStrategy", "timezone", "start_time", "location");
        // Selectively disclosable: no card field is visible without its disclosure.
        assertThat(verified.claims()).doesNotContainKeys("name", "holder_name", "venue", "barcode");

        JsonNode typeMetadata =
                wallet.get((String) verified.claims().get("vct")).json();
        assertThat(typeMetadata.get("vct").asString())
                .isEqualTo(verified.claims().get("vct"));
        assertThat(typeMetadata.get("extends").asString()).isEqualTo(genericVct);
        assertThat(typeMetadata.get("display").get(0).get("name").asString()).isEqualTo("Summer Summit");
        // Every claim has a label in English and German.
        for (JsonNode claim : typeMetadata.get("claims")) {
            assertThat(claim.get("display").findValuesAsString("lang"))
                    .as(claim.toString())
                    .containsExactly("en", "de");
        }
        for (String disclosed : List.of("name", "holder_name", "organization", "venue", "start_date", "barcode")) {
            assertThat(typeMetadata.get("claims").toString()).contains("[\"" + disclosed + "\"]");
        }

        // Issuing is the install: the card is active through the provider SPI's inbound port.
        flows.waitForCard(card.campaignId(), card.recipientId(), "active");
    }

    @Test
    void theVenueIsDisclosedAsNameAddressAndCoordinatesAndNotRepeatedAmongTheDetails() throws Exception {
        Card card = card(Map.of(
                "location",
                "Hall A",
                "venue",
                Map.of("name", "Messe München", "address", "Messeplatz 1", "latitude", 48.1351, "longitude", 11.582)));
        TestWallet.Session session = wallet.redeem(offerLink(card));

        var verified = verify(
                session, wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session))));

        // A venue among the details would be a second disclosure named "venue", holding the object.
        assertThat(verified.disclosed())
                .containsEntry("venue", "Messe München")
                .containsEntry("venue_address", "Messeplatz 1")
                .containsEntry("venue_coordinates", Map.of("latitude", 48.1351, "longitude", 11.582))
                .doesNotContainKey("location");
        assertThat(verified.claims()).doesNotContainKeys("venue_address", "venue_coordinates");
        String typeClaims = wallet.get((String) verified.claims().get("vct")).body();
        assertThat(typeClaims).contains("\"venue_address\"").contains("\"venue_coordinates\"");
    }

    @Test
    void theCampaignsColoursAndLogoAreInItsConfigurationAndTheTypeMetadataAtItsVct() throws Exception {
        String campaign = flows.campaign(Map.of(
                "name",
                "Harbour Gala",
                "providerTypes",
                List.of("eudiw"),
                "campaignData",
                Map.of(
                        "design",
                        Map.of("backgroundColor", "#0A1B2C", "foregroundColor", "#F0E0D0", "logoText", "Harbour"))));
        Api.Response logo = api.bytes(
                "PUT", "/v1/campaigns/" + campaign + "/images/logo", Pngs.filled(160, 50, Color.ORANGE), "image/png");
        assertThat(logo.status()).as(logo.body()).isEqualTo(200);
        String logoUrl = logo.data().get("url").asString();
        String recipient = flows.recipient(campaign);
        flows.waitForCard(campaign, recipient, "created");
        String page = flows.invite(campaign, recipient).get("downloadUrl").asString() + "/eudiw";
        TestWallet.Session session =
                wallet.redeem(offerLink(new Card(campaign, recipient, flows.cardOf(campaign, recipient), page)));
        var verified = verify(
                session, wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session))));

        String vct = (String) verified.claims().get("vct");
        TestWallet.Answer typeAnswer = wallet.get(vct);
        assertThat(typeAnswer.status()).as(typeAnswer.body()).isEqualTo(200);
        JsonNode display = typeAnswer.json().get("display").get(0);
        assertThat(display.get("name").asString()).isEqualTo("Harbour Gala");
        JsonNode simple = display.get("rendering").get("simple");
        assertThat(simple.get("background_color").asString()).isEqualTo("#0A1B2C");
        assertThat(simple.get("text_color").asString()).isEqualTo("#F0E0D0");
        assertThat(simple.get("logo").get("uri").asString()).isEqualTo(logoUrl);
        assertThat(simple.get("logo").get("alt_text").asString()).isEqualTo("Harbour");

        // The offered configuration carries the same look (ADR 0027); the generic type does not.
        JsonNode configuration = session.issuerMetadata()
                .get("credential_configurations_supported")
                .get(session.configurationId());
        assertThat(configuration.get("vct").asString()).isEqualTo(vct);
        JsonNode configurationDisplay =
                configuration.get("credential_metadata").get("display").get(0);
        assertThat(configurationDisplay.get("name").asString()).isEqualTo("Harbour Gala");
        assertThat(configurationDisplay.get("background_color").asString()).isEqualTo("#0A1B2C");
        assertThat(configurationDisplay.get("logo").get("uri").asString()).isEqualTo(logoUrl);
        assertThat(wallet.get(ISSUER + "/wallet/eudiw/types/event_ticket").body())
                .doesNotContain("Harbour", "#0A1B2C");
        String key = vct.substring(vct.lastIndexOf('/') + 1);
        String guessed = (key.charAt(0) == 'A' ? "B" : "A") + key.substring(1);
        assertThat(wallet.get(vct.substring(0, vct.lastIndexOf('/') + 1) + guessed)
                        .status())
                .isEqualTo(404);
        assertThat(wallet.get(ISSUER + "/wallet/eudiw/types/coupon/" + key).status())
                .as("the key belongs to its configuration")
                .isEqualTo(404);
    }

    @Test
    void aCouponIsValidUntilItsCampaignsEndDateAndWithoutOneHasNoExpiry() throws Exception {
        assertThat(couponExpiry(Map.of(
                        "startDate",
                        "2032-01-01",
                        "endDate",
                        "2032-03-31",
                        "campaignData",
                        Map.of("timezone", "Europe/Berlin"))))
                .isEqualTo(Instant.parse("2032-03-31T22:00:00Z").getEpochSecond());
        assertThat(couponExpiry(Map.of())).as("no end date, no exp").isNull();
    }

    private @Nullable Long couponExpiry(Map<String, Object> campaignFields) throws Exception {
        Map<String, Object> fields = new HashMap<>(
                Map.of("name", "Spring Sale", "campaignType", "coupon", "providerTypes", List.of("eudiw")));
        fields.putAll(campaignFields);
        String campaign = flows.campaign(fields);
        String recipient = flows.recipient(campaign);
        flows.waitForCard(campaign, recipient, "created");
        String page = flows.invite(campaign, recipient).get("downloadUrl").asString() + "/eudiw";
        TestWallet.Session session =
                wallet.redeem(offerLink(new Card(campaign, recipient, flows.cardOf(campaign, recipient), page)));
        var verified = verify(
                session, wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session))));
        return verified.claims().get("exp") == null
                ? null
                : ((Number) verified.claims().get("exp")).longValue();
    }

    @Test
    void aNonceIsAcceptedOnceSoAReplayedProofIsRefusedWithInvalidNonce() throws Exception {
        TestWallet.Session session = wallet.redeem(offerLink(card()));
        String nonce = wallet.nonce(session);
        String proof = wallet.proof(session.issuer(), nonce);
        assertThat(wallet.requestCredential(session, proof).status()).isEqualTo(200);

        TestWallet.Answer replayed = wallet.requestCredential(session, proof);
        assertThat(replayed.status()).as(replayed.body()).isEqualTo(400);
        assertThat(replayed.json().get("error").asString()).isEqualTo("invalid_nonce");
        TestWallet.Answer sameNonce = wallet.requestCredential(session, wallet.proof(session.issuer(), nonce));
        assertThat(sameNonce.status()).as(sameNonce.body()).isEqualTo(400);
        assertThat(sameNonce.json().get("error").asString()).isEqualTo("invalid_nonce");

        // A fresh nonce works again.
        assertThat(wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session)))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void onAComputerTheCardPagesQrCodeIsTheCredentialOfferThatAWalletScansAndTheOfferPageLinkStays() throws Exception {
        Card card = card();
        String cardPage = card.page().substring(0, card.page().length() - "/eudiw".length());
        // A computer's browser (no phone in the User-Agent) gets the EU wallet as a code to scan.
        TestWallet.Answer page = wallet.get(cardPage);
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        Matcher offer = Pattern.compile("class=\"offer\"[^>]*>\\s*<img src=\"data:image/png;base64,([^\"]+)\"")
                .matcher(page.body());
        assertThat(offer.find()).as(page.body()).isTrue();
        String scanned = qrText(Base64.getDecoder().decode(offer.group(1)));
        assertThat(scanned).startsWith("openid-credential-offer://?credential_offer_uri=");
        // The same-device link still leads to the offer page.
        assertThat(page.body()).contains("href=\"/c/" + cardPage.substring(cardPage.lastIndexOf('/') + 1) + "/eudiw\"");

        // What the wallet scans is an offer it redeems.
        TestWallet.Session session = wallet.redeem(scanned);
        assertThat(wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session)))
                        .status())
                .isEqualTo(200);
    }

    private static String qrText(byte[] png) throws Exception {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        return new QRCodeReader()
                .decode(new BinaryBitmap(
                        new HybridBinarizer(new RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels))))
                .getText();
    }

    @Test
    void theDraft15SingleProofShapeThatFieldWalletsSendIsAccepted() throws Exception {
        Card card = card();
        TestWallet.Session session = wallet.redeem(offerLink(card));
        TestWallet.Answer issued =
                wallet.requestCredentialWithSingleProof(session, wallet.proof(session.issuer(), wallet.nonce(session)));
        assertThat(issued.status()).as(issued.body()).isEqualTo(200);
        assertThat(verify(session, issued).disclosed()).containsEntry("holder_name", "Ada Lovelace");
    }

    @Test
    void everyViewOfTheCardPageMakesAFreshSingleUseCode() {
        Card card = card();
        String first = offerLink(card);
        String second = offerLink(card);
        assertThat(first).isNotEqualTo(second);
        wallet.redeem(first);
        // The used code's offer is gone, and the code cannot be redeemed again.
        assertThat(wallet.get(TestWallet.offerUri(first)).status()).isEqualTo(404);
        wallet.redeem(second);
    }

    @Test
    void revokingTheCardSetsTheCredentialsStatusListBit() throws Exception {
        Card card = card();
        TestWallet.Session session = wallet.redeem(offerLink(card));
        var verified = verify(
                session, wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session))));
        @SuppressWarnings("unchecked")
        Map<String, Object> status =
                (Map<String, Object>) ((Map<String, Object>) verified.claims().get("status")).get("status_list");
        int idx = ((Number) status.get("idx")).intValue();
        String uri = (String) status.get("uri");
        assertThat(bit(session, uri, idx)).isZero();

        Api.Response revoked = api.post(
                "/v1/campaigns/" + card.campaignId() + "/recipients/" + card.recipientId() + "/revoke", Map.of());
        assertThat(revoked.status()).as(revoked.body()).isBetween(200, 204);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(bit(session, uri, idx)).isOne());

        // A revoked card is issued no more, not even by refresh token.
        TestWallet.Answer refreshed = wallet.refreshToken(session);
        assertThat(refreshed.status()).isEqualTo(400);
        assertThat(refreshed.json().get("error").asString()).isEqualTo("invalid_grant");
    }

    @Test
    void theRefreshTokenReissuesTheCardWithItsNewContent() throws Exception {
        Card card = card();
        TestWallet.Session session = wallet.redeem(offerLink(card));
        assertThat(verify(
                                session,
                                wallet.requestCredential(
                                        session, wallet.proof(session.issuer(), wallet.nonce(session))))
                        .disclosed())
                .containsEntry("seat", "12A");

        Api.Response patched = api.patch(
                "/v1/campaigns/" + card.campaignId() + "/recipients/" + card.recipientId(),
                Map.of("recipientData", Map.of("seat", "14C")));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);

        TestWallet.Session renewed = wallet.refreshed(session);
        var reissued = verify(
                renewed, wallet.requestCredential(renewed, wallet.proof(renewed.issuer(), wallet.nonce(renewed))));
        assertThat(reissued.disclosed()).containsEntry("seat", "14C");
    }

    @Test
    void aDeclinedCredentialMarksTheCardRemovedAndNotificationsAreIdempotent() throws Exception {
        Card card = card();
        TestWallet.Session session = wallet.redeem(offerLink(card));
        TestWallet.Answer issued =
                wallet.requestCredential(session, wallet.proof(session.issuer(), wallet.nonce(session)));
        flows.waitForCard(card.campaignId(), card.recipientId(), "active");
        String notifications =
                session.issuerMetadata().get("notification_endpoint").asString();
        Map<String, String> deleted = Map.of(
                "notification_id", issued.json().get("notification_id").asString(), "event", "credential_deleted");
        assertThat(wallet.postJson(notifications, session.accessToken(), deleted)
                        .status())
                .isEqualTo(204);
        assertThat(wallet.postJson(notifications, session.accessToken(), deleted)
                        .status())
                .isEqualTo(204);
        flows.waitForCard(card.campaignId(), card.recipientId(), "removed");

        TestWallet.Answer unknown = wallet.postJson(
                notifications,
                session.accessToken(),
                Map.of("notification_id", "ntf_unknown", "event", "credential_accepted"));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.json().get("error").asString()).isEqualTo("invalid_notification_id");
    }

    @Test
    void theMetadataIsPublicAndDescribesOneSdJwtConfigurationPerCampaignType() {
        String issuer = ISSUER;
        JsonNode metadata =
                wallet.get(issuer + "/.well-known/openid-credential-issuer").json();
        JsonNode configurations = metadata.get("credential_configurations_supported");
        List<String> generic = List.of("event_ticket", "coupon", "loyalty_card", "access_pass", "wallet_card");
        assertThat(configurations.propertyNames()).containsAll(generic);
        // Besides them, only campaigns' own configurations (ADR 0027), each under its type's.
        for (String id : configurations.propertyNames()) {
            assertThat(generic.contains(id) || generic.contains(id.substring(0, Math.max(0, id.indexOf('.')))))
                    .as(id)
                    .isTrue();
        }
        JsonNode ticket = configurations.get("event_ticket");
        assertThat(ticket.get("format").asString()).isEqualTo("dc+sd-jwt");
        assertThat(ticket.get("cryptographic_binding_methods_supported").get(0).asString())
                .isEqualTo("jwk");
        assertThat(ticket.get("proof_types_supported")
                        .get("jwt")
                        .get("proof_signing_alg_values_supported")
                        .get(0)
                        .asString())
                .isEqualTo("ES256");
        JsonNode as =
                wallet.get(issuer + "/.well-known/oauth-authorization-server").json();
        assertThat(as.get("pre-authorized_grant_anonymous_access_supported").asBoolean())
                .isTrue();
        assertThat(as.get("grant_types_supported").toString())
                .contains("urn:ietf:params:oauth:grant-type:pre-authorized_code");
        // Refresh tokens rotate, and both the token endpoint and the credential issuer's protected
        // endpoints accept DPoP proofs with the same algorithms (ADR 0031).
        assertThat(as.get("grant_types_supported").toString()).contains("\"refresh_token\"");
        List<String> dpopAlgorithms = List.of("ES256", "ES384", "ES512");
        assertThat(as.get("dpop_signing_alg_values_supported").valueStream().map(JsonNode::asString))
                .containsExactlyElementsOf(dpopAlgorithms);
        assertThat(metadata.get("dpop_signing_alg_values_supported")
                        .valueStream()
                        .map(JsonNode::asString))
                .containsExactlyElementsOf(dpopAlgorithms);
        // Pre-authorized codes only: no authorization endpoint, so no response types either.
        assertThat(as.has("response_types_supported")).isFalse();
        assertThat(as.has("authorization_endpoint")).isFalse();
        JsonNode jwtVcIssuer = wallet.get(issuer + "/.well-known/jwt-vc-issuer").json();
        for (JsonNode document : List.of(metadata, as, jwtVcIssuer)) {
            assertNoEmptyValue(document, "");
        }
        assertThat(jwtVcIssuer.get("issuer").asString()).isEqualTo(issuer);
        assertThat(jwtVcIssuer.get("jwks").get("keys").get(0).has("d"))
                .as("no private key published")
                .isFalse();
    }

    /** No empty array, object or string, and no null, anywhere in a metadata document. */
    private static void assertNoEmptyValue(JsonNode node, String path) {
        assertThat(node.isNull()).as(path).isFalse();
        if (node.isContainer()) {
            assertThat(node.isEmpty()).as(path + " is empty").isFalse();
        }
        if (node.isString()) {
            assertThat(node.asString()).as(path).isNotBlank();
        }
        if (node.isObject()) {
            for (String name : node.propertyNames()) {
                assertNoEmptyValue(node.get(name), path + "." + name);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                assertNoEmptyValue(node.get(i), path + "[" + i + "]");
            }
        }
    }

    private SdJwtVerifier.Verified verify(TestWallet.Session session, TestWallet.Answer issued) throws Exception {
        assertThat(issued.status()).as(issued.body()).isEqualTo(200);
        String credential =
                issued.json().get("credentials").get(0).get("credential").asString();
        JsonNode jwks = wallet.get(session.issuer() + "/.well-known/jwt-vc-issuer")
                .json()
                .get("jwks");
        var verified = SdJwtVerifier.verify(credential, jwks);
        Map<String, Object> all = new HashMap<>(verified.disclosed());
        // The recipient's own data is disclosed inside "details".
        return new SdJwtVerifier.Verified(verified.header(), verified.claims(), all);
    }

    /** The credential's bit in the signed status list, checked against the issuer's JWKS. */
    private int bit(TestWallet.Session session, String uri, int idx) throws Exception {
        TestWallet.Answer list = wallet.get(uri);
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.header("Content-Type")).startsWith("application/statuslist+jwt");
        SignedJWT jwt = SignedJWT.parse(list.body());
        assertThat(jwt.getHeader().getType().getType()).isEqualTo("statuslist+jwt");
        JWKSet jwks = JWKSet.parse(wallet.get(session.issuer() + "/.well-known/jwt-vc-issuer")
                .json()
                .get("jwks")
                .toString());
        assertThat(jwt.verify(new ECDSAVerifier(
                        (ECKey) jwks.getKeyByKeyId(jwt.getHeader().getKeyID()))))
                .isTrue();
        var claims = jwt.getJWTClaimsSet();
        assertThat(claims.getSubject()).isEqualTo(uri);
        assertThat(claims.getExpirationTime()).isNotNull();
        assertThat(claims.getLongClaim("ttl")).isPositive();
        Map<String, Object> statusList = claims.getJSONObjectClaim("status_list");
        assertThat(((Number) statusList.get("bits")).intValue()).isEqualTo(1);
        Inflater inflater = new Inflater();
        inflater.setInput(Base64.getUrlDecoder().decode((String) statusList.get("lst")));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (!inflater.finished()) {
            bytes.write(buffer, 0, inflater.inflate(buffer));
        }
        byte[] bits = bytes.toByteArray();
        assertThat(bits.length * 8).isGreaterThan(idx);
        return (bits[idx / 8] >> (idx % 8)) & 1;
    }
}
