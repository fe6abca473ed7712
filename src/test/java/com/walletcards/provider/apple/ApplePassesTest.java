package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.walletcards.support.Api;
import com.walletcards.support.Pngs;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code alpha} in {@code apple} mode without Apple credentials: the holder's "add to wallet"
 * downloads a complete pass signed through the production code path with the generated
 * development chain, which a device (or openssl) can verify.
 */
class ApplePassesTest extends AppleModeTest {

    @Test
    void theHolderDownloadsASignedPassWithTheCardsContentDesignImagesAndUpdateHooks() throws Exception {
        String campaign = flows.campaign(Map.of(
                "name", "Summer Summit",
                "startDate", "2031-07-01",
                "timezone", "Europe/Berlin",
                "campaignData",
                        Map.of(
                                "barcodeType", "qr",
                                "location", "Hall A",
                                "start_time", "18:00",
                                "end_time", "23:00",
                                "design",
                                        Map.of(
                                                "backgroundColor", "#0A1B2C",
                                                "foregroundColor", "#FFFFFF",
                                                "labelColor", "#AABBCC",
                                                "logoText", "Acme Events"))));
        assertThat(api.bytes(
                                "PUT",
                                "/v1/campaigns/" + campaign + "/images/logo",
                                Pngs.filled(640, 200, Color.ORANGE),
                                "image/png")
                        .status())
                .isEqualTo(200);
        assertThat(api.bytes(
                                "PUT",
                                "/v1/campaigns/" + campaign + "/images/icon",
                                Pngs.filled(300, 300, Color.BLUE),
                                "image/png")
                        .status())
                .isEqualTo(200);
        String recipient = flows.recipient(
                        campaign, Map.of("name", "Grace Hopper", "recipientData", Map.of("seat", "12B")))
                .get("id")
                .asString();
        flows.waitForCard(campaign, recipient, "created");

        Api.BinaryResponse download = api.download(addToWallet(campaign, recipient));

        assertThat(download.status()).isEqualTo(200);
        assertThat(download.contentType()).isEqualTo("application/vnd.apple.pkpass");
        PassFile pass = PassFile.unzip(download.body());
        assertThat(pass.files())
                .containsKeys(
                        "pass.json", "manifest.json", "signature", "icon.png", "icon@2x.png", "logo.png", "logo@2x.png")
                .doesNotContainKey("strip.png");
        pass.assertManifestMatches();
        X509Certificate leaf = pass.assertSignedBy(certificate("wwdr.pem"));
        certificate("wwdr.pem").verify(certificate("root.pem").getPublicKey());

        JsonNode json = pass.passJson();
        assertThat(json.get("formatVersion").asInt()).isEqualTo(1);
        assertThat(json.get("passTypeIdentifier").asString()).isEqualTo(PassCredentials.attribute(leaf, "UID"));
        assertThat(json.get("teamIdentifier").asString()).isEqualTo(PassCredentials.attribute(leaf, "OU"));
        assertThat(json.get("serialNumber").asString()).startsWith("pass_");
        assertThat(json.get("authenticationToken").asString()).hasSizeGreaterThanOrEqualTo(32);
        assertThat(json.get("webServiceURL").asString()).isEqualTo("http://localhost:" + PORT + "/wallet/alpha");
        assertThat(json.get("backgroundColor").asString()).isEqualTo("rgb(10, 27, 44)");
        assertThat(json.get("foregroundColor").asString()).isEqualTo("rgb(255, 255, 255)");
        assertThat(json.get("labelColor").asString()).isEqualTo("rgb(170, 187, 204)");
        assertThat(json.get("logoText").asString()).isEqualTo("Acme Events");
        assertThat(json.has("voided")).isFalse();
        JsonNode barcode = json.get("barcodes").get(0);
        assertThat(barcode.get("format").asString()).isEqualTo("PKBarcodeFormatQR");
        assertThat(barcode.get("messageEncoding").asString()).isEqualTo("iso-8859-1");
        assertThat(barcode.get("message").asString()).isNotBlank();
        assertThat(json.get("relevantDates").get(0).get("startDate").asString()).isEqualTo("2031-07-01T18:00:00+02:00");
        assertThat(json.get("relevantDates").get(0).get("endDate").asString()).isEqualTo("2031-07-01T23:00:00+02:00");
        assertThat(json.get("expirationDate").asString()).isEqualTo("2031-07-02T23:00:00+02:00");
        JsonNode ticket = json.get("eventTicket");
        assertThat(ticket.get("primaryFields").get(0).get("value").asString()).isEqualTo("Summer Summit");
        assertThat(values(ticket.get("secondaryFields"))).containsExactly("12B");
        assertThat(values(ticket.get("auxiliaryFields"))).contains("Grace Hopper", "Hall A");
        JsonNode message = ticket.get("backFields").get(0);
        assertThat(message.get("key").asString()).isEqualTo(PassJson.MESSAGE_FIELD);
        assertThat(message.get("changeMessage").asString()).isEqualTo("%@");
    }

    @ParameterizedTest
    @CsvSource({"coupon, coupon, qr", "loyalty, storeCard, code128", "access, generic, pdf417", "generic, generic, none"
    })
    void eachCampaignTypeGetsItsPassStyleAndBarcode(String type, String style, String barcodeType) throws Exception {
        String campaign =
                flows.campaign(Map.of("campaignType", type, "campaignData", Map.of("barcodeType", barcodeType)));
        String recipient = flows.recipient(campaign);
        flows.waitForCard(campaign, recipient, "created");

        PassFile pass =
                PassFile.unzip(api.download(addToWallet(campaign, recipient)).body());

        pass.assertManifestMatches();
        pass.assertSignedBy(certificate("wwdr.pem"));
        JsonNode json = pass.passJson();
        assertThat(json.has(style)).isTrue();
        assertThat(List.of("eventTicket", "coupon", "storeCard", "generic", "boardingPass").stream()
                        .filter(json::has))
                .containsExactly(style);
        assertThat(pass.files()).containsKeys("icon.png", "icon@2x.png");
        if (barcodeType.equals("none")) {
            assertThat(json.has("barcodes")).isFalse();
        } else {
            assertThat(json.get("barcodes").get(0).get("format").asString()).startsWith("PKBarcodeFormat");
        }
    }

    @Test
    void opensslVerifiesTheSignatureAgainstTheDevelopmentChain() throws Exception {
        if ("true".equals(System.getenv("CI"))) {
            assertThat(openssl()).as("openssl on PATH (required in CI)").isTrue();
        } else {
            assumeThat(openssl()).as("openssl on PATH").isTrue();
        }
        String campaign = flows.campaign();
        String recipient = flows.recipient(campaign);
        flows.waitForCard(campaign, recipient, "created");
        PassFile pass =
                PassFile.unzip(api.download(addToWallet(campaign, recipient)).body());
        Path dir = Files.createTempDirectory("pass");
        Files.write(dir.resolve("manifest.json"), pass.files().get("manifest.json"));
        Files.write(dir.resolve("signature"), pass.files().get("signature"));
        Path certificates = Path.of(DATA_DIR, PassCredentials.DEV_DIRECTORY);

        Process verify = new ProcessBuilder(
                        "openssl",
                        "cms",
                        "-verify",
                        "-binary",
                        "-inform",
                        "DER",
                        "-in",
                        dir.resolve("signature").toString(),
                        "-content",
                        dir.resolve("manifest.json").toString(),
                        "-certfile",
                        certificates.resolve("wwdr.pem").toString(),
                        "-CAfile",
                        certificates.resolve("root.pem").toString(),
                        "-purpose",
                        "any",
                        "-out",
                        dir.resolve("verified").toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(verify.getInputStream().readAllBytes());
        assertThat(verify.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(verify.exitValue()).as(output).isZero();
        assertThat(output).contains("Verification successful");
    }

    @Test
    void theCardPageTellsHoldersThatDevelopmentPassesDoNotInstall() {
        String campaign = flows.campaign();
        String recipient = flows.recipient(campaign);
        flows.waitForCard(campaign, recipient, "created");
        String action = addToWallet(campaign, recipient);
        String page = action.substring(0, action.length() - "/alpha".length());

        Api.Response html = api.withKey(null).page(page);

        assertThat(html.status()).isEqualTo(200);
        assertThat(html.body())
                .contains("data-note=\"alpha\">This service signs Apple Wallet passes with a test certificate")
                // beta, local here, has its own note: the development pass's is alpha's alone.
                .contains("data-note=\"beta\">Demonstration mode:");
        assertThat(html.body().split("an iPhone will not add it", -1)).hasSize(2);
    }

    @Test
    void theDevelopmentChainIsKeptInTheDataDirectoryForItsOwnerOnly() throws Exception {
        Path chain = Path.of(DATA_DIR, PassCredentials.DEV_DIRECTORY, "chain.pem");
        assertThat(chain).exists();
        assertThat(Files.getPosixFilePermissions(chain))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(Files.getPosixFilePermissions(Path.of(DATA_DIR, AuthTokens.KEY_FILE)))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    }

    private static List<String> values(JsonNode fields) {
        return fields.valueStream().map(f -> f.get("value").asString()).toList();
    }

    private static boolean openssl() {
        try {
            return new ProcessBuilder("openssl", "version").start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
