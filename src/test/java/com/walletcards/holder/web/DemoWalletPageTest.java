package com.walletcards.holder.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A provider in {@code local} mode as its holder meets it: {@code /c/<code>/<provider>} is a
 * demonstration wallet that says so, and its buttons change the card through the path a wallet's
 * own report takes, so the issuer's API sees the card installed and removed.
 */
@DatabaseTest
class DemoWalletPageTest {

    private static final Map<String, String> FROM_THE_PAGE = Map.of("Sec-Fetch-Site", "same-origin");
    private static final String FORM = "application/x-www-form-urlencoded";

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    Api api;
    Api holder;
    Flows flows;
    String campaign;
    String recipient;
    String page;

    @BeforeEach
    void invitedRecipient() {
        Organization org = access.createOrganization("Demo wallets " + System.nanoTime());
        api = new Api(port, access.issueKey(org.id(), "test", Scope.all()).secret());
        holder = api.withKey(null);
        flows = new Flows(api);
        campaign = flows.campaign(Map.of("name", "Summer Summit", "providerTypes", List.of("alpha", "beta")));
        recipient = flows.recipient(campaign);
        flows.waitForCard(campaign, recipient, "created");
        String link = flows.invite(campaign, recipient).get("downloadUrl").asString();
        page = link.substring(link.indexOf("/c/")) + "/alpha";
    }

    @Test
    void theLocalProvidersPageSaysItIsADemonstrationWalletAndOffersToAddTheCard() {
        Api.Response shown = holder.page(page);
        assertThat(shown.status()).isEqualTo(200);
        assertThat(shown.header("Content-Type")).startsWith("text/html");
        assertThat(shown.body())
                .contains("Demonstration wallet", "Apple Wallet in demonstration mode", "Summer Summit")
                .contains("no wallet app is involved")
                .contains("The card is not in this demo wallet.")
                .contains("<form method=\"post\" action=\"" + page + "\">", "Add to this demo wallet")
                .doesNotContain("wallet-local://", "<script");
    }

    @Test
    void thePageKeepsAStrictContentSecurityPolicyThatAllowsOnlyItsOwnForm() {
        Api.Response shown = holder.page(page);
        assertThat(shown.header("Content-Security-Policy"))
                .isEqualTo(DemoWalletView.POLICY)
                .contains("default-src 'none'", "form-action 'self'", "frame-ancestors 'none'")
                .doesNotContain("script-src");
        assertThat(shown.header("Cache-Control")).contains("no-store");
        assertThat(shown.header("X-Robots-Tag")).isEqualTo("noindex");
    }

    @Test
    void aGermanBrowserGetsTheDemonstrationWalletInGerman() {
        Api.Response shown = holder.rawWithHeaders("GET", page, null, "text/html", Map.of("Accept-Language", "de-DE"));
        assertThat(shown.body())
                .contains("lang=\"de\"", "Demo-Wallet", "Apple Wallet im Demomodus")
                .contains("Zu dieser Demo-Wallet hinzuf\u00fcgen");
    }

    @Test
    void addingTheCardMakesItActiveAndRemovingItMakesItRemoved() {
        Api.Response added = holder.rawWithHeaders("POST", page, "", FORM, FROM_THE_PAGE);
        assertThat(added.status()).isEqualTo(303);
        assertThat(added.header("Location")).isEqualTo(page);
        flows.waitForCard(campaign, recipient, "active");
        assertThat(holder.page(page).body())
                .contains("The card is in this demo wallet.", "Remove from this demo wallet", "value=\"remove\"");

        Api.Response removed = holder.rawWithHeaders("POST", page, "action=remove", FORM, FROM_THE_PAGE);
        assertThat(removed.status()).isEqualTo(303);
        flows.waitForCard(campaign, recipient, "removed");
        assertThat(holder.page(page).body()).contains("The card is not in this demo wallet.");
    }

    @Test
    void deleteRemovesTheCardLikeTheFormsRemoveButton() {
        holder.rawWithHeaders("POST", page, "", FORM, FROM_THE_PAGE);
        flows.waitForCard(campaign, recipient, "active");

        Api.Response removed = holder.rawWithHeaders("DELETE", page, null, FORM, Map.of());
        assertThat(removed.status()).isEqualTo(303);
        flows.waitForCard(campaign, recipient, "removed");
    }

    @Test
    void aRepeatedTapChangesNothingMore() {
        holder.rawWithHeaders("POST", page, "", FORM, FROM_THE_PAGE);
        holder.rawWithHeaders("POST", page, "", FORM, FROM_THE_PAGE);
        flows.waitForCard(campaign, recipient, "active");
        assertThat(installEvents()).isEqualTo(1);

        holder.rawWithHeaders("DELETE", page, null, FORM, Map.of());
        holder.rawWithHeaders("DELETE", page, null, FORM, Map.of());
        flows.waitForCard(campaign, recipient, "removed");
    }

    @Test
    void aPostFromAnotherSiteIsRefusedAndChangesNothing() {
        Api.Response forged = holder.rawWithHeaders("POST", page, "", FORM, Map.of("Sec-Fetch-Site", "cross-site"));
        assertThat(forged.status()).isEqualTo(403);
        Api.Response oldBrowser =
                holder.rawWithHeaders("POST", page, "", FORM, Map.of("Origin", "https://evil.example"));
        assertThat(oldBrowser.status()).isEqualTo(403);
        Api.Response hiddenOrigin = holder.rawWithHeaders("POST", page, "", FORM, Map.of("Origin", "null"));
        assertThat(hiddenOrigin.status()).isEqualTo(403);
        assertThat(cardStatus()).isEqualTo("invited");
    }

    @Test
    void anUnknownCodeAnswersTheNotFoundPageAndAnUnknownProviderToo() {
        for (String path : List.of("/c/not-a-real-code/alpha", page.replace("/alpha", "/eudiw"))) {
            assertThat(holder.page(path).status()).as(path).isEqualTo(404);
            Api.Response posted = holder.rawWithHeaders("POST", path, "", FORM, FROM_THE_PAGE);
            assertThat(posted.status()).as(path).isEqualTo(404);
            // The unknown-link page of /c/<code>, with what the holder can do.
            assertThat(posted.body()).contains("<title>Card not found</title>", "We can’t find this card");
        }
        assertThat(cardStatus()).isEqualTo("invited");
    }

    @Test
    void aRevokedCardAnswersTheVoidPageAndCannotBeAdded() {
        api.post("/v1/campaigns/" + campaign + "/recipients/" + recipient + "/revoke", Map.of());
        Api.Response posted = holder.rawWithHeaders("POST", page, "", FORM, FROM_THE_PAGE);
        assertThat(posted.status()).isEqualTo(410);
        assertThat(posted.body()).contains("VOID");
        assertThat(cardStatus()).isEqualTo("revoked");
    }

    private String cardStatus() {
        return api.get("/v1/campaigns/" + campaign + "/recipients/" + recipient)
                .data()
                .get("walletCardStatus")
                .asString();
    }

    /** The installs recorded for the card, as the provider-event intake keeps them. */
    private long installEvents() {
        return jdbc.sql("SELECT COUNT(*) FROM provider_events WHERE wallet_card_id = ? AND event = 'INSTALL'")
                .param(flows.cardOf(campaign, recipient))
                .query(Long.class)
                .single();
    }
}
