package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.card.spi.ObjectContents.State;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.shared.ProviderName;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Pngs;
import com.walletcards.support.RecordingProviders;
import com.walletcards.support.RecordingProviders.Call;
import com.walletcards.support.RecordingProviders.Recorder;
import com.walletcards.support.Tenants;
import java.awt.Color;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The provider SPI end to end with the local providers: objects created and voided in background
 * work with retries and recorded failures, content as the providers receive it, the holder's
 * "add to wallet" action, and callers asking for capabilities.
 */
@DatabaseTest
@ContextConfiguration(initializers = OwnTestDatabase.class)
@Import(RecordingProviders.class)
@TestPropertySource(
        properties = {
            "wallet.propagation.debounce=PT0.2S",
            "wallet.propagation.retry-delay=PT0.2S",
            "wallet.propagation.max-attempts=4",
            "spring.datasource.hikari.maximum-pool-size=10"
        })
@DirtiesContext // a context of its own on a database of its own: free both when done
class ProviderCallsTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    HolderCards holderCards;

    @Autowired
    ProviderEventsIntake providerEvents;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Recorder recorder;

    @Autowired
    ObjectContents objectContents;

    Api api;
    String organizationName;
    ProviderObjectReads reads;

    @BeforeEach
    void tenant() {
        recorder.clear();
        Tenants.Tenant tenant = Tenants.create(access);
        api = new Api(port, tenant.key());
        reads = new ProviderObjectReads(jdbc);
        organizationName = access.organization(tenant.organizationId())
                .map(Organization::name)
                .orElseThrow();
    }

    @Test
    void providersCreateTheObjectsAfterTheCardWithItsBarcodeDesignAndOrganization() {
        String campaign = campaign(List.of("alpha", "beta"));
        String card = cardOf(campaign, recipient(campaign));
        awaitCreated(card);

        String barcode = jdbc.sql("SELECT barcode_value FROM wallet_cards WHERE id = ?")
                .param(card)
                .query(String.class)
                .single();
        Call created = recorder.calls("beta", "create", card).get(0);
        CardContent content = created.contents()
                .get(created.objects().stream()
                        .map(o -> o.walletCardId())
                        .toList()
                        .indexOf(card));
        assertThat(content.barcodeValue()).isEqualTo(barcode);
        assertThat(content.organizationName()).isEqualTo(organizationName);
        assertThat(content.design().backgroundColor()).isEqualTo("#0A1B2C");
        assertThat(content.design().logoText()).isEqualTo("Acme");
        assertThat(content.campaign().version() + content.holder().version()).isEqualTo(content.version());
        assertThat(reads.walletObjects(card)).containsOnlyKeys("alpha", "beta");
    }

    @Test
    void providersReceiveTheUrlsOfTheCampaignsOwnImagesButNoBuiltInOnes() {
        String campaign = campaign(List.of("beta"));
        Api.Response put = api.bytes(
                "PUT", "/v1/campaigns/" + campaign + "/images/logo", Pngs.filled(160, 50, Color.ORANGE), "image/png");
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        String card = cardOf(campaign, recipient(campaign));
        awaitCreated(card);

        Call created = recorder.calls("beta", "create", card).get(0);
        CardContent content = created.contents().get(0);
        assertThat(content.design().imageUrls())
                .containsOnlyKeys(CardDesign.ImageKind.logo)
                .containsEntry(CardDesign.ImageKind.logo, put.data().get("url").asString());
    }

    @Test
    void aCardsContentCarriesTheImagesOfItsCampaignsLatestVersionRightAfterEachChange() {
        String campaign = campaign(List.of("beta"));
        String card = cardOf(campaign, recipient(campaign));
        awaitCreated(card);
        String objectRef = jdbc.sql(
                        "SELECT object_ref FROM provider_objects WHERE wallet_card_id = ? AND provider = 'beta'")
                .param(card)
                .query(String.class)
                .single();
        assertThat(imageUrls(objectRef)).isEmpty();

        String orange = putLogo(campaign, Color.ORANGE);
        assertThat(imageUrls(objectRef)).containsExactly(Map.entry(CardDesign.ImageKind.logo, orange));
        assertThat(imageUrls(objectRef)).containsExactly(Map.entry(CardDesign.ImageKind.logo, orange));

        String blue = putLogo(campaign, Color.BLUE);
        assertThat(blue).isNotEqualTo(orange);
        assertThat(imageUrls(objectRef)).containsExactly(Map.entry(CardDesign.ImageKind.logo, blue));

        Api.Response deleted = api.delete("/v1/campaigns/" + campaign + "/images/logo");
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
        assertThat(imageUrls(objectRef)).isEmpty();
    }

    private String putLogo(String campaign, Color color) {
        Api.Response put = api.bytes(
                "PUT", "/v1/campaigns/" + campaign + "/images/logo", Pngs.filled(160, 50, color), "image/png");
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        return put.data().get("url").asString();
    }

    private Map<CardDesign.ImageKind, String> imageUrls(String objectRef) {
        return objectContents
                .find(ProviderName.beta, objectRef)
                .orElseThrow()
                .content()
                .design()
                .imageUrls();
    }

    @Test
    void aProviderThatIsDownIsRetriedWhileTheApiAnswersAtOnce() {
        String campaign = campaign(List.of("alpha", "beta"));
        recorder.failCalls("beta", ProviderFailure.retryLater("timeout"), ProviderFailure.retryLater("503"));
        String card = cardOf(campaign, recipient(campaign));
        awaitCreated(card);
        assertThat(recorder.calls("beta", "create", card)).hasSize(3);
        assertThat(reads.lastError(card, "beta")).isNull();
        assertThat(reads.walletObjects(card)).containsOnlyKeys("alpha", "beta");
    }

    @Test
    void aPermanentRefusalIsRecordedOnTheObjectAndNotRepeated() {
        String campaign = campaign(List.of("alpha", "beta"));
        recorder.failCalls("beta", ProviderFailure.permanent("class not approved"));
        String card = cardOf(campaign, recipient(campaign));
        await().atMost(Duration.ofSeconds(30)).until(() -> "class not approved".equals(reads.lastError(card, "beta")));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> reads.walletObjects(card).containsKey("alpha"));
        assertThat(reads.walletObjects(card)).doesNotContainKey("beta");
        assertThat(recorder.calls("beta", "create", card)).hasSize(1);
    }

    @Test
    void aRateLimitedProviderIsAskedAgainNoSoonerThanItSaid() {
        String campaign = campaign(List.of("alpha"));
        recorder.failCalls("alpha", ProviderFailure.rateLimited("quota", Duration.ofSeconds(2)));
        String card = cardOf(campaign, recipient(campaign));
        awaitCreated(card);
        List<Call> calls = recorder.calls("alpha", "create", card);
        assertThat(calls).hasSize(2);
        // The job's own backoff here is 0.2 s: only the provider's answer explains the pause.
        assertThat(Duration.between(calls.get(0).at(), calls.get(1).at()))
                .isGreaterThanOrEqualTo(Duration.ofMillis(1900));
    }

    @Test
    void aRevokedCardIsVoidedAtItsProvidersInTheBackgroundAndItsActionsAnswerTheVoidPage() {
        String campaign = campaign(List.of("alpha", "beta"));
        String recipient = recipient(campaign);
        String card = cardOf(campaign, recipient);
        awaitCreated(card);
        String link = api.post(recipients(campaign) + recipient + "/invite", Map.of("sendEmail", false))
                .data()
                .get("downloadUrl")
                .asString();
        String path = link.substring(link.indexOf("/c/"));
        Api.Response demo = api.withKey(null).page(path + "/beta");
        assertThat(demo.status()).isEqualTo(200);
        assertThat(demo.body()).contains("Google Wallet in demonstration mode", "Add to this demo wallet");
        assertThat(api.withKey(null).page(path + "/gamma").status()).isEqualTo(404);

        recorder.failCalls("alpha", ProviderFailure.retryLater("unreachable"));
        Api.Response revoked = api.post(recipients(campaign) + recipient + "/revoke", null);
        assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () -> assertThat(jdbc.sql("SELECT voided FROM local_wallet_objects WHERE wallet_card_id = ?")
                                        .param(card)
                                        .query(Boolean.class)
                                        .list())
                                .containsExactly(true, true));
        assertThat(recorder.calls("alpha", "void", card)).hasSize(2);
        Api.Response voidPage = api.withKey(null).page(path + "/alpha");
        assertThat(voidPage.status()).isEqualTo(410);
        assertThat(voidPage.body()).contains("VOID").doesNotContain("<svg", "<form");
    }

    @Test
    void aProviderWithClassLevelDataGetsOneCampaignUpdatePerChangeWhateverTheNumberOfCards() {
        recorder.campaignLevel("beta");
        String campaign = campaign(List.of("beta"));
        List<String> cardIds = List.of(
                cardOf(campaign, recipient(campaign)),
                cardOf(campaign, recipient(campaign)),
                cardOf(campaign, recipient(campaign)));
        cardIds.forEach(this::awaitCreated);
        cardIds.forEach(card -> install("beta", card));
        Map<String, Long> before =
                cardIds.stream().collect(Collectors.toMap(card -> card, card -> reads.walletVersion(card, "beta")));

        assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Renamed for the class"))
                        .status())
                .isEqualTo(200);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> !recorder.campaignUpdates("beta", campaign).isEmpty()
                        && cardIds.stream().allMatch(card -> reads.walletVersion(card, "beta") > before.get(card)));
        List<CampaignContent> updates = recorder.campaignUpdates("beta", campaign);
        assertThat(updates).hasSize(1);
        assertThat(updates.get(0).name()).isEqualTo("Renamed for the class");
        assertThat(updates.get(0).organizationName()).isEqualTo(organizationName);
    }

    @Test
    void pushesAndMessagesGoOnlyToProvidersWhoseProtocolCanTakeThem() {
        String campaign = campaign(List.of("beta", "eudiw"));
        String both = cardOf(campaign, recipient(campaign));
        String euOnly = cardOf(campaign, recipient(campaign));
        awaitCreated(both);
        awaitCreated(euOnly);
        install("beta", both);
        install("eudiw", both);
        install("eudiw", euOnly);
        assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Renamed"))
                        .status())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> reads.walletVersion(both, "beta") == 3);
        assertThat(reads.walletVersion(both, "eudiw")).isEqualTo(2);
        assertThat(reads.walletVersion(euOnly, "eudiw")).isEqualTo(2);
        assertThat(recorder.pushes()).noneMatch(p -> p.provider().equals("eudiw"));

        Api.Response sent = api.post(
                "/v1/campaigns/" + campaign + "/notifications", Map.of("header", "Doors open", "body", "Gate 3"));
        assertThat(sent.status()).as(sent.body()).isEqualTo(201);
        String id = sent.data().get("id").asString();
        JsonNode done = await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> api.get("/v1/campaigns/" + campaign + "/notifications/" + id)
                                .data(),
                        n -> n.get("status").asString().equals("sent"));
        assertThat(done.get("deliveredCards").asInt()).isEqualTo(1);
        assertThat(done.get("failedCards").asInt()).isEqualTo(1);
        assertThat(done.get("providers").toString())
                .isEqualTo("[{\"provider\":\"beta\",\"targetedCards\":1,\"deliveredCards\":1,\"failedCards\":0,"
                        + "\"unsupportedCards\":0},{\"provider\":\"eudiw\",\"targetedCards\":2,\"deliveredCards\":0,"
                        + "\"failedCards\":0,\"unsupportedCards\":2}]");
        assertThat(jdbc.sql("SELECT provider FROM local_wallet_messages WHERE notification_id = ?")
                        .param(id)
                        .query(String.class)
                        .list())
                .containsExactly("beta");
    }

    @Test
    void theHolderPageGetsEachProvidersWalletNameAndAction() {
        String campaign = campaign(List.of("eudiw", "alpha"));
        String card = cardOf(campaign, recipient(campaign));
        WalletCard walletCard = holderCards
                .byDownloadCode(jdbc.sql("SELECT download_code FROM wallet_cards WHERE id = ?")
                        .param(card)
                        .query(String.class)
                        .single())
                .orElseThrow();
        assertThat(holderCards.walletActions(walletCard))
                .extracting(WalletAction::walletName)
                .containsExactlyInAnyOrder("Apple Wallet", "EU Digital Identity Wallet");
        assertThat(holderCards.walletActions(walletCard))
                .allMatch(a -> a.url().endsWith("/c/" + walletCard.downloadCode() + "/" + a.provider()));
    }

    @Test
    void anAdapterReadsTheCardBehindItsObjectAsItIsNowUntilTheRecipientIsDeleted() {
        String campaign = campaign(List.of("alpha"));
        String recipient = recipient(campaign);
        String card = cardOf(campaign, recipient);
        awaitCreated(card);
        String ref = reads.walletObjects(card).get("alpha");
        assertThat(ref).isNotNull();
        assertThat(objectContents.find(ProviderName.alpha, "no-such-object")).isEmpty();
        assertThat(objectContents.find(ProviderName.beta, ref)).isEmpty();

        assertThat(api.patch("/v1/campaigns/" + campaign, Map.of("name", "Summit 2027"))
                        .status())
                .isEqualTo(200);
        ObjectContents.CurrentObject live =
                objectContents.find(ProviderName.alpha, ref).orElseThrow();
        assertThat(live.state()).isEqualTo(State.LIVE);
        assertThat(live.object().walletCardId()).isEqualTo(card);
        assertThat(live.content()).isNotNull();
        assertThat(live.content().campaignName()).isEqualTo("Summit 2027");
        assertThat(live.content().barcodeValue())
                .isEqualTo(jdbc.sql("SELECT barcode_value FROM wallet_cards WHERE id = ?")
                        .param(card)
                        .query(String.class)
                        .single());

        assertThat(api.post(recipients(campaign) + recipient + "/revoke", null).status())
                .isEqualTo(200);
        assertThat(objectContents.find(ProviderName.alpha, ref).orElseThrow().state())
                .isEqualTo(State.REVOKED);

        assertThat(api.delete(recipients(campaign) + recipient).status()).isIn(200, 204);
        assertThat(objectContents.find(ProviderName.alpha, ref).orElseThrow().state())
                .as("a revoked card stays void when its recipient is deleted")
                .isEqualTo(State.REVOKED);

        String other = recipient(campaign);
        String otherCard = cardOf(campaign, other);
        awaitCreated(otherCard);
        String otherRef = reads.walletObjects(otherCard).get("alpha");
        assertThat(api.delete(recipients(campaign) + other).status()).isIn(200, 204);
        ObjectContents.CurrentObject deleted =
                objectContents.find(ProviderName.alpha, otherRef).orElseThrow();
        assertThat(deleted.state()).isEqualTo(State.DELETED);
        assertThat(deleted.content()).as("the content it last had").isNotNull();
        assertThat(deleted.content().campaignName()).isEqualTo("Summit 2027");
    }

    // ---- helpers

    private String campaign(List<String> providers) {
        Api.Response r = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "Summit",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of(
                                "location",
                                "Hall A",
                                "design",
                                Map.of("backgroundColor", "#0a1b2c", "logoText", "Acme")),
                        "providerTypes",
                        providers));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private String recipient(String campaign) {
        Api.Response r = api.post(
                "/v1/campaigns/" + campaign + "/recipients", Map.of("email", UUID.randomUUID() + "@example.com"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.data().get("id").asString();
    }

    private String cardOf(String campaign, String recipient) {
        return await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> api.get(recipients(campaign) + recipient).data().get("walletCardId"),
                        id -> id != null && !id.isNull())
                .asString();
    }

    private void awaitCreated(String card) {
        await().atMost(Duration.ofSeconds(30))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM provider_objects WHERE wallet_card_id = ?"
                                        + " AND created_at_provider = FALSE")
                                .param(card)
                                .query(Long.class)
                                .single()
                        == 0);
    }

    private void install(String provider, String card) {
        assertThat(providerEvents.apply(provider, card, UUID.randomUUID().toString(), true, Instant.now()))
                .isTrue();
    }

    private static String recipients(String campaign) {
        return "/v1/campaigns/" + campaign + "/recipients/";
    }
}
