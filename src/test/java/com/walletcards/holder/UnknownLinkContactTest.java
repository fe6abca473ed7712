package com.walletcards.holder;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.OrganizationChanges;
import com.walletcards.access.OrganizationContact;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;

/**
 * An unknown link belongs to no organization the page could name, unless the service has only
 * one: then every link is that organizer's, and its contact is the holder's way forward.
 */
@DatabaseTest
@ContextConfiguration(initializers = OwnTestDatabase.class)
class UnknownLinkContactTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    private Api.Response unknownLink(String acceptLanguage) {
        return new Api(port, null)
                .rawWithHeaders(
                        "GET",
                        "/c/not-a-real-code",
                        null,
                        "text/html",
                        Map.of("Accept", "text/html", "Accept-Language", acceptLanguage));
    }

    @Test
    void aSingleOrganizersContactIsOnTheUnknownLinkPageUntilThereIsASecondOrganizer() {
        Organization only = access.soleOrganization().orElseGet(() -> access.createOrganization("Only organizer"));
        access.updateOrganization(
                only.id(),
                new OrganizationChanges(
                        "Münchner Philharmonie",
                        true,
                        new OrganizationContact("tickets@phil.example", null, null),
                        Locale.GERMAN));

        Api.Response page = unknownLink("fr-FR");
        assertThat(page.status()).isEqualTo(404);
        assertThat(page.body())
                .as("a browser naming neither language gets the organization's")
                .contains("<html lang=\"de\">")
                .contains("Fragen? Münchner Philharmonie hilft Ihnen gern:")
                .contains("href=\"mailto:tickets@phil.example\"");
        assertThat(unknownLink("en").body())
                .contains("<html lang=\"en\">")
                .contains("href=\"mailto:tickets@phil.example\"");

        access.createOrganization("Another organizer");
        assertThat(unknownLink("en").body()).doesNotContain("mailto:").doesNotContain("Münchner");
    }
}
