package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Api;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Changes reach registered devices as empty APNs pushes (pushy against its own
 * {@code MockApnsServer} over TLS with the pass certificate as client certificate), and the
 * device then fetches the new pass; a token APNs no longer knows loses its registration.
 */
class ApnsPushesTest extends AppleModeTest {

    record Issued(
            String campaign, String recipient, String serial, String token, String passTypeId, String webServiceUrl) {}

    @Test
    void aCampaignChangeIsPushedToEveryDeviceOfThePassWithItsTopicAndAnEmptyPayload() {
        Issued pass = issue();
        Device phone = registered(pass);
        Device watch = registered(pass);

        patch(pass, "Winter Summit");

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(APNS.accepted(phone.pushToken)).isNotEmpty();
            assertThat(APNS.accepted(watch.pushToken)).isNotEmpty();
        });
        MockApns.Push push = APNS.accepted(phone.pushToken).get(0);
        assertThat(push.topic()).isEqualTo(pass.passTypeId());
        assertThat(push.payload()).isEqualTo("{}");
        Device.Answer fetched = phone.pass(pass.passTypeId(), pass.serial(), pass.token(), null);
        assertThat(PassFile.unzip(fetched.body())
                        .passJson()
                        .get("eventTicket")
                        .get("primaryFields")
                        .get(0)
                        .get("value")
                        .asString())
                .isEqualTo("Winter Summit");
    }

    @Test
    void quickSuccessiveEditsArriveAsFewerPushesThanEdits() {
        Issued pass = issue();
        Device phone = registered(pass);

        for (int i = 1; i <= 5; i++) {
            patch(pass, "Summit edit " + i);
        }

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(
                                PassFile.unzip(phone.pass(pass.passTypeId(), pass.serial(), pass.token(), null)
                                                .body())
                                        .passJson()
                                        .get("eventTicket")
                                        .get("primaryFields")
                                        .get(0)
                                        .get("value")
                                        .asString())
                        .isEqualTo("Summit edit 5"));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> !APNS.accepted(phone.pushToken).isEmpty());
        // Edits after a push fold into one more push at the end of the pass's window (5 s); longer
        // than that, nothing more may come.
        await().during(Duration.ofSeconds(8))
                .atMost(Duration.ofSeconds(12))
                .untilAsserted(() -> assertThat(APNS.accepted(phone.pushToken)).hasSizeBetween(1, 2));
        assertThat(name(phone.pass(pass.passTypeId(), pass.serial(), pass.token(), null)))
                .isEqualTo("Summit edit 5");
    }

    @Test
    void aDeletedRecipientsPassIsServedAsLastIssuedAndGetsNoMorePushes() {
        String campaign = flows.campaign(Map.of("name", "Summer Summit", "startDate", "2031-07-01"));
        Issued deleted = issue(campaign);
        Issued kept = issue(campaign);
        Device gone = registered(deleted);
        Device stays = registered(kept);
        Api.Response removed = api.delete("/v1/campaigns/" + campaign + "/recipients/" + deleted.recipient());
        assertThat(removed.status()).as(removed.body()).isEqualTo(200);

        patch(kept, "Winter Summit");
        Api.Response sent = api.post(
                "/v1/campaigns/" + campaign + "/notifications", Map.of("header", "Doors open", "body", "Gate 3"));
        assertThat(sent.status()).as(sent.body()).isIn(200, 201, 202);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(name(stays.pass(kept.passTypeId(), kept.serial(), kept.token(), null)))
                    .isEqualTo("Winter Summit");
            assertThat(APNS.accepted(stays.pushToken)).hasSizeGreaterThanOrEqualTo(2);
        });
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(APNS.accepted(gone.pushToken)).isEmpty());
        Device.Answer served = gone.pass(deleted.passTypeId(), deleted.serial(), deleted.token(), null);
        assertThat(served.status()).isEqualTo(200);
        JsonNode json = PassFile.unzip(served.body()).passJson();
        assertThat(name(served)).isEqualTo("Summer Summit");
        assertThat(json.get("serialNumber").asString()).isEqualTo(deleted.serial());
        assertThat(json.path("voided").asBoolean(false)).isFalse();
        assertThat(json.get("eventTicket").get("backFields").valueStream().map(JsonNode::toString))
                .noneMatch(v -> v.contains("Doors open"));
    }

    @Test
    void aNotificationChangesTheLatestMessageFieldAndCountsCardsWhoseDevicesApnsAccepted() {
        Issued pass = issue();
        Device phone = registered(pass);

        Api.Response sent = api.post(
                "/v1/campaigns/" + pass.campaign() + "/notifications",
                Map.of("header", "Doors open", "body", "Gate 3 is open"));
        assertThat(sent.status()).as(sent.body()).isIn(200, 201, 202);
        String notification = sent.data().get("id").asString();

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode report = api.get("/v1/campaigns/" + pass.campaign() + "/notifications/" + notification)
                    .data();
            assertThat(report.get("status").asString()).isEqualTo("sent");
            JsonNode alpha = report.get("providers")
                    .valueStream()
                    .filter(p -> p.get("provider").asString().equals("alpha"))
                    .findFirst()
                    .orElseThrow();
            assertThat(alpha.get("deliveredCards").asInt()).isEqualTo(1);
        });
        assertThat(APNS.accepted(phone.pushToken)).isNotEmpty();
        JsonNode back = PassFile.unzip(phone.pass(pass.passTypeId(), pass.serial(), pass.token(), null)
                        .body())
                .passJson()
                .get("eventTicket")
                .get("backFields")
                .get(0);
        assertThat(back.get("value").asString()).isEqualTo("Doors open: Gate 3 is open");
        assertThat(back.get("changeMessage").asString()).isEqualTo("%@");
    }

    @Test
    void aTokenApnsNoLongerKnowsLosesItsRegistrationAndTheLastOneMakesTheCardRemoved() {
        Issued pass = issue();
        Device phone = registered(pass);
        APNS.unregister(phone.pushToken);

        patch(pass, "Autumn Summit");

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(APNS.rejected(phone.pushToken)).isNotEmpty());
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () -> assertThat(phone.updated(pass.passTypeId(), null).status())
                                .isEqualTo(204));
        flows.waitForCard(pass.campaign(), pass.recipient(), "removed");
    }

    @Test
    void aRevocationIsPushedAndTheDeviceFetchesAVoidPass() {
        Issued pass = issue();
        Device phone = registered(pass);

        Api.Response revoked =
                api.post("/v1/campaigns/" + pass.campaign() + "/recipients/" + pass.recipient() + "/revoke", null);
        assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> !APNS.accepted(phone.pushToken).isEmpty());
        assertThat(PassFile.unzip(phone.pass(pass.passTypeId(), pass.serial(), pass.token(), null)
                                .body())
                        .passJson()
                        .get("voided")
                        .asBoolean())
                .isTrue();
    }

    @Test
    void aSeatChangeReachesThePassWithAChangeMessage() {
        String campaign = flows.campaign(Map.of("name", "Summer Summit", "startDate", "2031-07-01"));
        String recipient = flows.recipient(campaign, Map.of("recipientData", Map.of("seat", "12", "row", "F")))
                .get("id")
                .asString();
        Issued pass = issued(campaign, recipient);
        Device phone = registered(pass);

        Api.Response patched = api.patch(
                "/v1/campaigns/" + campaign + "/recipients/" + recipient,
                Map.of("recipientData", Map.of("seat", "14", "row", "F")));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(APNS.accepted(phone.pushToken)).isNotEmpty();
            JsonNode front = PassFile.unzip(phone.pass(pass.passTypeId(), pass.serial(), pass.token(), null)
                            .body())
                    .passJson()
                    .get("eventTicket")
                    .get("secondaryFields");
            // The wallet compares the field of the same key: "seat" now says 14, and its change
            // message puts "New seat: 14" on the lock screen; the row, unchanged, shows nothing.
            assertThat(front.get(1).get("key").asString()).isEqualTo("seat");
            assertThat(front.get(1).get("value").asString()).isEqualTo("14");
            assertThat(front.get(1).get("changeMessage").asString()).isEqualTo("New seat: %@");
            assertThat(front.get(0).get("key").asString()).isEqualTo("row");
            assertThat(front.get(0).get("value").asString()).isEqualTo("F");
        });
    }

    private void patch(Issued pass, String name) {
        Api.Response patched = api.patch("/v1/campaigns/" + pass.campaign(), Map.of("name", name));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
    }

    private static String name(Device.Answer pass) {
        return PassFile.unzip(pass.body())
                .passJson()
                .get("eventTicket")
                .get("primaryFields")
                .get(0)
                .get("value")
                .asString();
    }

    private Issued issue() {
        return issue(flows.campaign(Map.of("name", "Summer Summit", "startDate", "2031-07-01")));
    }

    private Issued issue(String campaign) {
        return issued(campaign, flows.recipient(campaign));
    }

    private Issued issued(String campaign, String recipient) {
        flows.waitForCard(campaign, recipient, "created");
        JsonNode json = PassFile.unzip(
                        api.download(addToWallet(campaign, recipient)).body())
                .passJson();
        return new Issued(
                campaign,
                recipient,
                json.get("serialNumber").asString(),
                json.get("authenticationToken").asString(),
                json.get("passTypeIdentifier").asString(),
                json.get("webServiceURL").asString());
    }

    /** A device APNs knows, registered for the pass; the card is active once it is. */
    private Device registered(Issued pass) {
        String id = UUID.randomUUID().toString().replace("-", "");
        Device device = new Device(pass.webServiceUrl(), id, (id + id).substring(0, 64));
        APNS.knows(pass.passTypeId(), device.pushToken);
        assertThat(device.register(pass.passTypeId(), pass.serial(), pass.token())
                        .status())
                .isEqualTo(201);
        flows.waitForCard(pass.campaign(), pass.recipient(), "active");
        return device;
    }
}
