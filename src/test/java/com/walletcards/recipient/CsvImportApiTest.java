package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.CsvImports;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

@DatabaseTest
class CsvImportApiTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    Api api;
    Flows flows;
    CsvImports csv;
    String campaign;
    String tag;

    @BeforeEach
    void tenant() {
        Tenants.Tenant tenant = Tenants.create(access);
        api = new Api(port, tenant.key());
        flows = new Flows(api);
        csv = new CsvImports(port, tenant.key());
        campaign = flows.campaign();
        tag = UUID.randomUUID().toString().substring(0, 8);
    }

    private String email(String who) {
        return who + "." + tag + "@example.com";
    }

    private JsonNode recipient(String email) {
        JsonNode list = api.get("/v1/campaigns/" + campaign + "/recipients?email=" + email)
                .data()
                .get("recipients");
        assertThat(list.size()).as("recipients with " + email).isEqualTo(1);
        return list.get(0);
    }

    @Test
    void theHeaderNamesTheFieldsAndEveryOtherColumnGoesIntoRecipientData() {
        String file = "email,Name,phone,externalId,seat,tier\n"
                + email("ada") + ",Ada Lovelace,+4915112345678,crm-1,A12,gold\n"
                + email("alan") + ",\"Turing, Alan\",,crm-2,,silver\n";
        Api.Response accepted = csv.upload(campaign, "?sendEmail=false", file);
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(202);
        assertThat(accepted.data().get("status").asString()).isEqualTo("queued");
        assertThat(accepted.data().get("rowsTotal").asLong()).isEqualTo(2);
        JsonNode done = csv.finished(campaign, accepted.data().get("id").asString(), WAIT);
        assertThat(done.get("status").asString()).isEqualTo("completed");
        assertThat(done.get("rowsDone").asLong()).isEqualTo(2);
        assertThat(done.get("created").asLong()).isEqualTo(2);
        assertThat(done.get("failed").asLong()).isZero();
        JsonNode ada = recipient(email("ada"));
        assertThat(ada.get("name").asString()).isEqualTo("Ada Lovelace");
        assertThat(ada.get("phone").asString()).isEqualTo("+4915112345678");
        assertThat(ada.get("externalId").asString()).isEqualTo("crm-1");
        assertThat(ada.get("recipientData").get("seat").asString()).isEqualTo("A12");
        assertThat(ada.get("recipientData").get("tier").asString()).isEqualTo("gold");
        JsonNode alan = recipient(email("alan"));
        assertThat(alan.get("name").asString()).isEqualTo("Turing, Alan");
        assertThat(alan.get("phone").isNull()).isTrue();
        assertThat(alan.get("recipientData").has("seat"))
                .as("empty cells are left out")
                .isFalse();
        flows.waitForCard(campaign, ada.get("id").asString(), "created");
    }

    @Test
    void aByteOrderMarkAndSemicolonsAreUnderstood() {
        String file = "\uFEFFemail;name;city\r\n" + email("grace") + ";Grace Hopper;Arlington\r\n";
        String id = csv.accepted(campaign, "?sendEmail=false", file);
        JsonNode done = csv.finished(campaign, id, WAIT);
        assertThat(done.get("created").asLong()).as(done.toString()).isEqualTo(1);
        JsonNode grace = recipient(email("grace"));
        assertThat(grace.get("name").asString()).isEqualTo("Grace Hopper");
        assertThat(grace.get("recipientData").get("city").asString()).isEqualTo("Arlington");
    }

    @Test
    void aFileWithoutAnEmailColumnIsRefusedAtOnce() {
        Api.Response r = csv.upload(campaign, "", "name,phone\nAda,+4915112345678\n");
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(r.json().get("error").get("details").get(0).get("field").asString())
                .isEqualTo("header");
        assertThat(r.header("X-Request-Id")).isNotBlank();
        assertThat(csv.upload(campaign, "", "").status()).isEqualTo(400);
        assertThat(importsOfCampaign()).as("nothing was imported").isZero();
    }

    @Test
    void anUnbalancedQuoteRefusesTheFileNamingItsLineAndLeavesNothingBehind() {
        String file = "email,name\n" + email("a") + ",Ada\n" + email("b") + ",\"Bob\n" + email("c") + ",Carl\n";
        Api.Response r = csv.upload(campaign, "", file);
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().get("error").get("message").asString()).contains("line 3");
        assertThat(importsOfCampaign()).isZero();
        assertThat(jdbc.sql("SELECT COUNT(*) FROM recipients WHERE campaign_id = ?")
                        .param(campaign)
                        .query(Long.class)
                        .single())
                .isZero();
    }

    @Test
    void badRowsAreReportedByLineWithFieldAndMessageWhileTheOthersAreAdded() {
        String file = "email,name,externalId\n"
                + email("ok1") + ",One,e1\n" // line 2
                + "not-an-email,Two,e2\n" // line 3
                + email("ok3") + ",Three\n" // line 4: a field short
                + email("ok1") + ",One again,e4\n" // line 5: repeats line 2
                + "\"" + email("ok6") + "\",\"Six\non two lines\",e6\n" // lines 6-7
                + ",Nobody,e8\n"; // line 8: no email
        String id = csv.accepted(campaign, "?sendEmail=false", file);
        JsonNode done = csv.finished(campaign, id, WAIT);
        assertThat(done.get("status").asString()).isEqualTo("completed");
        assertThat(done.get("rowsTotal").asLong()).isEqualTo(6);
        assertThat(done.get("rowsDone").asLong()).isEqualTo(6);
        assertThat(done.get("created").asLong()).isEqualTo(2);
        assertThat(done.get("failed").asLong()).isEqualTo(4);
        List<String> errors = new ArrayList<>();
        done.get("errors")
                .forEach(e -> errors.add(e.get("line").asLong() + " "
                        + e.get("field").asString() + " " + e.get("code").asString() + " "
                        + e.get("message").asString()));
        assertThat(errors)
                .containsExactly(
                        "3 email VALIDATION_FAILED must be a valid email address",
                        "4 row VALIDATION_FAILED has 2 fields; the header has 3",
                        "5 email RECIPIENT_EXISTS is already used",
                        "8 email VALIDATION_FAILED is required");
        assertThat(recipient(email("ok6")).get("name").asString()).isEqualTo("Six\non two lines");
    }

    @Test
    void withUpsertByExternalIdExistingRecipientsAreUpdatedInsteadOfRefused() {
        csv.finished(
                campaign,
                csv.accepted(
                        campaign,
                        "?sendEmail=false",
                        "email,name,externalId,seat\n" + email("u1") + ",Old Name,x-1,A1\n" + email("u2")
                                + ",Two,x-2,A2\n"),
                WAIT);
        String again = "email,name,externalId,seat\n"
                + email("u1") + ",New Name,x-1,B7\n" // line 2: exists
                + email("u3") + ",Three,x-3,C3\n" // line 3: new
                + email("u3") + ",Three Again,x-3,C4\n"; // line 4: repeats line 3
        JsonNode refused = csv.finished(campaign, csv.accepted(campaign, "?sendEmail=false", again), WAIT);
        assertThat(refused.get("created").asLong()).as("without upsert").isEqualTo(1);
        assertThat(refused.get("failed").asLong()).isEqualTo(2);
        assertThat(recipient(email("u1")).get("name").asString()).isEqualTo("Old Name");

        String third = again.replace("u3", "u4").replace("x-3", "x-4") + email("other")
                + ",Wrong,x-2,A2\n"; // line 5: x-2 belongs to another email
        JsonNode upserted =
                csv.finished(campaign, csv.accepted(campaign, "?upsert=externalId&sendEmail=false", third), WAIT);
        assertThat(upserted.get("upsert").asString()).isEqualTo("externalId");
        assertThat(upserted.get("created").asLong()).as(upserted.toString()).isEqualTo(1);
        assertThat(upserted.get("updated").asLong()).isEqualTo(2);
        assertThat(upserted.get("failed").asLong()).isEqualTo(1);
        assertThat(upserted.get("errors").get(0).get("line").asLong()).isEqualTo(5);
        assertThat(upserted.get("errors").get(0).get("field").asString()).isEqualTo("email");
        JsonNode u1 = recipient(email("u1"));
        assertThat(u1.get("name").asString()).isEqualTo("New Name");
        assertThat(u1.get("recipientData").get("seat").asString()).isEqualTo("B7");
        JsonNode u4 = recipient(email("u4"));
        assertThat(u4.get("name").asString()).isEqualTo("Three Again");
        assertThat(u4.get("recipientData").get("seat").asString()).isEqualTo("C4");
    }

    @Test
    void sendEmailInvitesEveryAddedRecipientOnceItsCardExists() {
        String id = csv.accepted(campaign, "", "email\n" + email("inv") + "\n");
        csv.finished(campaign, id, WAIT);
        String recipientId = recipient(email("inv")).get("id").asString();
        flows.waitForCard(campaign, recipientId, "invited");
    }

    @Test
    void anEndedImportIsAnnouncedAsImportCompleted() {
        Api.Response hook = api.post(
                "/v1/webhooks", Map.of("url", "https://example.com/hooks", "events", List.of("import.completed")));
        assertThat(hook.status()).as(hook.body()).isEqualTo(201);
        String id = csv.accepted(campaign, "?sendEmail=false", "email\n" + email("hook") + "\nbad\n");
        csv.finished(campaign, id, WAIT);
        List<String> payloads = jdbc.sql(
                        "SELECT payload FROM webhook_events WHERE type = 'import.completed'" + " AND payload LIKE ?")
                .param("%" + id + "%")
                .query(String.class)
                .list();
        assertThat(payloads).hasSize(1);
        assertThat(payloads.get(0))
                .contains("\"campaignId\":\"" + campaign + "\"")
                .contains("\"status\":\"completed\"")
                .contains("\"created\":1")
                .contains("\"failed\":1");
    }

    @Test
    void badParametersAndOtherMediaTypesAreRefused() {
        assertThat(csv.upload(campaign, "?upsert=email", "email\n").status()).isEqualTo(400);
        assertThat(csv.upload(campaign, "?sendEmail=yes", "email\n").status()).isEqualTo(400);
        Api.Response json = api.post(CsvImports.imports(campaign), Map.of("email", "a@example.com"));
        assertThat(json.status()).isEqualTo(415);
        assertThat(json.json().get("error").get("message").asString()).contains("text/csv");
        Api.Response latin1 = api.raw("POST", CsvImports.imports(campaign), "email\n", "text/csv; charset=iso-8859-1");
        assertThat(latin1.status()).isEqualTo(415);
    }

    @Test
    void anotherOrganizationsCampaignAndImportAreNotFound() {
        String id = csv.accepted(campaign, "?sendEmail=false", "email\n" + email("mine") + "\n");
        Tenants.Tenant other = Tenants.create(access);
        CsvImports stranger = new CsvImports(port, other.key());
        assertThat(stranger.upload(campaign, "", "email\n" + email("theirs") + "\n")
                        .status())
                .isEqualTo(404);
        Api.Response peek = new Api(port, other.key()).get(CsvImports.imports(campaign) + "/" + id);
        assertThat(peek.status()).isEqualTo(404);
        assertThat(peek.errorCode()).isEqualTo("NOT_FOUND");
    }

    private long importsOfCampaign() {
        return jdbc.sql("SELECT COUNT(*) FROM recipient_imports WHERE campaign_id = ?")
                .param(campaign)
                .query(Long.class)
                .single();
    }

    @Test
    void aLocaleColumnSetsEachRecipientsLanguageAndAnUpsertChangesIt() {
        String file = "email,externalId,Locale\n"
                + email("ada") + ",crm-1,de\n"
                + email("alan") + ",crm-2,\n"
                + email("grace") + ",crm-3,fr\n";
        JsonNode done = csv.finished(campaign, csv.accepted(campaign, "?sendEmail=false", file), WAIT);
        assertThat(done.get("created").asLong()).isEqualTo(2);
        assertThat(done.get("errors").get(0).get("line").asLong()).isEqualTo(4);
        assertThat(done.get("errors").get(0).get("field").asString()).isEqualTo("locale");
        assertThat(recipient(email("ada")).get("locale").asString()).isEqualTo("de");
        assertThat(recipient(email("ada")).get("recipientData").has("Locale")).isFalse();
        assertThat(recipient(email("alan")).get("locale").isNull()).isTrue();

        String update = "email,externalId,locale\n" + email("alan") + ",crm-2,de\n";
        csv.finished(campaign, csv.accepted(campaign, "?upsert=externalId&sendEmail=false", update), WAIT);
        assertThat(recipient(email("alan")).get("locale").asString()).isEqualTo("de");
        assertThat(recipient(email("ada")).get("locale").asString()).isEqualTo("de");
    }
}
