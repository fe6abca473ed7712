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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A campaign's recipients in the console over HTTP: the table's keyset pages, search, filters and
 * orders; a recipient's page with its journey; each action through its confirmation, its effect
 * seen through the API; a viewer refused, another organization's recipients not found.
 */
@DatabaseTest
class ConsoleRecipientsTest {

    private static final Pattern ROW = Pattern.compile("/recipients/(rcp_[0-9a-f]+)\"");
    private static final Pattern NEXT = Pattern.compile("rel=\"next\"\\s+href=\"([^\"]+)\"");
    private static final Pattern PREVIOUS = Pattern.compile("rel=\"prev\"\\s+href=\"([^\"]+)\"");

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
        org = users.organization("Recipients Org");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
    }

    /** Adds {@code n} recipients in one bulk add, numbered from 0: emails, names and external ids say their number. */
    static void addMany(Api api, String campaign, int n) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String number = String.format("%03d", i);
            items.add(Map.of(
                    "email", "guest" + number + "@example.org",
                    "name", "Guest " + number,
                    "externalId", "EXT-" + number));
        }
        Api.Response added = api.post(
                "/v1/campaigns/" + campaign + "/recipients/bulk", Map.of("recipients", items, "sendEmail", false));
        assertThat(added.status()).as(added.body()).isBetween(200, 202);
    }

    static List<String> ids(String page) {
        List<String> ids = new ArrayList<>();
        Matcher m = ROW.matcher(page);
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    static String link(Pattern rel, String page) {
        Matcher m = rel.matcher(page);
        assertThat(m.find()).as("a link %s", rel).isTrue();
        return m.group(1).replace("&amp;", "&");
    }

    @Test
    void theTablePagesByCursorsNewestFirstAndBackWithoutCountingRows() {
        String c = flows.campaign(Map.of("name", "Big Fair"));
        addMany(api, c, 60);
        ConsoleClient owner = users.signedIn(org, "owner");

        String first = owner.get("/console/campaigns/" + c + "/recipients").body();
        assertThat(first).contains("60 recipients in this campaign", "guest059@example.org");
        assertThat(ids(first)).hasSize(50);
        assertThat(first).doesNotContain("rel=\"prev\"");
        String second = owner.get(link(NEXT, first)).body();
        assertThat(ids(second)).hasSize(10).doesNotContainAnyElementsOf(ids(first));
        assertThat(second).contains("guest000@example.org").doesNotContain("rel=\"next\"");
        String back = owner.get(link(PREVIOUS, second)).body();
        assertThat(ids(back)).isEqualTo(ids(first));
        assertThat(owner.get("/console/campaigns/" + c).body()).contains("/console/campaigns/" + c + "/recipients");
    }

    @Test
    void theTableSearchesByThePrefixOfEmailNameOrExternalIdAndFiltersByStatusAndWallet() {
        String c = flows.campaign(Map.of("name", "Search Fair"));
        addMany(api, c, 12);
        ConsoleClient owner = users.signedIn(org, "owner");
        String base = "/console/campaigns/" + c + "/recipients";

        assertThat(ids(owner.get(base + "?q=GUEST01").body()))
                .as("email, any case")
                .hasSize(2);
        assertThat(ids(owner.get(base + "?q=guest%20011").body())).as("name").hasSize(1);
        assertThat(ids(owner.get(base + "?q=EXT-00").body())).as("external id").hasSize(10);
        assertThat(ids(owner.get(base + "?q=uest").body()))
                .as("a prefix, not a part")
                .isEmpty();
        assertThat(ids(owner.get(base + "?q=%25").body()))
                .as("wildcards are letters")
                .isEmpty();

        String rid = ids(owner.get(base + "?q=guest003").body()).get(0);
        flows.waitForCard(c, rid, "created");
        flows.invite(c, rid);
        assertThat(flows.callback("alpha", "SAVE", flows.cardOf(c, rid)).status())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(
                        () -> assertThat(ids(owner.get(base + "?wallet=alpha").body()))
                                .containsExactly(rid));
        assertThat(owner.get(base + "?wallet=alpha").body()).contains("Apple Wallet");
        assertThat(ids(owner.get(base + "?wallet=beta").body())).isEmpty();
        assertThat(ids(owner.get(base + "?status=active").body())).containsExactly(rid);
        assertThat(ids(owner.get(base + "?status=active&wallet=alpha&q=guest").body()))
                .containsExactly(rid);
        assertThat(ids(owner.get(base + "?sort=activity").body()).get(0))
                .as("the latest activity first")
                .isEqualTo(rid);
        assertThat(ids(owner.get(base).body()).get(0)).as("newest added first").isNotEqualTo(rid);
        assertThat(flows.callback("alpha", "DELETE", flows.cardOf(c, rid)).status())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(
                        () -> assertThat(ids(owner.get(base + "?wallet=alpha").body()))
                                .isEmpty());
    }

    @Test
    void theRecipientsPageShowsItsDataAndItsJourneyInPlainWords() {
        String c = flows.campaign(Map.of("name", "Journey Fair", "timezone", "Europe/Berlin"));
        String rid = flows.recipient(
                        c, Map.of("externalId", "M-7", "recipientData", Map.of("seat", "B2"), "locale", "de"))
                .get("id")
                .asString();
        flows.waitForCard(c, rid, "created");
        flows.invite(c, rid);
        assertThat(flows.callback("alpha", "SAVE", flows.cardOf(c, rid)).status())
                .isEqualTo(200);
        ConsoleClient owner = users.signedIn(org, "owner");

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(owner.get("/console/campaigns/" + c + "/recipients/" + rid)
                                .body())
                        .contains("Added to the wallet"));
        String page =
                owner.get("/console/campaigns/" + c + "/recipients/" + rid).body();
        assertThat(page)
                .contains("Ada Lovelace", "M-7", "seat", "B2", "German", "In a wallet", "Apple Wallet")
                .contains("Invited", "Europe/Berlin", "Open the card page")
                .contains("Edit data", "Revoke the card", "Delete the recipient");
        assertThat(page.indexOf("Invited</strong>")).isLessThan(page.indexOf("Added to the wallet"));
        String german = owner.get("/console/campaigns/" + c + "/recipients/" + rid + "?lang=de")
                .body();
        assertThat(owner.get("/console/campaigns/" + c + "/recipients").body())
                .as("the choice is kept")
                .contains("Neueste zuerst");
        assertThat(german).contains("Dem Wallet hinzugef\u00fcgt", "Eingeladen");
    }

    @Test
    void eachActionGoesThroughItsConfirmationAndTheApiShowsItsEffect() {
        String c = flows.campaign(Map.of("name", "Action Fair"));
        String rid = flows.recipient(c, Map.of("recipientData", Map.of("seat", "A1")))
                .get("id")
                .asString();
        flows.waitForCard(c, rid, "created");
        ConsoleClient editor = users.signedIn(org, "editor");
        String page = "/console/campaigns/" + c + "/recipients/" + rid;
        String api1 = "/v1/campaigns/" + c + "/recipients/" + rid;

        HttpResponse<String> invalid = editor.post(
                page + "/edit", Map.of("name", "x".repeat(201), "phone", "", "_csrf", editor.csrf(page + "/edit")));
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.body()).contains("name: ");
        HttpResponse<String> edited = editor.post(
                page + "/edit",
                Map.of(
                        "name", "Grace Hopper",
                        "externalId", "G-1",
                        "data.seat", "C3",
                        "newKey", "row",
                        "newValue", "7",
                        "_csrf", editor.csrf(page + "/edit")));
        assertThat(edited.statusCode()).isEqualTo(302);
        assertThat(api.get(api1).data().get("name").asString()).isEqualTo("Grace Hopper");
        assertThat(api.get(api1).data().get("recipientData").toString()).contains("\"seat\":\"C3\"", "\"row\":\"7\"");

        assertThat(editor.get(page + "/invite").body()).contains("no email is sent");
        assertThat(editor.post(page + "/invite", Map.of("_csrf", editor.csrf(page + "/invite")))
                        .statusCode())
                .isEqualTo(302);
        assertThat(api.get(api1).data().get("status").asString()).isEqualTo("invited");

        assertThat(editor.get(page + "/revoke").body()).contains("Apple Wallet", "Google Wallet", "void");
        assertThat(editor.post(page + "/revoke", Map.of("_csrf", editor.csrf(page + "/revoke")))
                        .statusCode())
                .isEqualTo(302);
        assertThat(api.get(api1).data().get("status").asString()).isEqualTo("revoked");
        HttpResponse<String> again = editor.post(page + "/invite", Map.of("_csrf", editor.csrf(page + "/invite")));
        assertThat(again.statusCode())
                .as("a revoked recipient is not invited again")
                .isEqualTo(409);
        assertThat(again.body()).contains("revoked");

        assertThat(editor.get(page + "/delete").body()).contains("cannot be undone");
        assertThat(editor.post(page + "/delete", Map.of("_csrf", editor.csrf(page + "/delete")))
                        .statusCode())
                .isEqualTo(302);
        assertThat(api.get(api1).status()).isEqualTo(404);
        assertThat(jdbc.queryForList(
                        // The console's own writes; the API's add of this recipient is recorded too, by its key.
                        "SELECT action FROM audit_events WHERE organization_id = ? AND target_id = ? AND actor_type = 'user'"
                                + " ORDER BY at",
                        String.class,
                        org.id().value(),
                        rid))
                .containsExactly("recipient.updated", "recipient.invited", "recipient.revoked", "recipient.deleted");
    }

    @Test
    void aViewerSeesNoActionsAndIsRefusedThem() {
        String c = flows.campaign(Map.of("name", "Viewer Fair"));
        String rid = flows.recipient(c);
        ConsoleClient viewer = users.signedIn(org, "viewer");
        String page = "/console/campaigns/" + c + "/recipients/" + rid;

        assertThat(viewer.get(page).body()).contains("Ada Lovelace").doesNotContain("Revoke the card");
        assertThat(viewer.get(page + "/revoke").statusCode()).isEqualTo(403);
        assertThat(viewer.get(page + "/edit").statusCode()).isEqualTo(403);
        HttpResponse<String> refused = viewer.post(page + "/revoke", Map.of("_csrf", viewer.csrf(page)));
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(api.get("/v1/campaigns/" + c + "/recipients/" + rid)
                        .data()
                        .get("status")
                        .asString())
                .isNotEqualTo("revoked");
    }

    @Test
    void anotherOrganizationsRecipientsAreNotFound() {
        Organization other = users.organization("Other Recipients Org");
        Flows theirs = new Flows(
                new Api(port, access.issueKey(other.id(), "test", Scope.all()).secret()));
        String c = theirs.campaign(Map.of("name", "Their Fair"));
        String rid = theirs.recipient(c);
        String ours = flows.campaign(Map.of("name", "Our Fair"));
        ConsoleClient owner = users.signedIn(org, "owner");

        assertThat(owner.get("/console/campaigns/" + c + "/recipients").statusCode())
                .isEqualTo(404);
        assertThat(owner.get("/console/campaigns/" + c + "/recipients/" + rid).statusCode())
                .isEqualTo(404);
        assertThat(owner.get("/console/campaigns/" + ours + "/recipients/" + rid)
                        .statusCode())
                .isEqualTo(404);
        HttpResponse<String> revoke = owner.post(
                "/console/campaigns/" + c + "/recipients/" + rid + "/revoke",
                Map.of("_csrf", owner.csrf("/console/campaigns/" + ours + "/recipients")));
        assertThat(revoke.statusCode()).isEqualTo(404);
    }
}
