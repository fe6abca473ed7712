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
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The console's invitations over HTTP: a selection invited through the composer's confirmation,
 * every ready recipient invited in a run whose page reloads itself until the end, wording the
 * API would refuse refused here too, a viewer refused, another organization's campaign not found.
 */
@DatabaseTest
class ConsoleInvitationsTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcTemplate jdbc;

    ConsoleUsersForTests users;
    Organization org;
    Api api;
    Flows flows;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Invitations Org");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
    }

    private String readyRecipient(String campaign, String email) {
        String id = flows.recipient(campaign, Map.of("email", email, "name", "Guest " + email.charAt(0)))
                .get("id")
                .asString();
        flows.waitForCard(campaign, id, "created");
        return id;
    }

    private String status(String campaign, String recipient) {
        return api.get("/v1/campaigns/" + campaign + "/recipients/" + recipient)
                .data()
                .get("status")
                .asString();
    }

    @Test
    void aSelectedRecipientIsInvitedAfterTheConfirmationAndAnActiveOneIsSkippedWithTheReason() {
        String c = flows.campaign(Map.of("name", "Selection Fair"));
        String grace = readyRecipient(c, "grace@example.org");
        ConsoleClient editor = users.signedIn(org, "editor");
        String composer = "/console/campaigns/" + c + "/invitations";

        HttpResponse<String> opened = editor.get(composer + "?recipientId=" + grace);
        assertThat(opened.statusCode()).isEqualTo(200);
        assertThat(opened.body()).contains("grace@example.org", "{{eventName}}", "{{downloadUrl}}");
        HttpResponse<String> confirm = editor.post(
                composer + "/compose",
                Map.of(
                        "recipientId", grace,
                        "subject", "Your {{eventName}} ticket, {{name}}",
                        "sendEmail", "1",
                        "step", "confirm",
                        "_csrf", editor.csrf(composer)));
        assertThat(confirm.statusCode()).isEqualTo(200);
        assertThat(confirm.body())
                .contains("Your Selection Fair ticket, Guest g", "What recipients receive", "Invite 1 recipients");

        HttpResponse<String> done = editor.post(
                composer,
                Map.of(
                        "recipientId",
                        grace,
                        "subject",
                        "Your {{eventName}} ticket",
                        "sendEmail",
                        "1",
                        "_csrf",
                        editor.csrf(composer)));
        assertThat(done.statusCode()).isEqualTo(200);
        assertThat(done.body()).contains("1 recipients were invited.");
        assertThat(done.body().split("id=\"count-invited\"", -1))
                .as("the figures are shown once")
                .hasSize(2);
        assertThat(status(c, grace)).isEqualTo("invited");

        assertThat(flows.callback("alpha", "SAVE", flows.cardOf(c, grace)).status())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(20)).until(() -> status(c, grace).equals("active"));
        HttpResponse<String> again =
                editor.post(composer, Map.of("recipientId", grace, "_csrf", editor.csrf(composer)));
        assertThat(again.body()).contains("0 recipients were invited.", "grace@example.org", "already in a wallet");
        assertThat(jdbc.queryForList(
                        "SELECT action FROM audit_events WHERE organization_id = ? AND target_id = ? AND actor_type = 'user'",
                        String.class,
                        org.id().value(),
                        grace))
                .containsExactly("recipient.invited");
    }

    @Test
    void everyReadyRecipientIsInvitedInARunWhosePageReloadsItselfUntilTheEnd() {
        String c = flows.campaign(Map.of("name", "Run Fair"));
        ConsoleRecipientsTest.addMany(api, c, 7);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> api.get("/v1/campaigns/" + c + "/recipients?status=created&limit=1")
                        .body()
                        .contains("\"total\":7"));
        ConsoleClient owner = users.signedIn(org, "owner");
        String composer = "/console/campaigns/" + c + "/invitations";
        assertThat(owner.get(composer).body()).contains("7 recipients have a ready card");

        HttpResponse<String> started =
                owner.post(composer, Map.of("subject", "{{name}}", "_csrf", owner.csrf(composer)));
        assertThat(started.statusCode()).isEqualTo(302);
        String run = ConsoleClient.location(started).replaceFirst("^https?://[^/]+", "");
        assertThat(run).contains("/invitations/runs/");
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(owner.get(run).body())
                        .contains("Done: 7 recipients were invited.", "7 of 7 invited")
                        .doesNotContain("http-equiv=\"refresh\""));
        assertThat(owner.get(run + "/progress").body()).contains("\"state\":\"finished\"", "\"invited\":7");
        assertThat(api.get("/v1/campaigns/" + c + "/recipients?status=invited&limit=1")
                        .body())
                .contains("\"total\":7");
        assertThat(jdbc.queryForList(
                        "SELECT action FROM audit_events WHERE organization_id = ? AND target_id = ? AND actor_type = 'user'",
                        String.class,
                        org.id().value(),
                        c))
                .contains("recipients.invited");
    }

    @Test
    void wordingTheApiWouldRefuseIsRefusedWithTheFieldsReason() {
        String c = flows.campaign(Map.of("name", "Long Fair"));
        String rid = readyRecipient(c, "long@example.org");
        ConsoleClient editor = users.signedIn(org, "editor");
        String composer = "/console/campaigns/" + c + "/invitations";
        HttpResponse<String> refused = editor.post(
                composer,
                Map.of(
                        "recipientId",
                        rid,
                        "subject",
                        "x".repeat(201),
                        "sendEmail",
                        "1",
                        "_csrf",
                        editor.csrf(composer)));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("email.subject: must be at most 200 characters");
        assertThat(status(c, rid)).isEqualTo("created");
    }

    @Test
    void aViewerIsRefusedAndAnotherOrganizationsCampaignIsNotFound() {
        String c = flows.campaign(Map.of("name", "Guarded Fair"));
        String rid = flows.recipient(c);
        ConsoleClient viewer = users.signedIn(org, "viewer");
        String composer = "/console/campaigns/" + c + "/invitations";
        String token = viewer.csrf("/console/campaigns/" + c + "/recipients");
        assertThat(viewer.get("/console/campaigns/" + c + "/recipients").body()).doesNotContain("Invite selected");
        assertThat(viewer.get(composer).statusCode()).isEqualTo(403);
        assertThat(viewer.post(composer, Map.of("recipientId", rid, "_csrf", token))
                        .statusCode())
                .isEqualTo(403);
        assertThat(viewer.post(composer + "/compose", Map.of("step", "test", "preview", rid, "_csrf", token))
                        .statusCode())
                .isEqualTo(403);

        ConsoleClient stranger = users.signedIn(users.organization("Other Org"), "owner");
        String theirs = stranger.csrf("/console/campaigns");
        assertThat(stranger.get(composer).statusCode()).isEqualTo(404);
        assertThat(stranger.post(composer, Map.of("_csrf", theirs)).statusCode())
                .isEqualTo(404);
        assertThat(stranger.post(composer + "/compose", Map.of("step", "test", "preview", rid, "_csrf", theirs))
                        .statusCode())
                .isEqualTo(404);
        assertThat(stranger.get(composer + "/runs/anything").statusCode()).isEqualTo(404);
        assertThat(status(c, rid)).isNotEqualTo("invited");
    }
}
