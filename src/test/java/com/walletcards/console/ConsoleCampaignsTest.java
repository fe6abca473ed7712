package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The campaign list and page of the console: one organization's campaigns only, as its role allows. */
@DatabaseTest
class ConsoleCampaignsTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ConsoleUsersForTests users;
    Organization org;
    Flows flows;

    @BeforeEach
    void organization() {
        users = new ConsoleUsersForTests(port, access);
        org = users.organization("Campaigns Org");
        flows = new Flows(
                new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret()));
    }

    @Test
    void theListShowsTheOrganizationsCampaignsWithTheirRecipientsAndFiltersThem() {
        String concert = flows.campaign(Map.of("name", "Summer Night Concert"));
        flows.recipient(concert);
        flows.recipient(concert);
        flows.campaign(Map.of("name", "Winter Gala"));
        flows.campaign(Map.of("name", "Ten percent off", "campaignType", "coupon"));
        ConsoleClient owner = users.signedIn(org, "owner");

        String all = owner.get("/console/campaigns").body();
        assertThat(all).contains("Summer Night Concert", "Winter Gala", "Ten percent off", "3 campaigns");
        assertThat(all).contains("/console/campaigns/new");

        String searched = owner.get("/console/campaigns?q=night").body();
        assertThat(searched).contains("Summer Night Concert", ">1 campaign</p>").doesNotContain("Winter Gala");
        assertThat(searched).containsPattern("data-label=\"Recipients\"[^>]*>2<");

        String coupons = owner.get("/console/campaigns?type=coupon").body();
        assertThat(coupons).contains("Ten percent off").doesNotContain("Winter Gala");
        assertThat(owner.get("/console/campaigns?status=archived").body()).contains("No campaigns match");
    }

    @Test
    void anotherOrganizationsCampaignIsNotFoundAndNeverListed() {
        Organization other = users.organization("Other Org");
        String theirs = new Flows(new Api(
                        port, access.issueKey(other.id(), "test", Scope.all()).secret()))
                .campaign(Map.of("name", "Their Secret Launch"));
        String ours = flows.campaign(Map.of("name", "Our Launch"));
        ConsoleClient owner = users.signedIn(org, "owner");

        HttpResponse<String> foreign = owner.get("/console/campaigns/" + theirs);

        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(foreign.body()).doesNotContain("Their Secret Launch");
        assertThat(owner.get("/console/campaigns?q=launch").body())
                .contains("Our Launch")
                .doesNotContain("Their Secret Launch");
        assertThat(owner.get("/console/campaigns/" + ours).body()).contains("Our Launch");
    }

    @Test
    void aViewerSeesNoWriteActionsAndNoUserManagement() {
        String campaign = flows.campaign(Map.of("name", "Read Only Fair"));
        ConsoleClient viewer = users.signedIn(org, "viewer");

        String list = viewer.get("/console/campaigns").body();
        assertThat(list)
                .contains("Read Only Fair")
                .doesNotContain("/console/campaigns/new")
                .doesNotContain(">Users<");
        assertThat(viewer.get("/console/campaigns/" + campaign).body()).doesNotContain("/edit\"");
        assertThat(viewer.get("/console/users").statusCode()).isEqualTo(403);
    }

    @Test
    void anOwnerAddsAUserInTheConsoleWhoSetsAPasswordWithTheEmailedLink() {
        ConsoleClient owner = users.signedIn(org, "owner");
        String email = ConsoleUsersForTests.email("added");

        HttpResponse<String> added = owner.post(
                "/console/users",
                Map.of(
                        "email",
                        email,
                        "name",
                        "Added Person",
                        "role",
                        "editor",
                        "_csrf",
                        owner.csrf("/console/users")));

        assertThat(added.statusCode()).isEqualTo(200);
        assertThat(added.body()).contains(email, "was added");
        HttpResponse<String> twice = owner.post(
                "/console/users",
                Map.of(
                        "email",
                        email,
                        "name",
                        "Added Person",
                        "role",
                        "editor",
                        "_csrf",
                        owner.csrf("/console/users")));
        assertThat(twice.statusCode()).isEqualTo(409);
    }
}
