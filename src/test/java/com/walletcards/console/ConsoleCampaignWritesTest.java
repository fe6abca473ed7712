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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Campaigns written in the console over HTTP: changes saved at once or after a summary, the
 * lifecycle moves, and who may do what (roles, CSRF, another organization).
 */
@DatabaseTest
class ConsoleCampaignWritesTest {

    private static final Pattern HIDDEN =
            Pattern.compile("<input type=\"hidden\" name=\"([^\"]+)\" value=\"([^\"]*)\">");

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    ConsoleUsersForTests users;
    Organization org;
    Api api;
    Flows flows;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Writes Org");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
    }

    private static Map<String, String> form(String... pairs) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            form.put(pairs[i], pairs[i + 1]);
        }
        return form;
    }

    private JsonNode campaign(String id) {
        return api.get("/v1/campaigns/" + id).data();
    }

    @Test
    void aChangeToACampaignWithoutInstalledCardsIsSavedAtOnceAndAudited() {
        String id = flows.campaign(Map.of("name", "Quiet Fair"));
        ConsoleClient editor = users.signedIn(org, "editor");
        String token = editor.csrf("/console/campaigns/" + id + "/edit");

        HttpResponse<String> saved = editor.post(
                "/console/campaigns/" + id + "/changes",
                form("_csrf", token, "name", "Loud Fair", "campaignData.venue.name", "Hall 7", "metadata.crm", "c-9"));

        assertThat(saved.statusCode()).isEqualTo(302);
        assertThat(ConsoleClient.location(saved)).endsWith("/console/campaigns/" + id + "?done=saved");
        assertThat(campaign(id).get("name").asString()).isEqualTo("Loud Fair");
        assertThat(campaign(id).at("/campaignData/venue/name").asString()).isEqualTo("Hall 7");
        assertThat(campaign(id).at("/metadata/crm").asString()).isEqualTo("c-9");
        assertThat(jdbc.sql("SELECT count(*) FROM audit_events WHERE action = 'campaign.updated' AND target_id = ?")
                        .param(id)
                        .query(Long.class)
                        .single())
                .isEqualTo(1);

        HttpResponse<String> same =
                editor.post("/console/campaigns/" + id + "/changes", form("_csrf", token, "name", "Loud Fair"));
        assertThat(ConsoleClient.location(same)).endsWith("?done=unchanged");
        assertThat(editor.get("/console/campaigns/" + id + "?done=unchanged").body())
                .contains("Nothing changed");
    }

    @Test
    void aRefusedChangeShowsTheApisErrorNextToTheFieldAndKeepsWhatWasTyped() {
        String id = flows.campaign(Map.of("name", "Colour Fair"));
        ConsoleClient editor = users.signedIn(org, "editor");
        String token = editor.csrf("/console/campaigns/" + id + "/edit");

        HttpResponse<String> refused = editor.post(
                "/console/campaigns/" + id + "/changes",
                form("_csrf", token, "name", "Typed name", "campaignData.design.backgroundColor", "red"));

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body())
                .contains("id=\"e-f-campaignData-design-backgroundColor\"", "must be a colour #RRGGBB")
                .contains("value=\"Typed name\"")
                .contains("aria-invalid=\"true\"");
        assertThat(campaign(id).get("name").asString()).isEqualTo("Colour Fair");
    }

    @Test
    void aChangeToALiveCampaignIsSummarizedPerWalletAndSentOnlyOnConfirmation() {
        String id = flows.campaign(Map.of(
                "name",
                "Live Concert",
                "startDate",
                "2031-07-01",
                "campaignData",
                Map.of("location", "Hall A", "start_time", "18:00")));
        List<String> cards = List.of(flows.recipient(id), flows.recipient(id), flows.recipient(id)).stream()
                .map(r -> {
                    flows.waitForCard(id, r, "created");
                    return flows.cardOf(id, r);
                })
                .toList();
        assertThat(flows.callback("alpha", "SAVE", cards.get(0)).status()).isEqualTo(200);
        assertThat(flows.callback("beta", "SAVE", cards.get(1)).status()).isEqualTo(200);
        assertThat(flows.callback("beta", "SAVE", cards.get(2)).status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(api.get("/v1/campaigns/" + id + "/stats")
                                .data()
                                .at("/byProvider/beta/installed")
                                .asLong())
                        .isEqualTo(2));
        ConsoleClient editor = users.signedIn(org, "editor");
        String token = editor.csrf("/console/campaigns/" + id + "/edit");

        HttpResponse<String> summary = editor.post(
                "/console/campaigns/" + id + "/changes",
                form("_csrf", token, "campaignData.start_time", "19:30", "campaignData.location", "Hall B"));

        assertThat(summary.statusCode()).isEqualTo(200);
        assertThat(summary.body())
                .contains("Check the change before it is sent")
                .contains("1 installed card on no registered devices")
                .contains("2 installed cards: one update of the campaign")
                .contains("No installed cards: they change at their next re-issuance")
                .contains("New start: 19:30", "New venue: Hall B")
                .contains("18:00", "19:30", "Hall A", "Hall B");
        assertThat(campaign(id).at("/campaignData/start_time").asString()).isEqualTo("18:00");

        Map<String, String> confirmation = hiddenFields(summary.body());
        confirmation.put("_csrf", token);
        Map<String, String> stale = new LinkedHashMap<>(confirmation);
        stale.put("version", "0-0");
        HttpResponse<String> refused = editor.post("/console/campaigns/" + id + "/changes/confirm", stale);
        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.body()).contains("changed by someone else", "Confirm and send");
        assertThat(campaign(id).at("/campaignData/start_time").asString()).isEqualTo("18:00");

        HttpResponse<String> confirmed = editor.post("/console/campaigns/" + id + "/changes/confirm", confirmation);

        assertThat(confirmed.statusCode()).isEqualTo(302);
        assertThat(ConsoleClient.location(confirmed)).endsWith("?done=saved");
        assertThat(campaign(id).at("/campaignData/start_time").asString()).isEqualTo("19:30");
        assertThat(campaign(id).at("/campaignData/location").asString()).isEqualTo("Hall B");
    }

    @Test
    void aCampaignIsArchivedUnarchivedAndDeletedThroughConfirmationPages() {
        String id = flows.campaign(Map.of("name", "Shelved Fair"));
        ConsoleClient owner = users.signedIn(org, "owner");

        String archivePage = owner.get("/console/campaigns/" + id + "/archive").body();
        assertThat(archivePage).contains("no new recipients", "Installed cards stay");
        HttpResponse<String> archived = owner.post(
                "/console/campaigns/" + id + "/archive",
                form("_csrf", owner.csrf("/console/campaigns/" + id + "/archive")));
        assertThat(ConsoleClient.location(archived)).endsWith("?done=archived");
        assertThat(campaign(id).get("status").asString()).isEqualTo("archived");

        assertThat(owner.get("/console/campaigns/" + id + "/unarchive").body()).contains("back to draft");
        owner.post(
                "/console/campaigns/" + id + "/unarchive",
                form("_csrf", owner.csrf("/console/campaigns/" + id + "/unarchive")));
        assertThat(campaign(id).get("status").asString()).isEqualTo("draft");

        assertThat(owner.get("/console/campaigns/" + id + "/delete").body()).contains("receive no more updates");
        HttpResponse<String> deleted = owner.post(
                "/console/campaigns/" + id + "/delete",
                form("_csrf", owner.csrf("/console/campaigns/" + id + "/delete")));
        assertThat(ConsoleClient.location(deleted)).endsWith("/console/campaigns?done=deleted");
        assertThat(api.get("/v1/campaigns/" + id).status()).isEqualTo(404);
        assertThat(owner.get("/console/campaigns/" + id).statusCode()).isEqualTo(404);
        // The console's own writes; the API's create of this campaign is recorded too, by its key.
        assertThat(jdbc.sql("SELECT action FROM audit_events WHERE target_id = ? AND actor_type = 'user' ORDER BY at")
                        .param(id)
                        .query(String.class)
                        .list())
                .containsExactly("campaign.archived", "campaign.unarchived", "campaign.deleted");
    }

    @Test
    void aViewerSeesNoActionAndIsRefusedEveryWrite() {
        String id = flows.campaign(Map.of("name", "Look Only"));
        ConsoleClient viewer = users.signedIn(org, "viewer");
        String token = viewer.csrf("/console/passkeys");

        assertThat(viewer.get("/console/campaigns/" + id).body()).doesNotContain("/edit\"", "/archive\"", "/delete\"");
        assertThat(viewer.get("/console/campaigns").body()).doesNotContain("/console/campaigns/new");
        assertThat(viewer.get("/console/campaigns/new").statusCode()).isEqualTo(403);
        assertThat(viewer.get("/console/campaigns/" + id + "/edit").statusCode())
                .isEqualTo(403);
        for (String path : List.of("/changes", "/changes/confirm", "/archive", "/unarchive", "/delete")) {
            assertThat(viewer.post("/console/campaigns/" + id + path, form("_csrf", token, "name", "X"))
                            .statusCode())
                    .as(path)
                    .isEqualTo(403);
        }
        assertThat(viewer.post("/console/campaigns/new", form("_csrf", token, "name", "X", "campaignType", "event"))
                        .statusCode())
                .isEqualTo(403);
        assertThat(campaign(id).get("name").asString()).isEqualTo("Look Only");
    }

    @Test
    void aWriteWithoutTheCsrfTokenIsRefused() {
        String id = flows.campaign(Map.of("name", "Token Fair"));
        ConsoleClient editor = users.signedIn(org, "editor");

        assertThat(editor.post("/console/campaigns/" + id + "/changes", form("name", "Forged"))
                        .statusCode())
                .isEqualTo(403);
        assertThat(editor.post("/console/campaigns/" + id + "/delete", Map.of()).statusCode())
                .isEqualTo(403);
        assertThat(campaign(id).get("name").asString()).isEqualTo("Token Fair");
    }

    @Test
    void anotherOrganizationsCampaignIsNotFoundOnEveryNewPath() {
        Organization other = users.organization("Other Writes Org");
        String theirs = new Flows(new Api(
                        port, access.issueKey(other.id(), "test", Scope.all()).secret()))
                .campaign(Map.of("name", "Their Campaign"));
        ConsoleClient owner = users.signedIn(org, "owner");
        String token = owner.csrf("/console/campaigns/new");

        for (String path : List.of("/edit", "/archive", "/unarchive", "/delete")) {
            assertThat(owner.get("/console/campaigns/" + theirs + path).statusCode())
                    .as("GET " + path)
                    .isEqualTo(404);
        }
        for (String path : List.of("/changes", "/changes/confirm", "/archive", "/unarchive", "/delete")) {
            HttpResponse<String> answer =
                    owner.post("/console/campaigns/" + theirs + path, form("_csrf", token, "name", "Mine now"));
            assertThat(answer.statusCode()).as("POST " + path).isEqualTo(404);
            assertThat(answer.body()).doesNotContain("Their Campaign");
        }
        assertThat(new Api(
                                port,
                                access.issueKey(other.id(), "test2", Scope.all())
                                        .secret())
                        .get("/v1/campaigns/" + theirs)
                        .data()
                        .get("name")
                        .asString())
                .isEqualTo("Their Campaign");
    }

    private static Map<String, String> hiddenFields(String html) {
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher m = HIDDEN.matcher(html);
        while (m.find()) {
            fields.put(
                    m.group(1),
                    m.group(2).replace("&amp;", "&").replace("&quot;", "\"").replace("&#39;", "'"));
        }
        return fields;
    }
}
