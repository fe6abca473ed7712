package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Api;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A device drives the pass web service as an iPhone does: register, list, fetch, 304, a campaign
 * change, the list naming the pass, the new content, unregister; and every bad request gets its
 * documented status without changing anything.
 */
class AppleWebServiceTest extends AppleModeTest {

    record Issued(
            String campaign, String recipient, String serial, String token, String passTypeId, String webServiceUrl) {}

    @Autowired
    AppleWallet wallet;

    @Test
    void aDeviceRegistersFetchesFollowsACampaignChangeAndUnregisters() {
        Issued pass = issue();
        Device device = device(pass);

        assertThat(device.register(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(201);
        assertThat(device.register(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(200);
        flows.waitForCard(pass.campaign(), pass.recipient(), "active");

        Device.Answer list = device.updated(pass.passTypeId(), null);
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().get("serialNumbers").valueStream().map(JsonNode::asString))
                .containsExactly(pass.serial());
        JsonNode lastUpdated = list.json().get("lastUpdated");
        assertThat(lastUpdated.isString()).as("lastUpdated is a string").isTrue();
        assertThat(device.updated(pass.passTypeId(), lastUpdated.asString()).status())
                .isEqualTo(204);

        Device.Answer fetched = device.pass(pass.passTypeId(), pass.serial(), pass.token(), null);
        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.header("Content-Type")).isEqualTo("application/vnd.apple.pkpass");
        String lastModified = fetched.header("Last-Modified");
        assertThat(lastModified).isNotNull();
        PassFile first = PassFile.unzip(fetched.body());
        assertThat(first.passJson().get("authenticationToken").asString()).isEqualTo(pass.token());
        assertThat(device.pass(pass.passTypeId(), pass.serial(), pass.token(), lastModified)
                        .status())
                .isEqualTo(304);
        Device.Answer head = device.head(pass.passTypeId(), pass.serial(), pass.token());
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.header("Last-Modified")).isEqualTo(lastModified);
        assertThat(head.body()).isEmpty();

        Api.Response patched = api.patch("/v1/campaigns/" + pass.campaign(), Map.of("name", "Winter Summit"));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Device.Answer changed = device.updated(pass.passTypeId(), lastUpdated.asString());
            assertThat(changed.status()).isEqualTo(200);
            assertThat(changed.json().get("serialNumbers").valueStream().map(JsonNode::asString))
                    .containsExactly(pass.serial());
            assertThat(Long.parseLong(changed.json().get("lastUpdated").asString()))
                    .isGreaterThan(Long.parseLong(lastUpdated.asString()));
        });
        Device.Answer newer = device.pass(pass.passTypeId(), pass.serial(), pass.token(), lastModified);
        assertThat(newer.status()).isEqualTo(200);
        assertThat(newer.header("Last-Modified")).isNotEqualTo(lastModified);
        PassFile updated = PassFile.unzip(newer.body());
        assertThat(updated.passJson()
                        .get("eventTicket")
                        .get("primaryFields")
                        .get(0)
                        .get("value")
                        .asString())
                .isEqualTo("Winter Summit");
        assertThat(updated.passJson().get("serialNumber").asString()).isEqualTo(pass.serial());

        assertThat(device.unregister(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(200);
        flows.waitForCard(pass.campaign(), pass.recipient(), "removed");
        assertThat(device.updated(pass.passTypeId(), null).status()).isEqualTo(204);
    }

    @Test
    void theCardStaysActiveUntilItsLastDeviceUnregisters() {
        Issued pass = issue();
        Device phone = device(pass);
        Device watch = device(pass);
        assertThat(phone.register(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(201);
        assertThat(watch.register(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(201);
        flows.waitForCard(pass.campaign(), pass.recipient(), "active");
        figures(pass, "{\"handedOver\":1,\"installed\":1,\"removed\":0,\"devices\":2}");

        assertThat(phone.unregister(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(200);
        assertThat(status(pass)).isEqualTo("active");
        figures(pass, "{\"handedOver\":1,\"installed\":1,\"removed\":0,\"devices\":1}");

        assertThat(watch.unregister(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(200);
        flows.waitForCard(pass.campaign(), pass.recipient(), "removed");
        figures(pass, "{\"handedOver\":1,\"installed\":0,\"removed\":1,\"devices\":0}");
    }

    /**
     * Waits for the campaign's figures for Apple Wallet: device registrations and the wallet's
     * reports are folded into them a moment after they are answered (docs/statistics.md).
     */
    private void figures(Issued pass, String expected) {
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(alpha(pass)).isEqualTo(expected));
    }

    /** The campaign's figures for Apple Wallet: the pass handed over once, its devices counted each. */
    private String alpha(Issued pass) {
        return api.get("/v1/campaigns/" + pass.campaign() + "/stats")
                .data()
                .get("byProvider")
                .get("alpha")
                .toString();
    }

    @Test
    void aWrongOrMissingTokenIs401AndChangesNothing() {
        Issued pass = issue();
        Device device = device(pass);

        Device.Answer missing = device.register(pass.passTypeId(), pass.serial(), null);
        assertThat(missing.status()).isEqualTo(401);
        assertThat(missing.json().get("success").asBoolean()).isFalse();
        assertThat(missing.json().get("error").get("code").asString()).isEqualTo("UNAUTHORIZED");
        assertThat(device.register(pass.passTypeId(), pass.serial(), pass.token() + "x")
                        .status())
                .isEqualTo(401);
        assertThat(device.pass(pass.passTypeId(), pass.serial(), "wrong-token-0123456789012345678901234", null)
                        .status())
                .isEqualTo(401);
        assertThat(device.unregister(pass.passTypeId(), pass.serial(), null).status())
                .isEqualTo(401);

        assertThat(device.updated(pass.passTypeId(), null).status()).isEqualTo(204);
        assertThat(status(pass)).isEqualTo("invited");
    }

    @Test
    void unknownPassTypesAndSerialsAre404AndMalformedInputIs400() {
        Issued pass = issue();
        Device device = device(pass);

        assertThat(device.register("pass.com.example.other", pass.serial(), pass.token())
                        .status())
                .isEqualTo(404);
        assertThat(device.register(pass.passTypeId(), "pass_unknown", pass.token())
                        .status())
                .isEqualTo(404);
        assertThat(device.pass(pass.passTypeId(), "pass_unknown", pass.token(), null)
                        .status())
                .isEqualTo(404);
        assertThat(device.updated("pass.com.example.other", null).status()).isEqualTo(404);

        Device.Answer badToken =
                device.register(pass.passTypeId(), pass.serial(), pass.token(), "{\"pushToken\":\"<script>\"}");
        assertThat(badToken.status()).isEqualTo(400);
        assertThat(badToken.json().get("error").get("code").asString()).isEqualTo("VALIDATION_FAILED");
        assertThat(device.register(pass.passTypeId(), pass.serial(), pass.token(), "{not json")
                        .status())
                .isEqualTo(400);
        assertThat(device.register(pass.passTypeId(), pass.serial(), pass.token(), "[]")
                        .status())
                .isEqualTo(400);
        Device odd = new Device(pass.webServiceUrl(), "bad%20device", "ab".repeat(32));
        assertThat(odd.register(pass.passTypeId(), pass.serial(), pass.token()).status())
                .isEqualTo(400);

        assertThat(status(pass)).isEqualTo("invited");
    }

    @Test
    void theLogCallTakesBoundedBodiesOnly() {
        Issued pass = issue();
        Device device = device(pass);

        // The log's rate limit is shared by all devices; another test may just have spent it.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> device.log("{\"logs\":[\"Web service error for pass.x: 401\"]}")
                                .status()
                        == 200);
        Device.Answer huge = device.log("{\"logs\":[\"" + "x".repeat(AppleWebService.MAX_LOG_BODY) + "\"]}");
        assertThat(huge.status()).isEqualTo(413);
        assertThat(huge.text()).doesNotContain("xxxxxxxx");
        assertThat(huge.json().get("error").get("code").asString()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(device.log("{\"logs\": 5}").status()).isEqualTo(400);
    }

    @Test
    void theLogCallIsRateLimitedAndAcceptsLogsAgainLater() {
        Issued pass = issue();
        Device device = device(pass);
        String body = "{\"logs\":[\"Web service error for pass.x: 500\"]}";

        List<Device.Answer> answers = new ArrayList<>();
        for (int i = 0; i < 200 && answers.stream().noneMatch(a -> a.status() == 429); i++) {
            answers.add(device.log(body));
        }

        assertThat(answers).extracting(Device.Answer::status).contains(429).containsOnly(200, 429);
        Device.Answer limited = answers.get(answers.size() - 1);
        assertThat(limited.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(limited.text()).doesNotContain("Web service error");
        // An oversized body is still refused as such, limit or not.
        assertThat(device.log("{\"logs\":[\"" + "x".repeat(AppleWebService.MAX_LOG_BODY) + "\"]}")
                        .status())
                .isEqualTo(413);
        await().atMost(Duration.ofSeconds(30)).until(() -> device.log(body).status() == 200);
    }

    @Test
    void aDeviceRegisteringThousandsOfPassesIsRateLimitedWhileAnotherDeviceStillRegisters() {
        Issued pass = issue();
        AppleWallet.Running running = wallet.running().orElseThrow();
        List<String> serials = IntStream.range(0, 2_000)
                .mapToObj(i -> "pass_many_" + UUID.randomUUID().toString().replace("-", ""))
                .toList();
        running.store()
                .ensure(serials.stream()
                        .map(serial -> new PassStore.Pass(
                                serial,
                                "card_many",
                                AuthTokens.hash(running.tokens().token(serial)),
                                1,
                                false,
                                null,
                                null,
                                0))
                        .toList());
        Device greedy = device(pass);

        List<Integer> statuses = new ArrayList<>();
        for (String serial : serials.subList(0, 300)) {
            statuses.add(
                    greedy.register(pass.passTypeId(), serial, running.tokens().token(serial))
                            .status());
        }

        assertThat(statuses.subList(0, 100)).containsOnly(201);
        assertThat(statuses).containsOnly(201, 429);
        assertThat(statuses.stream().filter(s -> s == 429).count()).isGreaterThan(50);
        Device.Answer refused = greedy.register(
                pass.passTypeId(), serials.get(1_999), running.tokens().token(serials.get(1_999)));
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(device(pass)
                        .register(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(201);

        // Beyond 1,000 passes a device is refused even when it registers slowly.
        Device hoarder = device(pass);
        for (String serial : serials.subList(300, 300 + AppleWebService.MAX_PASSES_PER_DEVICE)) {
            running.store().register(hoarder.libraryId, serial, hoarder.pushToken);
        }
        assertThat(hoarder.register(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(429);
        assertThat(device(pass)
                        .register(
                                pass.passTypeId(),
                                serials.get(1_999),
                                running.tokens().token(serials.get(1_999)))
                        .status())
                .isEqualTo(201);
        assertThat(running.store().registrationCountOfDevice(hoarder.libraryId))
                .isEqualTo(AppleWebService.MAX_PASSES_PER_DEVICE);
    }

    @Test
    void aRevokedCardsPassIsStillServedAsVoid() {
        Issued pass = issue();
        Device device = device(pass);
        assertThat(device.register(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(201);
        flows.waitForCard(pass.campaign(), pass.recipient(), "active");

        Api.Response revoked =
                api.post("/v1/campaigns/" + pass.campaign() + "/recipients/" + pass.recipient() + "/revoke", null);
        assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Device.Answer served = device.pass(pass.passTypeId(), pass.serial(), pass.token(), null);
            assertThat(served.status()).isEqualTo(200);
            assertThat(PassFile.unzip(served.body()).passJson().get("voided").asBoolean())
                    .isTrue();
            assertThat(device.updated(pass.passTypeId(), null).status()).isEqualTo(200);
        });
    }

    private Issued issue() {
        String campaign = flows.campaign(Map.of("name", "Summer Summit", "startDate", "2031-07-01"));
        String recipient = flows.recipient(campaign);
        flows.waitForCard(campaign, recipient, "created");
        PassFile file =
                PassFile.unzip(api.download(addToWallet(campaign, recipient)).body());
        JsonNode json = file.passJson();
        return new Issued(
                campaign,
                recipient,
                json.get("serialNumber").asString(),
                json.get("authenticationToken").asString(),
                json.get("passTypeIdentifier").asString(),
                json.get("webServiceURL").asString());
    }

    /** A device whose push token APNs knows, so pushes to it are accepted. */
    private static Device device(Issued pass) {
        String id = UUID.randomUUID().toString().replace("-", "");
        Device device = new Device(pass.webServiceUrl(), id, (id + id).substring(0, 64));
        APNS.knows(pass.passTypeId(), device.pushToken);
        return device;
    }

    private String status(Issued pass) {
        return api.get("/v1/campaigns/" + pass.campaign() + "/recipients/" + pass.recipient())
                .data()
                .get("walletCardStatus")
                .asString();
    }
}
