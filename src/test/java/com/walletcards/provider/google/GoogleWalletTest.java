package com.walletcards.provider.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.walletcards.card.WalletProviders;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.ProviderName;
import com.walletcards.support.Api;
import com.walletcards.support.Tenants;
import com.walletcards.support.WalletProviderContract;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Provider {@code beta} in mode {@code google}, end to end against the fake Google Wallet API:
 * lazy class and object insert on the save link, the signed save JWT, one class PATCH per campaign
 * change, one object PATCH per recipient change, revocation, class-level notifications with the
 * notify quota, and Tink-signed callbacks.
 */
@TestPropertySource(
        properties = {
            "wallet.propagation.debounce=PT0.2S",
            "wallet.propagation.retry-delay=PT0.2S",
            "wallet.propagation.max-attempts=4",
            "wallet.download-base-url=https://cards.example.com",
            "wallet.providers.settings.beta.google.request-timeout=PT30S"
        })
class GoogleWalletTest extends GoogleWalletSpringTest {

    @Autowired
    WalletProviders providers;

    @Autowired
    GoogleReconciliation reconciliation;

    /** The SPI contract every provider passes, for the Google implementation. */
    @Nested
    class SpiContract extends WalletProviderContract {

        @Override
        protected Stream<WalletProvider> providers() {
            return Stream.of(providers.get(ProviderName.beta));
        }
    }

    @Test
    void betaRunsTheGoogleImplementation() {
        assertThat(providers.get(ProviderName.beta).allocateObjectRef("card_1"))
                .startsWith(FakeGoogleWallet.ISSUER_ID + ".gw_");
    }

    Api api;
    Api holder;

    @BeforeEach
    void tenant() {
        GOOGLE.reset();
        api = new Api(port, Tenants.create(access).key());
        holder = api.withKey(null);
    }

    // ---- the save link

    @Test
    void theSaveLinkInsertsTheClassAndObjectOnceThenRedirectsToASignedSkinnyJwt() throws Exception {
        String campaign = campaign("event");
        Card card = card(campaign, Map.of("seat", "12A"));

        Api.Response first = holder.page(card.link());
        assertThat(first.status()).as(first.body()).isEqualTo(302);
        String location = first.header("Location");
        assertThat(location).startsWith("https://pay.google.com/gp/v/save/").hasSizeLessThan(SaveLinks.MAX_LENGTH);

        SignedJWT jwt = SignedJWT.parse(location.substring("https://pay.google.com/gp/v/save/".length()));
        assertThat(jwt.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.RS256);
        assertThat(jwt.verify(new RSASSAVerifier(GOOGLE.serviceAccountPublicKey())))
                .isTrue();
        JWTClaimsSet claims = jwt.getJWTClaimsSet();
        assertThat(claims.getIssuer()).isEqualTo(FakeGoogleWallet.CLIENT_EMAIL);
        assertThat(claims.getAudience()).containsExactly("google");
        assertThat(claims.getClaim("typ")).isEqualTo("savetowallet");
        assertThat(claims.getIssueTime().toInstant()).isCloseTo(Instant.now(), within(60));
        assertThat(claims.getStringListClaim("origins")).containsExactly("https://cards.example.com");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> objects =
                (List<Map<String, Object>>) claims.getJSONObjectClaim("payload").get("eventTicketObjects");
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        assertThat(objects).containsExactly(Map.of("id", card.objectId(), "classId", classId));

        JsonNode googleClass = GOOGLE.resource("eventTicketClass", classId);
        assertThat(googleClass
                        .path("eventName")
                        .path("defaultValue")
                        .path("value")
                        .asString())
                .isEqualTo("Summer Summit");
        assertThat(googleClass
                        .path("venue")
                        .path("name")
                        .path("defaultValue")
                        .path("value")
                        .asString())
                .isEqualTo("Hall A");
        assertThat(googleClass.path("reviewStatus").asString()).isEqualTo("UNDER_REVIEW");
        assertThat(googleClass.path("hexBackgroundColor").asString()).isEqualTo("#0A1B2C");
        assertThat(googleClass.path("callbackOptions").path("url").asString())
                .isEqualTo("https://cards.example.com/wallet/beta/callbacks");
        assertThat(googleClass.path("dateTime").path("start").asString()).startsWith("2031-07-01T18:00");
        JsonNode object = GOOGLE.resource("eventTicketObject", card.objectId());
        assertThat(object.path("classId").asString()).isEqualTo(classId);
        assertThat(object.path("state").asString()).isEqualTo("ACTIVE");
        assertThat(object.path("ticketHolderName").asString()).isEqualTo("Ada Lovelace");
        assertThat(object.path("seatInfo")
                        .path("seat")
                        .path("defaultValue")
                        .path("value")
                        .asString())
                .isEqualTo("12A");
        assertThat(object.path("barcode").path("value").asString()).isEqualTo(card.barcode());
        assertThat(object.path("barcode").path("alternateText").asString()).isEqualTo(card.barcode());
        assertThat(object.path("barcode").path("type").asString()).isEqualTo("QR_CODE");
        assertThat(object.path("validTimeInterval").path("start").path("date").asString())
                .startsWith("2031-07-01T18:00");

        long calls = GOOGLE.callsAbout(List.of(classId, card.objectId()));
        assertThat(calls).isEqualTo(2);
        Api.Response again = holder.page(card.link());
        assertThat(again.status()).isEqualTo(302);
        assertThat(GOOGLE.callsAbout(List.of(classId, card.objectId())))
                .as("a second open finds both at Google")
                .isEqualTo(calls);
        assertThat(GOOGLE.calls("POST", "eventTicketClass")).hasSize(1);
        assertThat(GOOGLE.calls("POST", "eventTicketObject")).hasSize(1);
    }

    @Test
    void cardsThatAreNeverOpenedCostNoApiCall() {
        String campaign = campaign("event");
        List<String> mine = new ArrayList<>(List.of(FakeGoogleWallet.ISSUER_ID + "." + campaign));
        for (int i = 0; i < 3; i++) {
            mine.add(card(campaign, Map.of()).objectId());
        }
        api.patch("/v1/campaigns/" + campaign, Map.of("name", "Renamed"));
        // The campaign change has nothing to update at Google: wait until it was handled.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?")
                                .param(campaign)
                                .query(Long.class)
                                .single()
                        == 0);
        assertThat(GOOGLE.callsAbout(mine)).isZero();
    }

    @Test
    void eachCampaignTypeGetsItsVertical() {
        Map<String, String> verticals =
                Map.of("coupon", "offer", "loyalty", "loyalty", "access", "generic", "generic", "generic");
        verticals.forEach((type, vertical) -> {
            String campaign = campaign(type);
            Card card = card(campaign, Map.of());
            assertThat(holder.page(card.link()).status()).isEqualTo(302);
            assertThat(GOOGLE.resource(vertical + "Class", FakeGoogleWallet.ISSUER_ID + "." + campaign))
                    .as(type)
                    .isNotNull();
            assertThat(GOOGLE.resource(vertical + "Object", card.objectId()))
                    .as(type)
                    .isNotNull();
        });
    }

    // ---- callbacks

    @Test
    void aSignedSaveCallbackMakesTheCardActiveARepeatChangesNothingAndADeleteRemovesIt() {
        String campaign = campaign("event");
        Card card = card(campaign, Map.of());
        holder.page(card.link());
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;

        String nonce = UUID.randomUUID().toString();
        String save = SENDER.callback(
                classId, card.objectId(), "save", nonce, Instant.now().plusSeconds(60));
        Api.Response saved = callback(save);
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        assertThat(saved.data().get("applied").asBoolean()).isTrue();
        assertThat(status(campaign, card)).isEqualTo("active");

        Api.Response replayed = callback(save);
        assertThat(replayed.status()).isEqualTo(200);
        assertThat(replayed.data().get("applied").asBoolean()).isFalse();

        Api.Response deleted = callback(SENDER.callback(
                classId,
                card.objectId(),
                "del",
                UUID.randomUUID().toString(),
                Instant.now().plusSeconds(60)));
        assertThat(deleted.data().get("applied").asBoolean()).isTrue();
        assertThat(status(campaign, card)).isEqualTo("removed");
    }

    @Test
    void unsignedForgedExpiredAndForeignCallbacksAreRefusedAndChangeNothing() {
        String campaign = campaign("event");
        Card card = card(campaign, Map.of());
        holder.page(card.link());
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        Instant later = Instant.now().plusSeconds(60);

        List<String> refused = new ArrayList<>();
        refused.add("{\"eventType\":\"save\",\"objectId\":\"" + card.objectId() + "\"}");
        refused.add("not json at all");
        refused.add("");
        refused.add(new GoogleCallbackSender(FakeGoogleWallet.ISSUER_ID)
                .callback(classId, card.objectId(), "save", UUID.randomUUID().toString(), later));
        refused.add(SENDER.callback(
                classId,
                card.objectId(),
                "save",
                UUID.randomUUID().toString(),
                Instant.now().minusSeconds(1)));
        refused.add(SENDER.callback(
                "1234.other", "1234.other-object", "save", UUID.randomUUID().toString(), later));
        refused.add(SENDER.forRecipient("1234")
                .callback(classId, card.objectId(), "save", UUID.randomUUID().toString(), later));
        for (String body : refused) {
            Api.Response r = callback(body);
            assertThat(r.status()).as(body).isEqualTo(401);
            assertThat(r.errorCode()).isEqualTo("UNAUTHORIZED");
        }
        assertThat(status(campaign, card)).isEqualTo("invited");
    }

    @Test
    void aSignedCallbackAboutAnObjectThisServiceDoesNotKnowIsAcknowledgedAndChangesNothing() {
        String campaign = campaign("event");
        Card card = card(campaign, Map.of());
        holder.page(card.link());
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        String unknown = FakeGoogleWallet.ISSUER_ID + ".gw_"
                + UUID.randomUUID().toString().replace("-", "");

        // Google retries every answer but a 2xx: an unknown object must not make it deliver forever.
        Api.Response r = callback(SENDER.callback(
                classId,
                unknown,
                "save",
                UUID.randomUUID().toString(),
                Instant.now().plusSeconds(60)));

        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.data().get("applied").asBoolean()).isFalse();
        assertThat(status(campaign, card)).isEqualTo("invited");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM google_wallet_objects WHERE object_id = ?")
                        .param(unknown)
                        .query(Long.class)
                        .single())
                .isZero();
    }

    @Test
    void aSaveWhoseCallbackNeverCameIsFoundByTheReconciliation() {
        String campaign = campaign("event");
        Card saved = card(campaign, Map.of());
        Card notSaved = card(campaign, Map.of());
        holder.page(saved.link());
        holder.page(notSaved.link());
        GOOGLE.markSaved("eventTicketObject", saved.objectId());

        reconciliation.runOnce();

        assertThat(status(campaign, saved)).isEqualTo("active");
        assertThat(status(campaign, notSaved)).isEqualTo("invited");
        assertThat(jdbc.sql("SELECT has_users FROM google_wallet_objects WHERE object_id = ?")
                        .param(saved.objectId())
                        .query(Boolean.class)
                        .single())
                .isTrue();
    }

    // ---- propagation

    @Test
    void aCampaignChangeIsOneClassPatchWhateverTheNumberOfSavedCards() {
        String campaign = campaign("event");
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        List<Card> cards = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Card card = card(campaign, Map.of());
            holder.page(card.link());
            save(classId, card);
            cards.add(card);
        }
        GOOGLE.reset();

        Api.Response patched = api.patch(
                "/v1/campaigns/" + campaign,
                Map.of("name", "Winter Summit", "campaignData", Map.of("location", "Hall B")));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode googleClass = GOOGLE.resource("eventTicketClass", classId);
            assertThat(googleClass
                            .path("eventName")
                            .path("defaultValue")
                            .path("value")
                            .asString())
                    .isEqualTo("Winter Summit");
            assertThat(googleClass
                            .path("venue")
                            .path("name")
                            .path("defaultValue")
                            .path("value")
                            .asString())
                    .isEqualTo("Hall B");
        });
        awaitQuiet(campaign);
        assertThat(GOOGLE.calls("PATCH", "eventTicketClass/" + classId)).hasSize(1);
        List<String> ids = new ArrayList<>(List.of(classId));
        cards.forEach(c -> ids.add(c.objectId()));
        assertThat(GOOGLE.callsAbout(ids))
                .as("calls about the class and its objects")
                .isEqualTo(1);
    }

    @Test
    void aRenameOfAGenericOrAccessPassIsOneClassPatchThatItsCardTemplateShowsOnEverySavedCard() {
        for (String type : List.of("generic", "access")) {
            String campaign = campaign(type);
            String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
            List<String> ids = new ArrayList<>(List.of(classId));
            for (int i = 0; i < 3; i++) {
                Card card = card(campaign, Map.of());
                assertThat(holder.page(card.link()).status()).isEqualTo(302);
                save(classId, card);
                ids.add(card.objectId());
            }
            assertThat(GOOGLE.genericCardRows(ids.get(1))).as(type).containsExactly("Summer Summit");
            awaitQuiet(campaign);
            GOOGLE.reset();

            Api.Response patched = api.patch("/v1/campaigns/" + campaign, Map.of("name", "Winter Pass"));
            assertThat(patched.status()).as(patched.body()).isEqualTo(200);

            await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> ids.subList(1, ids.size())
                            .forEach(object -> assertThat(GOOGLE.genericCardRows(object))
                                    .as(type)
                                    .containsExactly("Winter Pass")));
            awaitQuiet(campaign);
            assertThat(GOOGLE.calls("PATCH", "genericClass/" + classId))
                    .as(type)
                    .hasSize(1);
            assertThat(GOOGLE.callsAbout(ids))
                    .as(type + ": calls about the class and its objects")
                    .isEqualTo(1);
        }
    }

    @Test
    void aCampaignChangeWhileTheClassIsBeingInsertedReachesTheClassWithoutAnotherLinkOpening() throws Exception {
        String campaign = campaign("event");
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        Card card = card(campaign, Map.of());
        CountDownLatch inserting = GOOGLE.hold("POST", "v1/eventTicketClass");
        CompletableFuture<Api.Response> opened = CompletableFuture.supplyAsync(() -> holder.page(card.link()));
        try {
            assertThat(inserting.await(30, TimeUnit.SECONDS)).isTrue();
            Api.Response patched = api.patch("/v1/campaigns/" + campaign, Map.of("name", "Winter Summit"));
            assertThat(patched.status()).as(patched.body()).isEqualTo(200);
            // The change was handled while Google still held the insert: there was no class to patch.
            awaitQuiet(campaign);
        } finally {
            GOOGLE.release("POST", "v1/eventTicketClass");
        }

        assertThat(opened.get(30, TimeUnit.SECONDS).status()).isEqualTo(302);
        assertThat(GOOGLE.resource("eventTicketClass", classId)
                        .path("eventName")
                        .path("defaultValue")
                        .path("value")
                        .asString())
                .isEqualTo("Winter Summit");
        assertThat(GOOGLE.calls("POST", "eventTicketClass")).hasSize(1);
        assertThat(GOOGLE.calls("PATCH", "eventTicketClass/" + classId)).hasSize(1);
    }

    @Test
    void aRecipientChangeIsOneObjectPatchOfItsCard() {
        String campaign = campaign("event");
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        Card card = card(campaign, Map.of("seat", "12A"));
        Card other = card(campaign, Map.of("seat", "12B"));
        holder.page(card.link());
        holder.page(other.link());
        save(classId, card);
        save(classId, other);
        GOOGLE.reset();

        Api.Response patched = api.patch(
                "/v1/campaigns/" + campaign + "/recipients/" + card.recipientId(),
                Map.of("name", "Grace Hopper", "recipientData", Map.of("seat", "14C")));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode object = GOOGLE.resource("eventTicketObject", card.objectId());
            assertThat(object.path("ticketHolderName").asString()).isEqualTo("Grace Hopper");
            assertThat(object.path("seatInfo")
                            .path("seat")
                            .path("defaultValue")
                            .path("value")
                            .asString())
                    .isEqualTo("14C");
        });
        awaitQuiet(campaign);
        assertThat(GOOGLE.calls("PATCH", "eventTicketObject/" + card.objectId()))
                .hasSize(1);
        assertThat(GOOGLE.callsAbout(List.of(classId, card.objectId(), other.objectId())))
                .isEqualTo(1);
    }

    @Test
    void aRevokedCardsObjectBecomesInactiveAndItsLinkAnswersTheVoidPage() {
        String campaign = campaign("event");
        Card card = card(campaign, Map.of());
        holder.page(card.link());

        Api.Response revoked =
                api.post("/v1/campaigns/" + campaign + "/recipients/" + card.recipientId() + "/revoke", null);
        assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(GOOGLE.resource("eventTicketObject", card.objectId())
                                .path("state")
                                .asString())
                        .isEqualTo("INACTIVE"));
        List<String> ids = List.of(FakeGoogleWallet.ISSUER_ID + "." + campaign, card.objectId());
        long calls = GOOGLE.callsAbout(ids);
        assertThat(holder.page(card.link()).status()).isEqualTo(410);
        assertThat(GOOGLE.callsAbout(ids)).isEqualTo(calls);
    }

    @Test
    void aRevokedCardThatWasNeverOpenedCostsNoCall() {
        String campaign = campaign("event");
        Card card = card(campaign, Map.of());
        api.post("/v1/campaigns/" + campaign + "/recipients/" + card.recipientId() + "/revoke", null);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> jdbc.sql(
                                "SELECT void_pending FROM provider_objects WHERE wallet_card_id = ? AND provider = 'beta'")
                        .param(card.id())
                        .query(Boolean.class)
                        .single()
                        .equals(false));
        assertThat(holder.page(card.link()).status()).isEqualTo(410);
        assertThat(GOOGLE.callsAbout(List.of(FakeGoogleWallet.ISSUER_ID + "." + campaign, card.objectId())))
                .isZero();
    }

    // ---- failures

    @Test
    void withGoogleDownTheHolderGets503AndTheApiKeepsWorking() {
        String campaign = campaign("event");
        Card card = card(campaign, Map.of());
        GOOGLE.failNext(50, 503);

        Api.Response down = holder.page(card.link());
        assertThat(down.status()).isEqualTo(503);
        assertThat(down.header("Retry-After")).isNotBlank();
        assertThat(api.get("/v1/campaigns/" + campaign).status()).isEqualTo(200);
        assertThat(api.post(
                                "/v1/campaigns/" + campaign + "/recipients",
                                Map.of("email", UUID.randomUUID() + "@example.com"))
                        .status())
                .isEqualTo(201);

        GOOGLE.reset();
        assertThat(holder.page(card.link()).status()).isEqualTo(302);
    }

    @Test
    void aRefusalByGoogleIsRecordedOnTheCardsObjectWithGooglesMessage() {
        String campaign = campaign("event");
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        Card card = card(campaign, Map.of());
        holder.page(card.link());
        save(classId, card);
        // Until the service has recorded the object as created, a later push of the same content
        // follows (a card installed before its object was recorded may have missed one) and, with
        // Google answering again, rightly clears the error this test looks for.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM provider_objects WHERE wallet_card_id = ?"
                                        + " AND provider = 'beta' AND created_at_provider = TRUE AND installed = TRUE")
                                .param(card.id())
                                .query(Long.class)
                                .single()
                        == 1);
        GOOGLE.failNextAbout(card.objectId(), 1, 400);

        api.patch("/v1/campaigns/" + campaign + "/recipients/" + card.recipientId(), Map.of("name", "Grace Hopper"));
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(jdbc.sql(
                                        "SELECT last_error FROM provider_objects WHERE wallet_card_id = ? AND provider = 'beta'")
                                .param(card.id())
                                .query((rs, i) -> String.valueOf(rs.getString(1)))
                                .single())
                        .contains("Google Wallet refused", "(400)", "injected failure"));
        assertThat(jdbc.sql("SELECT last_error FROM google_wallet_objects WHERE object_id = ?")
                        .param(card.objectId())
                        .query(String.class)
                        .single())
                .contains("injected failure");
    }

    // ---- notifications

    @Test
    void aNotificationIsOneClassMessageThatNotifiesUntilGooglesQuotaThenIsAddedSilentlyAndReportedSo() {
        String campaign = campaign("event");
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        int cards = GoogleWalletProvider.OBJECT_MESSAGES_UP_TO + 1; // more than get a message each
        for (int i = 0; i < cards; i++) {
            Card card = card(campaign, Map.of());
            holder.page(card.link());
            save(classId, card);
        }
        GOOGLE.reset();

        JsonNode first = awaitSent(campaign, notify(campaign, "Doors open"));
        assertThat(first.get("deliveredCards").asInt()).isEqualTo(cards);
        assertThat(provider(first).get("deliveredCards").asInt()).isEqualTo(cards);
        assertThat(GOOGLE.calls("POST", "addMessage")).hasSize(1);
        JsonNode messages = GOOGLE.resource("eventTicketClass", classId).path("messages");
        assertThat(messages).hasSize(1);
        assertThat(messages.get(0).path("messageType").asString()).isEqualTo("TEXT_AND_NOTIFY");
        assertThat(messages.get(0).path("header").asString()).isEqualTo("Doors open");

        // Two notifying messages of the issuer's own tools use up the pass's quota of three a day.
        GOOGLE.addMessageDirectly("eventTicketClass", classId, "TEXT_AND_NOTIFY");
        GOOGLE.addMessageDirectly("eventTicketClass", classId, "TEXT_AND_NOTIFY");
        JsonNode second = awaitSent(campaign, notify(campaign, "Gate change"));
        assertThat(second.get("deliveredCards").asInt()).isZero();
        assertThat(second.get("failedCards").asInt()).isEqualTo(cards);
        assertThat(provider(second).get("failedCards").asInt()).isEqualTo(cards);
        JsonNode last = lastMessage(classId);
        assertThat(last.path("header").asString()).isEqualTo("Gate change");
        assertThat(last.path("messageType").asString()).isEqualTo("TEXT");
    }

    @Test
    void aClassWithTenMessagesLosesItsOldestToTakeTheNewOne() {
        String campaign = campaign("event");
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        int cards = GoogleWalletProvider.OBJECT_MESSAGES_UP_TO + 1;
        for (int i = 0; i < cards; i++) {
            Card card = card(campaign, Map.of());
            holder.page(card.link());
            save(classId, card);
        }
        for (int i = 0; i < 10; i++) {
            GOOGLE.addMessageDirectly("eventTicketClass", classId, "TEXT");
        }
        String oldest = GOOGLE.resource("eventTicketClass", classId)
                .path("messages")
                .get(0)
                .path("id")
                .asString();

        JsonNode sent = awaitSent(campaign, notify(campaign, "Doors open"));
        assertThat(sent.get("deliveredCards").asInt()).isEqualTo(cards);
        JsonNode messages = GOOGLE.resource("eventTicketClass", classId).path("messages");
        assertThat(messages).hasSize(10);
        assertThat(messages.valueStream().map(m -> m.path("id").asString())).doesNotContain(oldest);
        assertThat(lastMessage(classId).path("header").asString()).isEqualTo("Doors open");
    }

    @Test
    void aNotificationToASingleSavedCardIsAMessageOnItsObjectUnderTheSameQuotaAndCap() {
        String campaign = campaign("event");
        String classId = FakeGoogleWallet.ISSUER_ID + "." + campaign;
        Card card = card(campaign, Map.of());
        holder.page(card.link());
        save(classId, card);
        GOOGLE.reset();

        JsonNode first = awaitSent(campaign, notify(campaign, "Doors open"));
        assertThat(first.get("deliveredCards").asInt()).isEqualTo(1);
        assertThat(GOOGLE.calls("POST", "addMessage"))
                .singleElement()
                .satisfies(r -> assertThat(r.path()).contains("eventTicketObject/" + card.objectId()));
        assertThat(GOOGLE.resource("eventTicketClass", classId).path("messages"))
                .as("the class, which passes saved later would show")
                .isEmpty();
        JsonNode message = lastObjectMessage(card);
        assertThat(message.path("header").asString()).isEqualTo("Doors open");
        assertThat(message.path("messageType").asString()).isEqualTo("TEXT_AND_NOTIFY");

        // The issuer's own tools use up the pass's quota of three notifying messages a day.
        GOOGLE.addMessageDirectly("eventTicketObject", card.objectId(), "TEXT_AND_NOTIFY");
        GOOGLE.addMessageDirectly("eventTicketObject", card.objectId(), "TEXT_AND_NOTIFY");
        JsonNode second = awaitSent(campaign, notify(campaign, "Gate change"));
        assertThat(second.get("deliveredCards").asInt()).isZero();
        assertThat(provider(second).get("failedCards").asInt()).isEqualTo(1);
        assertThat(lastObjectMessage(card).path("header").asString()).isEqualTo("Gate change");
        assertThat(lastObjectMessage(card).path("messageType").asString()).isEqualTo("TEXT");

        // A day later the quota is back; the object is full, so its oldest message makes room.
        while (GOOGLE.resource("eventTicketObject", card.objectId())
                        .path("messages")
                        .size()
                < GoogleWalletProvider.MAX_MESSAGES) {
            GOOGLE.addMessageDirectly("eventTicketObject", card.objectId(), "TEXT");
        }
        GOOGLE.advanceClock(Duration.ofHours(25));
        JsonNode third = awaitSent(campaign, notify(campaign, "Last call"));
        assertThat(third.get("deliveredCards").asInt()).isEqualTo(1);
        JsonNode messages =
                GOOGLE.resource("eventTicketObject", card.objectId()).path("messages");
        assertThat(messages).hasSize(GoogleWalletProvider.MAX_MESSAGES);
        assertThat(messages.valueStream().map(m -> m.path("header").asString())).doesNotContain("Doors open");
        assertThat(lastObjectMessage(card).path("messageType").asString()).isEqualTo("TEXT_AND_NOTIFY");
        assertThat(GOOGLE.resource("eventTicketClass", classId).path("messages"))
                .isEmpty();
    }

    private static JsonNode lastObjectMessage(Card card) {
        JsonNode messages =
                GOOGLE.resource("eventTicketObject", card.objectId()).path("messages");
        return messages.get(messages.size() - 1);
    }

    // ---- helpers

    record Card(String recipientId, String id, String objectId, String barcode, String link) {}

    private String campaign(String type) {
        Api.Response r = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Summer Summit",
                        "campaignType",
                        type,
                        "providerTypes",
                        List.of("beta"),
                        "startDate",
                        "2031-07-01",
                        "timezone",
                        "Europe/Berlin",
                        "campaignData",
                        Map.of(
                                "location", "Hall A",
                                "start_time", "18:00",
                                "end_time", "23:00",
                                "design", Map.of("backgroundColor", "#0a1b2c"))));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private Card card(String campaign, Map<String, Object> data) {
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients",
                Map.of("email", UUID.randomUUID() + "@example.com", "name", "Ada Lovelace", "recipientData", data));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        String recipient = added.data().get("id").asString();
        Api.Response invited = api.post(
                "/v1/campaigns/" + campaign + "/recipients/" + recipient + "/invite", Map.of("sendEmail", false));
        assertThat(invited.status()).as(invited.body()).isEqualTo(200);
        String url = invited.data().get("downloadUrl").asString();
        String cardId = api.get("/v1/campaigns/" + campaign + "/recipients/" + recipient)
                .data()
                .get("walletCardId")
                .asString();
        String objectId = jdbc.sql(
                        "SELECT object_ref FROM provider_objects WHERE wallet_card_id = ? AND provider = 'beta'")
                .param(cardId)
                .query(String.class)
                .single();
        String barcode = jdbc.sql("SELECT barcode_value FROM wallet_cards WHERE id = ?")
                .param(cardId)
                .query(String.class)
                .single();
        return new Card(recipient, cardId, objectId, barcode, URI.create(url).getPath() + "/beta");
    }

    private Api.Response callback(String body) {
        return holder.raw("POST", "/wallet/beta/callbacks", body, "application/json");
    }

    private void save(String classId, Card card) {
        Api.Response r = callback(SENDER.callback(
                classId,
                card.objectId(),
                "save",
                UUID.randomUUID().toString(),
                Instant.now().plusSeconds(60)));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    private String status(String campaign, Card card) {
        return api.get("/v1/campaigns/" + campaign + "/recipients/" + card.recipientId())
                .data()
                .get("walletCardStatus")
                .asString();
    }

    private String notify(String campaign, String header) {
        Api.Response r = api.post(
                "/v1/campaigns/" + campaign + "/notifications", Map.of("header", header, "body", "See the app"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private JsonNode awaitSent(String campaign, String notification) {
        return await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> api.get("/v1/campaigns/" + campaign + "/notifications/" + notification)
                                .data(),
                        n -> List.of("sent", "failed").contains(n.get("status").asString()));
    }

    private static JsonNode provider(JsonNode notification) {
        return notification
                .get("providers")
                .valueStream()
                .filter(p -> p.get("provider").asString().equals("beta"))
                .findFirst()
                .orElseThrow();
    }

    private static JsonNode lastMessage(String classId) {
        JsonNode messages = GOOGLE.resource("eventTicketClass", classId).path("messages");
        return messages.get(messages.size() - 1);
    }

    /** No live-update run of the campaign is left: everything it had to send was sent. */
    private void awaitQuiet(String campaign) {
        await().atMost(Duration.ofSeconds(30))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?")
                                .param(campaign)
                                .query(Long.class)
                                .single()
                        == 0);
    }

    private static org.assertj.core.data.TemporalUnitOffset within(long seconds) {
        return org.assertj.core.api.Assertions.within(seconds, java.time.temporal.ChronoUnit.SECONDS);
    }
}
