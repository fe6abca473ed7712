package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.support.DatabaseTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Without a configured password, an organization without an owner gets one and a one-time link,
 * valid a day, in a file only the service's user reads; an organization with an owner gets nothing.
 */
@DatabaseTest
class OwnerBootstrapLinkTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    ConsoleUsers users;

    @Test
    void anOrganizationWithoutAnOwnerGetsOneAndItsLinkSetsThePassword() throws Exception {
        Organization org = access.createOrganization("Fresh " + System.nanoTime());
        String email = ConsoleUsersForTests.email("first-owner");

        String written = users.ensureBootstrapOwner(org.id(), email, null).orElseThrow();
        assertThat(users.ensureBootstrapOwner(org.id(), email, null))
                .as("an owner exists now")
                .isEmpty();
        Path file = OwnerBootstrap.writeLink(Path.of("target", "test-data", "owner-" + System.nanoTime()), written);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        String link = Files.readString(file).strip();
        String path = link.substring(link.indexOf("/console/"));
        ConsoleClient browser = new ConsoleClient(port);
        String token = browser.csrf(path);
        browser.post(
                path,
                Map.of(
                        "password",
                        ConsoleUsersForTests.PASSWORD,
                        "repeated",
                        ConsoleUsersForTests.PASSWORD,
                        "_csrf",
                        token));
        assertThat(ConsoleClient.location(new ConsoleClient(port).signIn(email, ConsoleUsersForTests.PASSWORD)))
                .endsWith("/console/campaigns");
    }
}
