package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Pngs;
import com.walletcards.support.Tenants;
import java.awt.Color;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

@DatabaseTest
class CampaignImagesApiTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcTemplate jdbc;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    private static String images(String campaign) {
        return "/v1/campaigns/" + campaign + "/images/";
    }

    private static String list(String campaign) {
        return "/v1/campaigns/" + campaign + "/images";
    }

    private static byte[] png(int width, int height, Color colour) {
        return Pngs.filled(width, height, colour);
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void anUploadedLogoIsDescribedListedAndServedPubliclyForEver() throws Exception {
        String c = flows.campaign();
        byte[] logo = png(160, 50, Color.ORANGE);

        Api.Response put = api.bytes("PUT", images(c) + "logo", logo, "image/png");

        assertThat(put.status()).as(put.body()).isEqualTo(200);
        JsonNode d = put.data();
        assertThat(d.get("kind").asString()).isEqualTo("logo");
        assertThat(d.get("width").asInt()).isEqualTo(160);
        assertThat(d.get("height").asInt()).isEqualTo(50);
        assertThat(d.get("sha256").asString()).isEqualTo(sha256(logo));
        String url = d.get("url").asString();
        assertThat(url).endsWith("/images/" + sha256(logo) + ".png");
        Api.BinaryResponse served = api.withKey(null).download(url.substring(url.indexOf("/images/")));
        assertThat(served.status()).isEqualTo(200);
        assertThat(served.contentType()).isEqualTo("image/png");
        assertThat(served.cacheControl()).contains("immutable").contains("public");
        assertThat(served.body()).isEqualTo(logo);
        assertThat(api.get(list(c)).data().get("images"))
                .singleElement()
                .satisfies(i -> assertThat(i.get("kind").asString()).isEqualTo("logo"));
    }

    @Test
    void deletingAnImageRemovesItFromTheListAndTheWeb() {
        String c = flows.campaign();
        byte[] icon = png(58, 58, Color.BLUE);
        String url = api.bytes("PUT", images(c) + "icon", icon, "image/png")
                .data()
                .get("url")
                .asString();

        assertThat(api.delete(images(c) + "icon").status()).isEqualTo(200);

        assertThat(api.get(list(c)).data().get("images")).isEmpty();
        assertThat(api.withKey(null)
                        .download(url.substring(url.indexOf("/images/")))
                        .status())
                .isEqualTo(404);
        assertThat(api.delete(images(c) + "icon").errorCode()).isEqualTo("NOT_FOUND");
    }

    @Test
    void badUploadsAreRefusedWithTheRightError() {
        String c = flows.campaign();
        Api.Response notPng = api.bytes("PUT", images(c) + "logo", "not a png".getBytes(), "image/png");
        assertThat(notPng.status()).isEqualTo(400);
        assertThat(notPng.errorCode()).isEqualTo("VALIDATION_FAILED");
        byte[] truncated = Arrays.copyOf(png(40, 40, Color.RED), 40);
        assertThat(api.bytes("PUT", images(c) + "logo", truncated, "image/png").errorCode())
                .isEqualTo("VALIDATION_FAILED");
        assertThat(api.bytes("PUT", images(c) + "logo", png(10, 10, Color.RED), "image/jpeg")
                        .errorCode())
                .isEqualTo("UNSUPPORTED_MEDIA_TYPE");
        Api.Response tooWide = api.bytes("PUT", images(c) + "hero", png(2049, 10, Color.RED), "image/png");
        assertThat(tooWide.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(tooWide.body()).contains("2048");
        byte[] overOneMegabyte = new byte[1024 * 1024 + 1];
        System.arraycopy(png(1, 1, Color.RED), 0, overOneMegabyte, 0, 8);
        Api.Response large = api.bytes("PUT", images(c) + "hero", overOneMegabyte, "image/png");
        assertThat(large.status()).isEqualTo(413);
        assertThat(large.errorCode()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(api.bytes("PUT", images(c) + "background", png(10, 10, Color.RED), "image/png")
                        .errorCode())
                .isEqualTo("VALIDATION_FAILED");
        assertThat(api.get(list(c)).data().get("images")).isEmpty();
    }

    @Test
    void anotherOrganizationsCampaignIsNotFound() {
        String c = flows.campaign();
        Api other = new Api(port, Tenants.create(access).key());
        assertThat(other.bytes("PUT", images(c) + "logo", png(10, 10, Color.RED), "image/png")
                        .status())
                .isEqualTo(404);
        assertThat(other.get(list(c)).errorCode()).isEqualTo("NOT_FOUND");
        assertThat(other.delete(images(c) + "logo").errorCode()).isEqualTo("NOT_FOUND");
    }

    @Test
    void readingImagesNeedsOnlyTheReadScopeAndWritingTheWriteScope() {
        Tenants.Tenant tenant = Tenants.create(access, Set.of(Scope.CAMPAIGNS_READ));
        Api reader = new Api(port, tenant.key());
        Api writer = new Api(
                port, access.issueKey(tenant.organizationId(), "w", Scope.all()).secret());
        String c = new Flows(writer).campaign();
        assertThat(reader.get(list(c)).status()).isEqualTo(200);
        assertThat(reader.bytes("PUT", images(c) + "logo", png(10, 10, Color.RED), "image/png")
                        .errorCode())
                .isEqualTo("INSUFFICIENT_SCOPE");
        assertThat(reader.delete(images(c) + "logo").errorCode()).isEqualTo("INSUFFICIENT_SCOPE");
    }

    @Test
    void anImageChangeReachesInstalledCardsLikeACampaignEdit() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        flows.waitForCard(c, r, "created");
        String card = flows.cardOf(c, r);
        flows.callback("beta", "INSTALL", card);
        long before = objectVersion(card);
        long campaignVersion = campaignVersion(c);

        api.bytes("PUT", images(c) + "strip", png(375, 123, Color.GREEN), "image/png");

        assertThat(campaignVersion(c)).isEqualTo(campaignVersion + 1);
        await().atMost(Duration.ofSeconds(30)).until(() -> objectVersion(card) > before);
        api.delete(images(c) + "strip");
        await().atMost(Duration.ofSeconds(30)).until(() -> objectVersion(card) > before + 1);
    }

    @Test
    void theDesignIsValidatedOnCreateAndPatchAndKept() {
        Api.Response bad = api.post(
                "/v1/campaigns",
                Map.of(
                        "name",
                        "d",
                        "campaignType",
                        "event",
                        "campaignData",
                        Map.of("design", Map.of("backgroundColor", "not-a-colour"))));
        assertThat(bad.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(bad.json().get("error").get("details").get(0).get("field").asString())
                .isEqualTo("campaignData.design.backgroundColor");
        String c = flows.campaign(
                Map.of("campaignData", Map.of("design", Map.of("backgroundColor", "#0A1B2C", "logoText", "Acme"))));
        Api.Response patch = api.patch(
                "/v1/campaigns/" + c, Map.of("campaignData", Map.of("design", Map.of("logoText", "x".repeat(41)))));
        assertThat(patch.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(patch.body()).contains("campaignData.design.logoText");
        assertThat(api.get("/v1/campaigns/" + c)
                        .data()
                        .get("campaignData")
                        .get("design")
                        .get("backgroundColor")
                        .asString())
                .isEqualTo("#0A1B2C");
    }

    private long objectVersion(String card) {
        return jdbc.queryForObject(
                "SELECT content_version FROM provider_objects WHERE wallet_card_id = ? AND provider = 'beta'",
                Long.class,
                card);
    }

    private long campaignVersion(String campaign) {
        return jdbc.queryForObject("SELECT content_version FROM campaigns WHERE id = ?", Long.class, campaign);
    }
}
