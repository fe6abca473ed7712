package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A campaign's notifications in the console over HTTP: the composer checked as the API checks a
 * request, the confirmation, sending, scheduling in the campaign's time zone, cancelling, the
 * quota; the effects seen through the API and the audit log; a viewer refused, another
 * organization's campaign not found.
 */
@DatabaseTest
class ConsoleNotificationsTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

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
    String campaign;
    String base;

    @BeforeEach
    void campaign() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Notifications Org");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
        campaign = flows.campaign(Map.of("name", "Harbour Festival", "timezone", "Europe/Berlin"));
        base = "/console/campaigns/" + campaign + "/notifications";
    }

    /** What the composer posts, with the page's CSRF token. */
    private static Map<String, String> form(ConsoleClient client, String page, String... pairs) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            form.put(pairs[i], pairs[i + 1]);
        }
        form.put("_csrf", client.csrf(page));
        return form;
    }

    /** A time as a datetime-local field holds it, in Berlin, {@code hours} from now. */
    private static String berlinIn(long hours) {
        return LocalDateTime.now(BERLIN)
                .plusHours(hours)
                .truncatedTo(ChronoUnit.MINUTES)
                .toString();
    }

    @Test
    void aMessageIsReviewedWithTheCardsItReachesThenSentAndAudited() {
        String rid = flows.recipient(campaign);
        flows.waitForCard(campaign, rid, "created");
        flows.invite(campaign, rid);
        assertThat(flows.callback("alpha", "SAVE", flows.cardOf(campaign, rid)).status())
                .isEqualTo(200);
        flows.waitForCard(campaign, rid, "active");
        ConsoleClient editor = users.signedIn(org, "editor");

        assertThat(editor.get("/console/campaigns/" + campaign).body()).contains(base);
        String composer = editor.get(base + "/new").body();
        assertThat(composer)
                .contains("3 of 3 notifications left", "0 of 100 characters", "0 of 500 characters")
                .contains("maxlength=\"100\"", "maxlength=\"500\"", "Europe/Berlin");
        HttpResponse<String> review = editor.post(
                base + "/review", form(editor, base + "/new", "header", "Doors open", "body", "Gate 3", "when", "now"));
        assertThat(review.statusCode()).isEqualTo(200);
        assertThat(review.body()).contains("1 active card gets the message now", "Doors open", "Gate 3");
        assertThat(api.get("/v1/campaigns/" + campaign + "/notifications")
                        .data()
                        .get("notifications"))
                .as("nothing is sent before the confirmation")
                .isEmpty();
        HttpResponse<String> change = editor.post(
                base + "/new", form(editor, base + "/new", "header", "Doors open", "body", "Gate 3", "when", "now"));
        assertThat(change.body())
                .as("the confirmation's Change keeps what was written")
                .contains("value=\"Doors open\"", ">Gate 3</textarea>", "10 of 100 characters");

        HttpResponse<String> sent =
                editor.post(base, form(editor, base + "/new", "header", "Doors open", "body", "Gate 3", "when", "now"));
        assertThat(sent.statusCode()).isEqualTo(302);
        assertThat(ConsoleClient.location(sent)).endsWith("/notifications?done=sent");
        var listed =
                api.get("/v1/campaigns/" + campaign + "/notifications").data().get("notifications");
        assertThat(listed).hasSize(1);
        String id = listed.get(0).get("id").asString();
        assertThat(listed.get(0).get("kind").asString()).isEqualTo("immediate");
        assertThat(editor.get(base).body()).contains("Doors open", "2 of 3 notifications left");
        assertThat(jdbc.queryForList(
                        "SELECT action FROM audit_events WHERE organization_id = ? AND target_id = ? AND actor_type = 'user'",
                        String.class,
                        org.id().value(),
                        id))
                .containsExactly("notification.created");
    }

    @Test
    void aScheduledTimeIsTheCampaignsLocalTimeAndAPendingOneIsCancelledThroughItsConfirmation() {
        ConsoleClient editor = users.signedIn(org, "editor");
        String local = berlinIn(48);

        HttpResponse<String> review = editor.post(
                base + "/review",
                form(
                        editor,
                        base + "/new",
                        "header",
                        "Tomorrow",
                        "body",
                        "See you",
                        "when",
                        "later",
                        "scheduledFor",
                        local));
        assertThat(review.statusCode()).isEqualTo(200);
        assertThat(review.body()).contains("It goes out on", "(Europe/Berlin)", "no card is active now");
        HttpResponse<String> scheduled = editor.post(
                base,
                form(
                        editor,
                        base + "/new",
                        "header",
                        "Tomorrow",
                        "body",
                        "See you",
                        "when",
                        "later",
                        "scheduledFor",
                        local));
        assertThat(scheduled.statusCode()).isEqualTo(302);
        var n = api.get("/v1/campaigns/" + campaign + "/notifications")
                .data()
                .get("notifications")
                .get(0);
        assertThat(Instant.parse(n.get("scheduledFor").asString()))
                .isEqualTo(LocalDateTime.parse(local).atZone(BERLIN).toInstant());
        assertThat(n.get("status").asString()).isEqualTo("pending");
        String id = n.get("id").asString();
        assertThat(editor.get(base).body()).contains("Pending", base + "/" + id + "/cancel");

        assertThat(editor.get(base + "/" + id + "/cancel").body()).contains("Cancel \u201cTomorrow\u201d?");
        HttpResponse<String> cancelled =
                editor.post(base + "/" + id + "/cancel", form(editor, base + "/" + id + "/cancel"));
        assertThat(cancelled.statusCode()).isEqualTo(302);
        assertThat(api.get("/v1/campaigns/" + campaign + "/notifications/" + id)
                        .data()
                        .get("status")
                        .asString())
                .isEqualTo("cancelled");
        HttpResponse<String> again = editor.post(base + "/" + id + "/cancel", form(editor, base));
        assertThat(again.statusCode()).as("only a pending one is cancelled").isEqualTo(409);
        assertThat(again.body()).contains("Only a pending scheduled notification can be cancelled");
        assertThat(jdbc.queryForList(
                        "SELECT action FROM audit_events WHERE organization_id = ? AND target_id = ? AND actor_type = 'user'"
                                + " ORDER BY at",
                        String.class,
                        org.id().value(),
                        id))
                .containsExactly("notification.scheduled", "notification.cancelled");
    }

    @Test
    void theComposerRefusesWhatTheApiRefusesAndKeepsWhatWasEntered() {
        ConsoleClient editor = users.signedIn(org, "editor");

        HttpResponse<String> blank = editor.post(
                base + "/review", form(editor, base + "/new", "header", " ", "body", "Kept text", "when", "now"));
        assertThat(blank.statusCode()).isEqualTo(400);
        assertThat(blank.body()).contains("Header: is required", "Kept text");
        HttpResponse<String> tooLong =
                editor.post(base, form(editor, base + "/new", "header", "x".repeat(101), "body", "b", "when", "now"));
        assertThat(tooLong.statusCode()).isEqualTo(400);
        assertThat(tooLong.body()).contains("Header: must be at most 100 characters");
        HttpResponse<String> past = editor.post(
                base + "/review",
                form(editor, base + "/new", "header", "h", "body", "b", "when", "later", "scheduledFor", berlinIn(-1)));
        assertThat(past.statusCode()).isEqualTo(400);
        assertThat(past.body()).contains("Date and time: must be in the future");
        HttpResponse<String> far = editor.post(
                base,
                form(
                        editor,
                        base + "/new",
                        "header",
                        "h",
                        "body",
                        "b",
                        "when",
                        "later",
                        "scheduledFor",
                        berlinIn(31 * 24)));
        assertThat(far.statusCode()).isEqualTo(400);
        assertThat(far.body()).contains("Date and time: must be at most 30 days from now");
        HttpResponse<String> missing =
                editor.post(base + "/review", form(editor, base + "/new", "header", "h", "body", "b", "when", "later"));
        assertThat(missing.body()).contains("Date and time: is required");
        HttpResponse<String> garbled = editor.post(
                base + "/review",
                form(editor, base + "/new", "header", "h", "body", "b", "when", "later", "scheduledFor", "tomorrow"));
        assertThat(garbled.statusCode()).isEqualTo(400);
        assertThat(garbled.body()).contains("Date and time: must be a date and a time");
        assertThat(api.get("/v1/campaigns/" + campaign + "/notifications")
                        .data()
                        .get("notifications"))
                .isEmpty();
    }

    @Test
    void afterThreeNotificationsTheComposerSaysSoAndSendsNoFourth() {
        for (int i = 0; i < 3; i++) {
            Api.Response sent = api.post(
                    "/v1/campaigns/" + campaign + "/notifications", Map.of("header", "No. " + i, "body", "Text"));
            assertThat(sent.status()).as(sent.body()).isEqualTo(201);
        }
        ConsoleClient editor = users.signedIn(org, "editor");

        String list = editor.get(base).body();
        assertThat(list).contains("0 of 3 notifications left", "used all 3 of its notifications");
        assertThat(list).doesNotContain(base + "/new\"");
        String composer = editor.get(base + "/new").body();
        assertThat(composer).contains("used all 3 of its notifications").containsPattern("id=\"review\"[^>]*disabled");
        HttpResponse<String> fourth =
                editor.post(base, form(editor, base + "/new", "header", "Fourth", "body", "Text", "when", "now"));
        assertThat(fourth.statusCode()).isEqualTo(429);
        assertThat(fourth.body()).contains("used all 3 of its notifications");
        assertThat(editor.post(
                                base + "/review",
                                form(editor, base + "/new", "header", "Fourth", "body", "Text", "when", "now"))
                        .statusCode())
                .isEqualTo(429);
        assertThat(api.get("/v1/campaigns/" + campaign + "/notifications")
                        .data()
                        .get("notifications"))
                .hasSize(3);
    }

    @Test
    void anArchivedCampaignSaysItSendsNoNewNotificationsAndRefusesThem() {
        assertThat(api.post("/v1/campaigns/" + campaign + "/archive", Map.of()).status())
                .isEqualTo(200);
        ConsoleClient editor = users.signedIn(org, "editor");

        assertThat(editor.get(base).body())
                .contains("This campaign is archived")
                .doesNotContain(base + "/new\"");
        assertThat(editor.get(base + "/new").body()).containsPattern("id=\"review\"[^>]*disabled");
        HttpResponse<String> review =
                editor.post(base + "/review", form(editor, base + "/new", "header", "h", "body", "b", "when", "now"));
        assertThat(review.statusCode()).isEqualTo(409);
        HttpResponse<String> sent =
                editor.post(base, form(editor, base + "/new", "header", "h", "body", "b", "when", "now"));
        assertThat(sent.statusCode()).isEqualTo(409);
        assertThat(sent.body()).contains("The campaign is archived; it sends no new notifications");
        assertThat(api.get("/v1/campaigns/" + campaign + "/notifications")
                        .data()
                        .get("notifications"))
                .isEmpty();
    }

    @Test
    void aViewerReadsTheListButIsRefusedEveryWrite() {
        Api.Response scheduled = api.post(
                "/v1/campaigns/" + campaign + "/notifications/schedule",
                Map.of(
                        "header",
                        "Later",
                        "body",
                        "Text",
                        "scheduledFor",
                        Instant.now().plus(2, ChronoUnit.DAYS).toString()));
        String id = scheduled.data().get("id").asString();
        ConsoleClient viewer = users.signedIn(org, "viewer");

        assertThat(viewer.get(base).body()).contains("Later", "Pending").doesNotContain(base + "/new", "/cancel");
        assertThat(viewer.get(base + "/new").statusCode()).isEqualTo(403);
        assertThat(viewer.get(base + "/" + id + "/cancel").statusCode()).isEqualTo(403);
        String token = viewer.csrf(base);
        assertThat(viewer.post(base + "/review", Map.of("header", "h", "body", "b", "_csrf", token))
                        .statusCode())
                .isEqualTo(403);
        assertThat(viewer.post(base, Map.of("header", "h", "body", "b", "_csrf", token))
                        .statusCode())
                .isEqualTo(403);
        assertThat(viewer.post(base + "/" + id + "/cancel", Map.of("_csrf", token))
                        .statusCode())
                .isEqualTo(403);
        assertThat(api.get("/v1/campaigns/" + campaign + "/notifications")
                        .data()
                        .get("notifications"))
                .hasSize(1);
        assertThat(api.get("/v1/campaigns/" + campaign + "/notifications/" + id)
                        .data()
                        .get("status")
                        .asString())
                .isEqualTo("pending");
    }

    @Test
    void anotherOrganizationsCampaignAndItsNotificationsAreNotFound() {
        Organization other = users.organization("Other Notifications Org");
        Api theirs =
                new Api(port, access.issueKey(other.id(), "test", Scope.all()).secret());
        String c = new Flows(theirs).campaign(Map.of("name", "Their Festival"));
        String id = theirs.post(
                        "/v1/campaigns/" + c + "/notifications/schedule",
                        Map.of(
                                "header",
                                "Theirs",
                                "body",
                                "Text",
                                "scheduledFor",
                                Instant.now().plus(2, ChronoUnit.DAYS).toString()))
                .data()
                .get("id")
                .asString();
        ConsoleClient owner = users.signedIn(org, "owner");
        String theirBase = "/console/campaigns/" + c + "/notifications";
        String token = owner.csrf(base);

        assertThat(owner.get(theirBase).statusCode()).isEqualTo(404);
        assertThat(owner.get(theirBase + "/new").statusCode()).isEqualTo(404);
        assertThat(owner.get(theirBase + "/" + id + "/cancel").statusCode()).isEqualTo(404);
        assertThat(owner.get(base + "/" + id + "/cancel").statusCode())
                .as("their notification under our campaign")
                .isEqualTo(404);
        assertThat(owner.post(theirBase, Map.of("header", "h", "body", "b", "when", "now", "_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(owner.post(theirBase + "/" + id + "/cancel", Map.of("_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(owner.post(base + "/" + id + "/cancel", Map.of("_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(theirs.get("/v1/campaigns/" + c + "/notifications").data().get("notifications"))
                .hasSize(1);
        assertThat(theirs.get("/v1/campaigns/" + c + "/notifications/" + id)
                        .data()
                        .get("status")
                        .asString())
                .isEqualTo("pending");
    }
}
