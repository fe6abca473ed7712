package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.support.Api;
import java.net.http.HttpResponse;
import java.util.Map;

/**
 * Organizations and console users made the way an operator makes them: through the admin API.
 * Public for the console tests that need another package's helpers (Apple devices, mock APNs).
 */
public final class ConsoleUsersForTests {

    public static final String PASSWORD = "correct horse battery staple";

    private final int port;
    private final AccessManagement access;

    public ConsoleUsersForTests(int port, AccessManagement access) {
        this.port = port;
        this.access = access;
    }

    public Organization organization(String name) {
        return access.createOrganization(name + " " + System.nanoTime());
    }

    public static String email(String who) {
        return who + "-" + System.nanoTime() + "@example.com";
    }

    /** Adds the user and answers the path of their one-time link. */
    public String add(Organization org, String email, String role) {
        Api.Response added = new Api(port, "test-admin-token")
                .post(
                        "/admin/v1/organizations/" + org.id().value() + "/users",
                        Map.of("email", email, "name", "Test " + role, "role", role));
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        String link = added.data().get("passwordLink").asString();
        return link.substring(link.indexOf("/console/"));
    }

    /** A user with {@link #PASSWORD}, set through their link. */
    public String withPassword(Organization org, String role) {
        String email = email(role);
        String link = add(org, email, role);
        ConsoleClient client = new ConsoleClient(port);
        String token = client.csrf(link);
        HttpResponse<String> set =
                client.post(link, Map.of("password", PASSWORD, "repeated", PASSWORD, "_csrf", token));
        assertThat(set.statusCode()).as(set.body()).isEqualTo(302);
        return email;
    }

    /** A browser session of this user, signed in with {@link #PASSWORD}. */
    public ConsoleClient signedIn(String email) {
        ConsoleClient browser = new ConsoleClient(port);
        assertThat(browser.signIn(email, PASSWORD).statusCode()).isEqualTo(302);
        return browser;
    }

    /** A browser session of a new user with that role in the organization. */
    public ConsoleClient signedIn(Organization org, String role) {
        return signedIn(withPassword(org, role));
    }
}
