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

/** The API keys page over HTTP, on H2 and PostgreSQL: owners only, the organization's keys only. */
@DatabaseTest
class ConsoleKeysTest {

    private static final Pattern SECRET = Pattern.compile("id=\"secret\"[^>]*>([^<]+)</textarea>");

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
        org = users.organization("Keyed Org");
        auditReader =
                new Api(port, access.issueKey(org.id(), "auditor", Scope.all()).secret());
    }

    @Test
    void aKeyCreatedInTheConsoleWorksWithItsScopesAndIsRefusedRightAfterItsRevocation() {
        String owner = users.withPassword(org, "owner");
        ConsoleClient browser = users.signedIn(owner);

        HttpResponse<String> created = browser.post(
                "/console/keys",
                Map.of("name", "box office", "scopes", "campaigns:read", "_csrf", browser.csrf("/console/keys")));

        assertThat(created.statusCode()).isEqualTo(200);
        assertThat(created.headers().firstValue("Cache-Control")).hasValue("no-store");
        String secret = secret(created.body());
        Api withKey = new Api(port, secret);
        assertThat(withKey.get("/v1/campaigns").status()).isEqualTo(200);
        assertThat(withKey.post("/v1/campaigns", Map.of("name", "Refused")).status())
                .isEqualTo(403);
        String list = browser.get("/console/keys").body();
        assertThat(list)
                .contains("box office", secret.substring(0, 10), "campaigns:read")
                .doesNotContain(secret);
        String keyId = keyId(list);
        assertThat(browser.get("/console/keys/" + keyId + "/revoke").body()).contains("Revoke the key box office?");

        HttpResponse<String> revoked =
                browser.post("/console/keys/" + keyId + "/revoke", Map.of("_csrf", browser.csrf("/console/keys")));

        assertThat(revoked.statusCode()).isEqualTo(302);
        assertThat(withKey.get("/v1/campaigns").status()).isEqualTo(401);
        assertThat(browser.get("/console/keys").body()).contains("was revoked", "Revoked keys");
        assertThat(browser.get("/console/keys/" + keyId + "/revoke").statusCode())
                .isEqualTo(404);
    }

    @Test
    void theKeysPageShowsWhenEachKeyWasLastUsed() {
        ConsoleClient browser = users.signedIn(users.withPassword(org, "owner"));
        String secret = access.issueKey(org.id(), "unused yet", Scope.all()).secret();

        assertThat(browser.get("/console/keys").body()).contains("Never");
        new Api(port, secret).get("/v1/campaigns");

        String row = browser.get("/console/keys").body();
        String unused = row.substring(row.indexOf("unused yet"));
        assertThat(unused.substring(0, unused.indexOf("</tr>")))
                .doesNotContain("Never")
                .contains("UTC");
    }

    @Test
    void creatingAndRevokingAreRecordedWithTheOwnerAsActor() {
        String owner = users.withPassword(org, "owner");
        ConsoleClient browser = users.signedIn(owner);
        browser.post(
                "/console/keys",
                Map.of("name", "recorded", "scopes", "webhooks:read", "_csrf", browser.csrf("/console/keys")));
        String keyId = keyId(browser.get("/console/keys").body());
        browser.post("/console/keys/" + keyId + "/revoke", Map.of("_csrf", browser.csrf("/console/keys")));

        JsonNode events =
                auditReader.get("/v1/audit-events?target=" + keyId).data().get("events");

        assertThat(events).hasSize(2);
        assertThat(events.get(0).get("action").asString()).isEqualTo("api_key.revoked");
        assertThat(events.get(1).get("action").asString()).isEqualTo("api_key.created");
        for (JsonNode event : events) {
            assertThat(event.get("actor").get("type").asString()).isEqualTo("user");
            assertThat(event.get("actor").get("name").asString()).isEqualTo(owner);
            assertThat(event.get("target").get("type").asString()).isEqualTo("api_key");
        }
    }

    @Test
    void aKeyWithoutNameOrScopeIsRefusedWithAMessage() {
        ConsoleClient browser = users.signedIn(users.withPassword(org, "owner"));

        HttpResponse<String> noScope =
                browser.post("/console/keys", Map.of("name", "nothing", "_csrf", browser.csrf("/console/keys")));
        HttpResponse<String> unknownScope = browser.post(
                "/console/keys",
                Map.of("name", "odd", "scopes", "everything:write", "_csrf", browser.csrf("/console/keys")));
        HttpResponse<String> noName = browser.post(
                "/console/keys", Map.of("scopes", "campaigns:read", "_csrf", browser.csrf("/console/keys")));

        for (HttpResponse<String> refused : List.of(noScope, unknownScope, noName)) {
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(refused.body()).contains("choose at least one scope").doesNotContain("id=\"secret\"");
        }
        assertThat(access.keys(org.id())).extracting(k -> k.name()).containsOnly("auditor");
    }

    @Test
    void editorsAndViewersAreRefusedWith403AndSeeNoLink() {
        String keyId = access.issueKey(org.id(), "kept", Scope.all()).key().id();
        for (String role : List.of("editor", "viewer")) {
            ConsoleClient browser = users.signedIn(users.withPassword(org, role));
            String token = browser.csrf("/console/campaigns");

            assertThat(browser.get("/console/keys").statusCode()).as(role).isEqualTo(403);
            assertThat(browser.get("/console/keys/" + keyId + "/revoke").statusCode())
                    .as(role)
                    .isEqualTo(403);
            HttpResponse<String> create =
                    browser.post("/console/keys", Map.of("name", "sneaky", "scopes", "campaigns:read", "_csrf", token));
            HttpResponse<String> revoke = browser.post("/console/keys/" + keyId + "/revoke", Map.of("_csrf", token));
            assertThat(create.statusCode()).as(role).isEqualTo(403);
            assertThat(create.body()).as(role).contains("Not allowed").doesNotContain("id=\"secret\"");
            assertThat(revoke.statusCode()).as(role).isEqualTo(403);
            assertThat(browser.get("/console/campaigns").body()).as(role).doesNotContain("/console/keys");
        }
        assertThat(access.keys(org.id()))
                .allSatisfy(k -> assertThat(k.revokedAt()).isNull());
        assertThat(access.keys(org.id())).hasSize(2);
    }

    @Test
    void anotherOrganizationsKeyIsNotFoundAndKeepsWorking() {
        Organization other = users.organization("Other Keyed Org");
        var theirs = access.issueKey(other.id(), "theirs", Scope.all());
        ConsoleClient browser = users.signedIn(users.withPassword(org, "owner"));

        assertThat(browser.get("/console/keys").body()).doesNotContain("theirs");
        assertThat(browser.get("/console/keys/" + theirs.key().id() + "/revoke").statusCode())
                .isEqualTo(404);
        HttpResponse<String> revoke = browser.post(
                "/console/keys/" + theirs.key().id() + "/revoke", Map.of("_csrf", browser.csrf("/console/keys")));

        assertThat(revoke.statusCode()).isEqualTo(404);
        assertThat(new Api(port, theirs.secret()).get("/v1/campaigns").status()).isEqualTo(200);
    }

    static String secret(String page) {
        Matcher m = SECRET.matcher(page);
        assertThat(m.find()).as("secret on the page").isTrue();
        return m.group(1);
    }

    /** The id of the first (newest) key the list offers to revoke. */
    static String keyId(String page) {
        Matcher m = Pattern.compile("/console/keys/([^/\"]+)/revoke").matcher(page);
        assertThat(m.find()).as("a key to revoke").isTrue();
        return m.group(1);
    }
}
