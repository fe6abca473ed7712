package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Pngs;
import java.awt.Color;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The card design page and its previews over HTTP: what each role may do, and whose data it shows. */
@DatabaseTest
class ConsoleDesignTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;
    Flows flows;
    Api api;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Design Org");
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        flows = new Flows(api);
    }

    @Test
    void thePreviewsShowTheFormsValuesInEveryWalletWithoutSavingThem() {
        String concert = flows.campaign(Map.of(
                "name",
                "Summer Night Concert",
                "campaignData",
                Map.of("design", Map.of("backgroundColor", "#112233", "logoText", "Saved text"))));
        ConsoleClient editor = users.signedIn(org, "editor");

        String fragment = editor.get(
                        "/console/campaigns/" + concert
                                + "/previews?campaignData.design.backgroundColor=%23AA0000&campaignData.design.logoText=Typed+text")
                .body();

        assertThat(fragment)
                .contains("id=\"pv-apple\"", "data-bg=\"#AA0000\"", "Typed text", "Summer Night Concert")
                .contains("id=\"pv-google\"", "id=\"pv-eu\"", "id=\"pv-holder\"")
                .contains("Alex Example")
                .doesNotContain("Saved text", "<html");
        String page = editor.get("/console/campaigns/" + concert + "/design").body();
        assertThat(page).contains("id=\"design-form\"", "data-bg=\"#112233\"", "Saved text");
        assertThat(page)
                .contains("name=\"campaignData.design.backgroundColor\"", "name=\"campaignData.design.logoText\"");
        assertThat(api.get("/v1/campaigns/" + concert).body())
                .contains("#112233")
                .doesNotContain("#AA0000");
    }

    @Test
    void thePreviewsShowTheFirstRecipientOnceTheCampaignHasOne() {
        String concert = flows.campaign(Map.of("name", "Summer Night Concert"));
        flows.recipient(concert, Map.of("name", "Grace Hopper"));
        ConsoleClient viewer = users.signedIn(org, "viewer");

        String page = viewer.get("/console/campaigns/" + concert + "/design").body();

        assertThat(page).contains("Grace Hopper").doesNotContain("Alex Example");
    }

    @Test
    void aLowContrastColourWarnsWithTheCardPagesOwnCheck() {
        String concert = flows.campaign(Map.of("name", "Summer Night Concert"));
        ConsoleClient editor = users.signedIn(org, "editor");

        String low = editor.get(
                        "/console/campaigns/" + concert
                                + "/previews?campaignData.design.backgroundColor=%23777777&campaignData.design.foregroundColor=%23888888")
                .body();
        String high = editor.get(
                        "/console/campaigns/" + concert
                                + "/previews?campaignData.design.backgroundColor=%23FFFFFF&campaignData.design.foregroundColor=%23000000")
                .body();

        assertThat(low).contains("data-warns=\"true\"", "Low contrast");
        assertThat(high).contains("data-warns=\"false\"").doesNotContain("Low contrast");
    }

    @Test
    void aViewerReadsTheDesignButMayNotChangeImages() {
        String concert = flows.campaign(Map.of("name", "Summer Night Concert"));
        ConsoleClient viewer = users.signedIn(org, "viewer");

        String page = viewer.get("/console/campaigns/" + concert + "/design").body();
        assertThat(page).contains("id=\"pv-apple\"").doesNotContain("id=\"design-form\"", "enctype=");
        assertThat(viewer.get("/console/campaigns/" + concert).body()).doesNotContain("/design\"");

        String token = viewer.csrf("/console/campaigns/" + concert + "/design");
        HttpResponse<String> delete =
                viewer.post("/console/campaigns/" + concert + "/images/logo/delete", Map.of("_csrf", token));
        assertThat(delete.statusCode()).isEqualTo(403);
        assertThat(delete.body()).contains("Not allowed");
    }

    @Test
    void anotherOrganizationsCampaignHasNoDesignPageAndNoPreviews() {
        Organization other = users.organization("Other Org");
        String theirs = new Flows(new Api(
                        port, access.issueKey(other.id(), "test", Scope.all()).secret()))
                .campaign(Map.of("name", "Their Secret Launch"));
        api.bytes(
                "PUT",
                "/v1/campaigns/" + flows.campaign() + "/images/logo",
                Pngs.filled(40, 20, Color.RED),
                "image/png");
        ConsoleClient editor = users.signedIn(org, "editor");

        assertThat(editor.get("/console/campaigns/" + theirs + "/design").statusCode())
                .isEqualTo(404);
        assertThat(editor.get("/console/campaigns/" + theirs + "/previews").statusCode())
                .isEqualTo(404);
        String token = editor.csrf("/console/campaigns");
        HttpResponse<String> delete =
                editor.post("/console/campaigns/" + theirs + "/images/logo/delete", Map.of("_csrf", token));
        assertThat(delete.statusCode()).isEqualTo(404);
        assertThat(delete.body()).doesNotContain("Their Secret Launch");
    }
}
