package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

@DatabaseTest
class RecipientApiTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    private String base(String campaignId) {
        return "/v1/campaigns/" + campaignId + "/recipients";
    }

    @Test
    void anAddedRecipientIsPendingAndGetsItsCardInTheBackground() {
        String c = flows.campaign();
        JsonNode added = flows.recipient(
                c, Map.of("phone", "+4915112345678", "externalId", "crm-7", "recipientData", Map.of("seat", "A12")));
        assertThat(added.get("status").asString()).isEqualTo("pending");
        assertThat(added.get("walletCardId").isNull()).isTrue();
        JsonNode ready = flows.waitForCard(c, added.get("id").asString(), "created");
        assertThat(ready.get("status").asString()).isEqualTo("created");
        assertThat(ready.get("walletCardId").asString()).startsWith("card_");
        assertThat(api.get("/v1/campaigns/" + c).data().get("status").asString())
                .isEqualTo("draft");
    }

    @Test
    void theSameEmailTwiceInOneCampaignIsRefusedCaseInsensitively() {
        String c = flows.campaign();
        String email = Flows.email();
        flows.recipient(c, Map.of("email", email));
        Api.Response again = api.post(base(c), Map.of("email", email.toUpperCase()));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.errorCode()).isEqualTo("RECIPIENT_EXISTS");
        flows.recipient(flows.campaign(), Map.of("email", email));
    }

    @Test
    void parallelAddsOfOneEmailCreateExactlyOneRecipient() throws Exception {
        String c = flows.campaign();
        String email = Flows.email();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Api.Response>> results = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            results.add(pool.submit(() -> api.post(base(c), Map.of("email", email))));
        }
        List<Integer> statuses = new ArrayList<>();
        for (Future<Api.Response> f : results) {
            statuses.add(f.get().status());
        }
        pool.shutdown();
        assertThat(statuses).containsOnly(201, 409);
        assertThat(statuses.stream().filter(s -> s == 201)).hasSize(1);
        assertThat(api.get(base(c) + "?email=" + email)
                        .data()
                        .get("pagination")
                        .get("total")
                        .asLong())
                .isEqualTo(1);
    }

    @Test
    void aListPageCountsEveryMatchEvenBeyondTheLastRowAndFindsEmailsWhateverTheirCase() {
        String c = flows.campaign();
        String email = Flows.email();
        api.post(base(c), Map.of("email", email.toUpperCase(Locale.ROOT)));
        api.post(base(c), Map.of("email", Flows.email()));
        api.post(base(c), Map.of("email", Flows.email()));

        JsonNode second = api.get(base(c) + "?limit=2&offset=2").data();
        assertThat(second.get("pagination").get("total").asLong()).isEqualTo(3);
        JsonNode beyond = api.get(base(c) + "?limit=2&offset=10").data();
        assertThat(beyond.get("pagination").get("total").asLong()).isEqualTo(3);
        assertThat(beyond.get("recipients")).isEmpty();
        JsonNode found = api.get(base(c) + "?email=" + email).data();
        assertThat(found.get("pagination").get("total").asLong()).isEqualTo(1);
        assertThat(found.get("recipients").get(0).get("email").asString()).isEqualToIgnoringCase(email);
        assertThat(api.get("/v1/campaigns/cmp_missing/recipients").status()).isEqualTo(404);
    }

    @Test
    void invalidFieldsAreNamed() {
        String c = flows.campaign();
        Api.Response r =
                api.post(base(c), Map.of("email", "nope", "phone", "0151 123", "providerTypes", List.of("gamma")));
        assertThat(r.errorCode()).isEqualTo("VALIDATION_FAILED");
        List<String> fields = r.json()
                .get("error")
                .get("details")
                .valueStream()
                .map(d -> d.get("field").asString())
                .toList();
        assertThat(fields).contains("email", "phone", "providerTypes[0]");
    }

    @Test
    void customBarcodeCampaignsRequireAValueAndLockTheStrategyOnceTheyHaveRecipients() {
        String c = flows.campaign(Map.of("campaignData", Map.of("barcodeValueStrategy", "custom")));
        Api.Response missing = api.post(base(c), Map.of("email", Flows.email()));
        assertThat(missing.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(missing.json()
                        .get("error")
                        .get("details")
                        .get(0)
                        .get("field")
                        .asString())
                .isEqualTo("recipientData.barcodeValue");
        flows.recipient(c, Map.of("recipientData", Map.of("barcodeValue", "TICKET-1")));
        Api.Response locked =
                api.patch("/v1/campaigns/" + c, Map.of("campaignData", Map.of("barcodeValueStrategy", "auto")));
        assertThat(locked.status()).isEqualTo(400);
        assertThat(locked.errorCode()).isEqualTo("SETTING_LOCKED");
        assertThat(api.patch("/v1/campaigns/" + c, Map.of("name", "Still editable"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void recipientsAreListedOldestFirstWithFiltersAndIncludes() {
        String c = flows.campaign();
        String first = flows.recipient(c);
        String second = flows.recipient(c);
        flows.waitForCard(c, second, "created");
        flows.invite(c, first);
        JsonNode page = api.get(base(c) + "?limit=1").data();
        assertThat(page.get("recipients").get(0).get("id").asString()).isEqualTo(first);
        assertThat(page.get("pagination").get("hasMore").asBoolean()).isTrue();
        assertThat(page.get("recipients").get(0).has("history")).isFalse();
        JsonNode invited = api.get(
                        base(c) + "?status=invited&includeHistory=true&includeStatus=true&includeDownloadUrls=true")
                .data()
                .get("recipients");
        assertThat(invited).hasSize(1);
        JsonNode item = invited.get(0);
        assertThat(item.get("history")
                        .valueStream()
                        .map(h -> h.get("status").asString())
                        .toList())
                .startsWith("pending")
                .contains("invited");
        assertThat(item.get("cards").get(0).get("providers")).hasSize(3);
        assertThat(item.get("downloadUrls")
                        .valueStream()
                        .map(u -> u.get("provider").asString())
                        .toList())
                .containsExactly("all", "alpha", "beta", "eudiw");
        assertThat(api.get(base(c) + "?status=gone").errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(api.get(base(c) + "?limit=abc").errorCode()).isEqualTo("VALIDATION_FAILED");
    }

    @Test
    void patchMergesRecipientDataAndRefusesAnEmailChange() {
        String c = flows.campaign();
        String r = flows.recipient(c, Map.of("recipientData", Map.of("seat", "A1", "tier", "gold")))
                .get("id")
                .asString();
        JsonNode patched = api.patch(
                        base(c) + "/" + r, Map.of("name", "Grace Hopper", "recipientData", Map.of("seat", "B2")))
                .data();
        assertThat(patched.get("name").asString()).isEqualTo("Grace Hopper");
        assertThat(patched.get("recipientData").get("seat").asString()).isEqualTo("B2");
        assertThat(patched.get("recipientData").get("tier").asString()).isEqualTo("gold");
        assertThat(api.patch(base(c) + "/" + r, Map.of("email", Flows.email())).errorCode())
                .isEqualTo("VALIDATION_FAILED");
    }

    @Test
    void aDeletedRecipientIsGoneAndItsAddressIsFreeAgain() {
        String c = flows.campaign();
        JsonNode r = flows.recipient(c, Map.of());
        String id = r.get("id").asString();
        flows.waitForCard(c, id, "created");
        assertThat(api.delete(base(c) + "/" + id).data().get("deleted").asBoolean())
                .isTrue();
        assertThat(api.get(base(c) + "/" + id).status()).isEqualTo(404);
        assertThat(api.get(base(c)).data().get("recipients")).isEmpty();
        assertThat(api.get(base(c) + "?status=deleted")
                        .data()
                        .get("recipients")
                        .get(0)
                        .get("walletCardStatus")
                        .asString())
                .isEqualTo("deleted");
        flows.recipient(c, Map.of("email", r.get("email").asString()));
    }

    @Test
    void addingToAnArchivedCampaignIsAnInvalidState() {
        String c = flows.campaign();
        api.post("/v1/campaigns/" + c + "/archive", null);
        assertThat(api.post(base(c), Map.of("email", Flows.email())).errorCode())
                .isEqualTo("INVALID_STATE");
    }

    @Test
    void anotherOrganizationSeesNothing() {
        String c = flows.campaign();
        String r = flows.recipient(c);
        Api other = api.withKey(Tenants.create(access).key());
        assertThat(other.get(base(c)).status()).isEqualTo(404);
        assertThat(other.get(base(c) + "/" + r).status()).isEqualTo(404);
        assertThat(other.post(base(c) + "/" + r + "/invite", Map.of()).status()).isEqualTo(404);
        assertThat(other.post(base(c) + "/" + r + "/revoke", Map.of()).status()).isEqualTo(404);
        assertThat(other.delete(base(c) + "/" + r).status()).isEqualTo(404);
        assertThat(api.get(base(c) + "/" + r).status()).isEqualTo(200);
    }

    @Test
    void bulkAddStoresValidItemsAndRefusesTheRestByIndex() {
        String c = flows.campaign();
        String dup = Flows.email();
        List<Object> items = new ArrayList<>();
        items.add(Map.of("email", dup));
        items.add(Map.of("email", dup.toUpperCase()));
        items.add(Map.of("email", "broken"));
        items.add(Map.of("email", 42));
        items.add(Map.of("email", Flows.email(), "unknown", "x"));
        items.add("not an object");
        for (int i = 0; i < 20; i++) {
            items.add(Map.of("email", Flows.email(), "name", "P" + i));
        }
        JsonNode d = api.post(base(c) + "/bulk", Map.of("recipients", items, "sendEmail", false))
                .data();
        assertThat(d.get("created").asInt()).isEqualTo(21);
        assertThat(d.get("failed").asInt()).isEqualTo(5);
        assertThat(d.get("errors")
                        .valueStream()
                        .map(e -> e.get("index").asInt())
                        .toList())
                .containsExactly(1, 2, 3, 4, 5);
        assertThat(d.get("errors").get(0).get("code").asString()).isEqualTo("RECIPIENT_EXISTS");
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(api.get(base(c) + "?status=created&limit=1")
                                .data()
                                .get("pagination")
                                .get("total")
                                .asLong())
                        .isEqualTo(21));
    }

    @Test
    void bulkAddRefusesEmptyAndOversizedRequests() {
        String c = flows.campaign();
        assertThat(api.post(base(c) + "/bulk", Map.of("recipients", List.of())).errorCode())
                .isEqualTo("VALIDATION_FAILED");
        List<Object> tooMany = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            tooMany.add(Map.of("email", "p" + i + "@example.com"));
        }
        assertThat(api.post(base(c) + "/bulk", Map.of("recipients", tooMany)).errorCode())
                .isEqualTo("VALIDATION_FAILED");
    }

    @Test
    void aThousandRecipientsAreAcceptedAndAllGetTheirCards() {
        String c = flows.campaign();
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            items.add(Map.of("email", Flows.email(), "name", "Person " + i));
        }
        Api.Response r = api.post(base(c) + "/bulk", Map.of("recipients", items, "sendEmail", false));
        assertThat(r.status()).isEqualTo(201);
        assertThat(r.data().get("created").asInt()).isEqualTo(1000);
        await().atMost(Duration.ofSeconds(120))
                .untilAsserted(() -> assertThat(api.get(base(c) + "?status=created&limit=1")
                                .data()
                                .get("pagination")
                                .get("total")
                                .asLong())
                        .isEqualTo(1000));
    }

    @Test
    void bulkAddWithEmailInvitesEveryoneOnceTheirCardExists() {
        String c = flows.campaign();
        JsonNode d = api.post(
                        base(c) + "/bulk",
                        Map.of("recipients", List.of(Map.of("email", Flows.email()), Map.of("email", Flows.email()))))
                .data();
        for (JsonNode item : d.get("recipients")) {
            flows.waitForCard(c, item.get("id").asString(), "invited");
        }
        assertThat(api.get("/v1/campaigns/" + c).data().get("status").asString())
                .isEqualTo("active");
    }

    @Test
    void bulkInviteTakesReadyRecipientsOldestFirstAndCountsTheRest() {
        String c = flows.campaign();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(flows.recipient(c));
        }
        ids.forEach(id -> flows.waitForCard(c, id, "created"));
        JsonNode b = api.post(base(c) + "/bulk-invite", Map.of("sendEmail", false, "limit", 3))
                .data();
        assertThat(b.get("invited").asInt()).isEqualTo(3);
        assertThat(b.get("remaining").asLong()).isEqualTo(2);
        assertThat(b.get("emailsSent").asInt()).isZero();
        assertThat(b.get("downloadUrls")
                        .valueStream()
                        .map(u -> u.get("recipientId").asString())
                        .toList())
                .containsExactlyElementsOf(ids.subList(0, 3));
        JsonNode rest =
                api.post(base(c) + "/bulk-invite", Map.of("sendEmail", true)).data();
        assertThat(rest.get("invited").asInt()).isEqualTo(2);
        assertThat(rest.get("emailsSent").asInt()).isEqualTo(2);
        assertThat(rest.get("remaining").asLong()).isZero();
        assertThat(api.post(base(c) + "/bulk-invite", Map.of("limit", 0)).errorCode())
                .isEqualTo("VALIDATION_FAILED");
        assertThat(api.post(base(c) + "/bulk-invite", Map.of("limit", 101)).errorCode())
                .isEqualTo("VALIDATION_FAILED");
    }

    @Test
    void responsesCarryRecipientDataAsStoredWithoutParsingAndWritingItAgain() {
        String c = flows.campaign();
        String r = flows.recipient(c, Map.of("recipientData", Map.of("seat", "A1")))
                .get("id")
                .asString();
        // Spacing and a number form that a parse and write would both change.
        String stored = "{\"seat\": \"A1\",  \"price\": 12.50, \"tags\": [\"vip\"]}";
        jdbc.sql("UPDATE recipients SET recipient_data = ? WHERE id = ?")
                .params(stored, r)
                .update();

        assertThat(api.get(base(c) + "/" + r).body()).contains("\"recipientData\":" + stored);
        assertThat(api.get(base(c) + "?limit=5").body()).contains("\"recipientData\":" + stored);
        JsonNode data = api.get(base(c) + "/" + r).data().get("recipientData");
        assertThat(data.get("price").decimalValue()).isEqualByComparingTo("12.5");
        assertThat(data.get("tags").get(0).asString()).isEqualTo("vip");
    }
}
