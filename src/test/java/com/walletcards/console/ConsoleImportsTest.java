package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Imports and export in the console over HTTP: a file uploaded, previewed, mapped and started
 * through the API's import (its validation and counts), its refused rows as CSV; the export's
 * content; a viewer refused the writes; another organization's campaign and import not found.
 */
@DatabaseTest
class ConsoleImportsTest {

    private static final String FILE = """
            E-Mail;Full name;Seat;Notes
            ada@example.org;Ada Lovelace;B2;private
            not-an-email;Nobody;C3;private
            grace@example.org;Grace Hopper;=SUM(A1);private
            """;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;
    Api api;
    Flows flows;
    String campaign;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Imports Org");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
        campaign = flows.campaign(Map.of("name", "Import Fair"));
    }

    private String base() {
        return "/console/campaigns/" + campaign;
    }

    /** Uploads the file and answers the preview page's path. */
    private String uploaded(ConsoleClient editor, String csv) {
        String token = editor.csrf(base() + "/imports/new");
        HttpResponse<String> upload = editor.postFile(
                base() + "/imports/upload?_csrf=" + token, "file", "guests.csv", csv.getBytes(StandardCharsets.UTF_8));
        assertThat(upload.statusCode()).as(upload.body()).isEqualTo(302);
        String preview = ConsoleClient.location(upload).replaceFirst("^https?://[^/]+", "");
        assertThat(preview).startsWith(base() + "/imports/upload/");
        return preview;
    }

    private JsonNode finished(ConsoleClient who, String importPage) {
        return await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> JSON.readTree(who.get(importPage + "/progress").body()),
                        p -> p.get("finished").asBoolean());
    }

    @Test
    void anEditorPreviewsTheFileMapsItsColumnsAndTheImportAddsTheRowsAndListsTheRefusedOnes() {
        ConsoleClient editor = users.signedIn(org, "editor");
        String preview = uploaded(editor, FILE);

        String page = editor.get(preview).body();
        assertThat(page).contains("E-Mail", "Full name", "ada@example.org", "not-an-email", "Grace Hopper");
        assertThat(page).contains("name=\"column3\"");

        String token = editor.csrf(preview);
        HttpResponse<String> started = editor.post(
                preview,
                Map.of("_csrf", token, "column0", "email", "column1", "name", "column2", "data", "column3", "ignore"));
        assertThat(started.statusCode()).as(started.body()).isEqualTo(302);
        String importPage = ConsoleClient.location(started).replaceFirst("^https?://[^/]+", "");
        assertThat(importPage).matches(base() + "/imports/imp_[0-9a-zA-Z]+");

        JsonNode done = finished(editor, importPage);
        assertThat(done.get("status").asString()).isEqualTo("completed");
        assertThat(done.get("rowsTotal").asLong()).isEqualTo(3);
        assertThat(done.get("created").asLong()).isEqualTo(2);
        assertThat(done.get("failed").asLong()).isEqualTo(1);
        assertThat(done.get("rowsText").asString()).isEqualTo("3 of 3 rows handled");

        JsonNode ada = api.get("/v1/campaigns/" + campaign + "/recipients?email=ada@example.org")
                .data()
                .get("recipients")
                .get(0);
        assertThat(ada.get("name").asString()).isEqualTo("Ada Lovelace");
        assertThat(ada.get("recipientData").get("Seat").asString()).isEqualTo("B2");
        assertThat(ada.get("recipientData").has("Notes"))
                .as("an ignored column")
                .isFalse();

        String status = editor.get(importPage).body();
        assertThat(status).contains("The import is complete.", "Refused rows", "refused.csv");
        HttpResponse<String> refused = editor.get(importPage + "/refused.csv");
        assertThat(refused.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
        assertThat(refused.body()).startsWith("line,field,code,message\r\n").contains("\r\n3,email,");

        JsonNode audited = api.get("/v1/audit-events?target=" + importPage.substring(importPage.lastIndexOf('/') + 1))
                .data()
                .get("events")
                .get(0);
        assertThat(audited.get("action").asString()).isEqualTo("import.started");
        assertThat(audited.get("actor").get("type").asString()).isEqualTo("user");
    }

    @Test
    void aMappingWithoutAnEmailColumnIsRefusedAndTheSameFileCanBeStartedOnceCorrected() {
        ConsoleClient editor = users.signedIn(org, "editor");
        String preview = uploaded(editor, FILE);
        String token = editor.csrf(preview);

        HttpResponse<String> refused = editor.post(preview, Map.of("_csrf", token, "column0", "ignore"));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("The import did not start", "must name an email column");

        HttpResponse<String> started = editor.post(preview, Map.of("_csrf", token, "column0", "email"));
        assertThat(started.statusCode()).as(started.body()).isEqualTo(302);
        HttpResponse<String> again = editor.post(preview, Map.of("_csrf", token, "column0", "email"));
        assertThat(again.statusCode()).as("a form sent twice starts one import").isEqualTo(404);
    }

    @Test
    void aFileThatIsNotCsvIsRefusedOnTheUploadPage() {
        ConsoleClient editor = users.signedIn(org, "editor");
        String token = editor.csrf(base() + "/imports/new");
        HttpResponse<String> upload = editor.postFile(
                base() + "/imports/upload?_csrf=" + token, "file", "x.csv", "\"email\nada@example.org".getBytes());
        assertThat(upload.statusCode()).isEqualTo(400);
        assertThat(upload.body()).contains("The file could not be read", "is not valid CSV");
        HttpResponse<String> empty =
                editor.postFile(base() + "/imports/upload?_csrf=" + token, "file", "x.csv", new byte[0]);
        assertThat(empty.statusCode()).isEqualTo(400);
        assertThat(empty.body()).contains("choose a CSV file first");
    }

    @Test
    void theExportHasEveryRecipientWithStatusWalletsAndCardLinkAcrossKeysetPages() {
        ConsoleRecipientsTest.addMany(api, campaign, RecipientExport.PAGE + 20);
        String carded = flows.recipient(campaign, Map.of("email", "holder@example.org", "name", "=Card Holder"))
                .get("id")
                .asString();
        flows.waitForCard(campaign, carded, "created");
        ConsoleClient viewer = users.signedIn(org, "viewer");

        HttpResponse<String> export = viewer.get(base() + "/recipients.csv");
        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.headers().firstValue("Content-Disposition").orElse(""))
                .contains("attachment");
        List<String> lines = export.body().lines().toList();
        assertThat(lines.get(0)).isEqualTo("id,email,name,externalId,status,wallets,cardLink,added,lastActivity");
        assertThat(lines).hasSize(1 + RecipientExport.PAGE + 21);
        assertThat(lines.stream().skip(1).map(l -> l.split(",")[0]).distinct()).hasSize(RecipientExport.PAGE + 21);
        String holder = lines.get(1);
        assertThat(holder).startsWith(carded + ",holder@example.org,'=Card Holder,,created,,http");
        assertThat(lines).anyMatch(l -> l.contains(",guest000@example.org,Guest 000,EXT-000,"));
    }

    @Test
    void aViewerIsRefusedTheImportWritesAndReadsItsProgress() {
        ConsoleClient editor = users.signedIn(org, "editor");
        String preview = uploaded(editor, FILE);
        ConsoleClient viewer = users.signedIn(org, "viewer");
        String token = viewer.csrf(base() + "/recipients");

        assertThat(viewer.get(base() + "/imports/new").statusCode()).isEqualTo(403);
        assertThat(viewer.postFile(base() + "/imports/upload?_csrf=" + token, "file", "g.csv", FILE.getBytes())
                        .statusCode())
                .isEqualTo(403);
        assertThat(viewer.post(preview, Map.of("_csrf", token, "column0", "email"))
                        .statusCode())
                .isEqualTo(403);
        assertThat(viewer.get(base() + "/recipients").body())
                .doesNotContain("/imports/new")
                .contains("/recipients.csv");

        String started = ConsoleClient.location(editor.post(preview, Map.of("_csrf", editor.csrf(preview))))
                .replaceFirst("^https?://[^/]+", "");
        assertThat(viewer.get(started).statusCode()).isEqualTo(200);
    }

    @Test
    void anotherOrganizationsCampaignAndImportAreNotFound() {
        ConsoleClient editor = users.signedIn(org, "editor");
        String preview = uploaded(editor, FILE);
        String started = ConsoleClient.location(editor.post(preview, Map.of("_csrf", editor.csrf(preview))))
                .replaceFirst("^https?://[^/]+", "");

        ConsoleClient stranger = users.signedIn(users.organization("Other Org"), "owner");
        String token = stranger.csrf("/console/campaigns");
        assertThat(stranger.get(base() + "/imports/new").statusCode()).isEqualTo(404);
        assertThat(stranger.postFile(base() + "/imports/upload?_csrf=" + token, "file", "g.csv", FILE.getBytes())
                        .statusCode())
                .isEqualTo(404);
        assertThat(stranger.get(preview).statusCode()).isEqualTo(404);
        assertThat(stranger.get(started).statusCode()).isEqualTo(404);
        assertThat(stranger.get(started + "/progress").statusCode()).isEqualTo(404);
        assertThat(stranger.get(started + "/refused.csv").statusCode()).isEqualTo(404);
        assertThat(stranger.get(base() + "/recipients.csv").statusCode()).isEqualTo(404);
    }
}
