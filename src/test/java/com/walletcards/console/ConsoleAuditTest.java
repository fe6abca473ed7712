package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The console's writes in the audit log, and the audit page for owners only, on H2 and PostgreSQL. */
@DatabaseTest
class ConsoleAuditTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;
    Api api;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Audited Org");
        api = new Api(port, access.issueKey(org.id(), "reader", Scope.all()).secret());
    }

    @Test
    void aUserAddedInTheConsoleIsRecordedWithTheOwnerAsActor() {
        String owner = users.withPassword(org, "owner");
        ConsoleClient browser = users.signedIn(owner);
        String token = browser.csrf("/console/users");
        String added = ConsoleUsersForTests.email("added");

        HttpResponse<String> answer = browser.post(
                "/console/users", Map.of("email", added, "name", "Grace", "role", "editor", "_csrf", token));

        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode event = api.get("/v1/audit-events").data().get("events").get(0);
        assertThat(event.get("action").asString()).isEqualTo("user.added");
        assertThat(event.get("actor").get("type").asString()).isEqualTo("user");
        assertThat(event.get("actor").get("name").asString()).isEqualTo(owner);
        assertThat(event.get("target").get("type").asString()).isEqualTo("user");
        assertThat(event.get("detail").get("role").asString()).isEqualTo("editor");
    }

    @Test
    void theOwnerSeesEveryWriteNewestFirstAndFiltersByActorAndTarget() {
        String campaign = new Flows(api).campaign();
        new Flows(api).campaign();
        String owner = users.withPassword(org, "owner");
        ConsoleClient browser = users.signedIn(owner);

        String all = browser.get("/console/audit").body();
        String filtered = browser.get("/console/audit?target=" + campaign).body();
        String none = browser.get("/console/audit?actor=nobody").body();

        assertThat(all).contains("campaign.created", "user.signedIn", "href=\"/console/audit\"");
        assertThat(all.indexOf("user.signedIn")).isLessThan(all.indexOf("campaign.created"));
        assertThat(occurrences(all, "<code class=\"action\">campaign.created</code>"))
                .isEqualTo(2);
        assertThat(occurrences(filtered, "<code class=\"action\">campaign.created</code>"))
                .isEqualTo(1);
        assertThat(filtered).contains(campaign).doesNotContain("user.signedIn");
        assertThat(none).contains("No events match.");
    }

    @Test
    void editorsAndViewersAreRefusedWith403AndSeeNoLink() {
        for (String role : List.of("editor", "viewer")) {
            ConsoleClient browser = users.signedIn(users.withPassword(org, role));

            HttpResponse<String> page = browser.get("/console/audit");

            assertThat(page.statusCode()).as(role).isEqualTo(403);
            assertThat(page.body()).as(role).contains("Not allowed").doesNotContain("campaign.created");
            assertThat(browser.get("/console/campaigns").body()).as(role).doesNotContain("/console/audit");
        }
    }

    @Test
    void anotherOrganizationsEventsNeverShowOnThePage() {
        Organization other = users.organization("Other Org");
        String theirs = new Flows(new Api(
                        port, access.issueKey(other.id(), "other", Scope.all()).secret()))
                .campaign();
        ConsoleClient browser = users.signedIn(users.withPassword(org, "owner"));

        assertThat(browser.get("/console/audit").body()).doesNotContain(theirs);
        assertThat(browser.get("/console/audit?target=" + theirs).body()).contains("No events match.");
    }

    private static int occurrences(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }
}
