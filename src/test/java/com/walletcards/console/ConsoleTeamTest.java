package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Changing roles and removing users over HTTP, on H2 and PostgreSQL. */
@DatabaseTest
class ConsoleTeamTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;
    Api auditReader;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Team Org");
        auditReader =
                new Api(port, access.issueKey(org.id(), "auditor", Scope.all()).secret());
    }

    @Test
    void aNewRoleAppliesOnTheUsersNextRequestAndIsRecorded() {
        String owner = users.withPassword(org, "owner");
        String editor = users.withPassword(org, "editor");
        ConsoleClient ownerBrowser = users.signedIn(owner);
        ConsoleClient editorBrowser = users.signedIn(editor);
        assertThat(editorBrowser.get("/console/users").statusCode()).isEqualTo(403);
        String editorId = userId(ownerBrowser.get("/console/users").body(), editor);

        String confirmation = ownerBrowser
                .get("/console/users/" + editorId + "/role?role=owner")
                .body();
        HttpResponse<String> changed = ownerBrowser.post(
                "/console/users/" + editorId + "/role",
                Map.of("role", "owner", "_csrf", ownerBrowser.csrf("/console/users")));

        assertThat(confirmation).contains("Give " + editor + " the role Owner?");
        assertThat(changed.statusCode()).isEqualTo(302);
        assertThat(ownerBrowser.get("/console/users").body()).contains("The role of " + editor + " was changed");
        HttpResponse<String> next = editorBrowser.get("/console/users");
        assertThat(next.statusCode()).isEqualTo(200);
        assertThat(next.body()).contains("(Owner)");
        JsonNode event = auditReader
                .get("/v1/audit-events?target=" + editorId)
                .data()
                .get("events")
                .get(0);
        assertThat(event.get("action").asString()).isEqualTo("user.roleChanged");
        assertThat(event.get("actor").get("name").asString()).isEqualTo(owner);
        assertThat(event.get("detail").get("from").asString()).isEqualTo("editor");
        assertThat(event.get("detail").get("to").asString()).isEqualTo("owner");
    }

    @Test
    void aRemovedUserIsSignedOutAtOnceCannotSignInAgainAndTheRemovalIsRecorded() {
        String owner = users.withPassword(org, "owner");
        String viewer = users.withPassword(org, "viewer");
        ConsoleClient ownerBrowser = users.signedIn(owner);
        ConsoleClient viewerBrowser = users.signedIn(viewer);
        assertThat(viewerBrowser.get("/console/campaigns").statusCode()).isEqualTo(200);
        String viewerId = userId(ownerBrowser.get("/console/users").body(), viewer);

        String confirmation =
                ownerBrowser.get("/console/users/" + viewerId + "/remove").body();
        HttpResponse<String> removed = ownerBrowser.post(
                "/console/users/" + viewerId + "/remove", Map.of("_csrf", ownerBrowser.csrf("/console/users")));

        assertThat(confirmation).contains("Remove " + viewer + "?", "signed out at once");
        assertThat(removed.statusCode()).isEqualTo(302);
        assertThat(ownerBrowser.get("/console/users").body())
                .contains(viewer + " was removed")
                .doesNotContain(">" + viewer + "<");
        HttpResponse<String> next = viewerBrowser.get("/console/campaigns");
        assertThat(next.statusCode()).isEqualTo(302);
        assertThat(ConsoleClient.location(next)).endsWith("/console/sign-in");
        assertThat(new ConsoleClient(port)
                        .signIn(viewer, ConsoleUsersForTests.PASSWORD)
                        .headers()
                        .firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).contains("error"));
        JsonNode event = auditReader
                .get("/v1/audit-events?target=" + viewerId)
                .data()
                .get("events")
                .get(0);
        assertThat(event.get("action").asString()).isEqualTo("user.removed");
        assertThat(event.get("actor").get("name").asString()).isEqualTo(owner);
        assertThat(event.get("detail").get("role").asString()).isEqualTo("viewer");
    }

    @Test
    void theLastOwnerCanNeitherBeDemotedNorRemoveThemselves() {
        String owner = users.withPassword(org, "owner");
        ConsoleClient browser = users.signedIn(owner);
        String ownerId = userId(browser.get("/console/users").body(), owner);

        HttpResponse<String> demoted = browser.post(
                "/console/users/" + ownerId + "/role",
                Map.of("role", "editor", "_csrf", browser.csrf("/console/users")));
        HttpResponse<String> removed =
                browser.post("/console/users/" + ownerId + "/remove", Map.of("_csrf", browser.csrf("/console/users")));

        assertThat(demoted.statusCode()).isEqualTo(409);
        assertThat(demoted.body()).contains("at least one owner");
        assertThat(removed.statusCode()).isEqualTo(409);
        assertThat(removed.body()).contains("You cannot remove yourself");
        HttpResponse<String> still = browser.get("/console/users");
        assertThat(still.statusCode()).isEqualTo(200);
        assertThat(still.body()).contains(owner);
    }

    @Test
    void anOwnerWithAnotherOwnerBesideThemMayStepDownAndIsThenAnEditor() {
        String owner = users.withPassword(org, "owner");
        users.withPassword(org, "owner");
        ConsoleClient browser = users.signedIn(owner);
        String ownerId = userId(browser.get("/console/users").body(), owner);

        HttpResponse<String> demoted = browser.post(
                "/console/users/" + ownerId + "/role",
                Map.of("role", "editor", "_csrf", browser.csrf("/console/users")));

        assertThat(demoted.statusCode()).isEqualTo(302);
        assertThat(ConsoleClient.location(demoted)).endsWith("/console/campaigns");
        assertThat(browser.get("/console/users").statusCode()).isEqualTo(403);
    }

    @Test
    void editorsAndViewersAreRefusedWith403() {
        String ownerEmail = users.withPassword(org, "owner");
        String ownerId = userId(users.signedIn(ownerEmail).get("/console/users").body(), ownerEmail);
        for (String role : List.of("editor", "viewer")) {
            ConsoleClient browser = users.signedIn(users.withPassword(org, role));
            String token = browser.csrf("/console/campaigns");

            assertThat(browser.get("/console/users/" + ownerId + "/role?role=viewer")
                            .statusCode())
                    .as(role)
                    .isEqualTo(403);
            assertThat(browser.get("/console/users/" + ownerId + "/remove").statusCode())
                    .as(role)
                    .isEqualTo(403);
            assertThat(browser.post("/console/users/" + ownerId + "/role", Map.of("role", "viewer", "_csrf", token))
                            .statusCode())
                    .as(role)
                    .isEqualTo(403);
            assertThat(browser.post("/console/users/" + ownerId + "/remove", Map.of("_csrf", token))
                            .statusCode())
                    .as(role)
                    .isEqualTo(403);
        }
        assertThat(users.signedIn(ownerEmail).get("/console/users").statusCode())
                .isEqualTo(200);
    }

    @Test
    void anotherOrganizationsUserIsNotFound() {
        Organization other = users.organization("Other Team Org");
        String theirs = users.withPassword(other, "editor");
        String theirId = userId(
                users.signedIn(users.withPassword(other, "owner"))
                        .get("/console/users")
                        .body(),
                theirs);
        ConsoleClient browser = users.signedIn(users.withPassword(org, "owner"));
        String token = browser.csrf("/console/users");

        assertThat(browser.get("/console/users").body()).doesNotContain(theirs);
        assertThat(browser.get("/console/users/" + theirId + "/role?role=viewer")
                        .statusCode())
                .isEqualTo(404);
        assertThat(browser.get("/console/users/" + theirId + "/remove").statusCode())
                .isEqualTo(404);
        assertThat(browser.post("/console/users/" + theirId + "/role", Map.of("role", "viewer", "_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(browser.post("/console/users/" + theirId + "/remove", Map.of("_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(users.signedIn(theirs).get("/console/campaigns").statusCode())
                .isEqualTo(200);
    }

    /** The id of the user in the users page's row of that email. */
    static String userId(String page, String email) {
        String row = page.substring(page.indexOf(">" + email + "<"));
        Matcher m = Pattern.compile("/console/users/([^/\"]+)/role").matcher(row);
        assertThat(m.find()).as("a role form for " + email).isTrue();
        return m.group(1);
    }
}
