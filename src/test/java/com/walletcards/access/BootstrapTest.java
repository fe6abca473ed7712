package com.walletcards.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.WalletCampaignsApplication;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.LocalModes;
import com.walletcards.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

@DatabaseTest
class BootstrapTest {

    @Autowired
    AccessManagement access;

    @Test
    void theBootstrapKeyWorksWithEveryScopeAndStaysIdempotent() {
        String secret = "wk_bootstrap_" + UUID.randomUUID();
        ApiKey first = access.ensureKey(secret, "Default organization");
        ApiKey again = access.ensureKey(secret, "Default organization");
        assertThat(again.id()).isEqualTo(first.id());
        assertThat(access.authenticate(secret))
                .get()
                .satisfies(p -> assertThat(p.scopes()).isEqualTo(Scope.all()));
    }

    @Test
    void aRevokedBootstrapKeyIsRestoredAtTheNextStart() {
        String secret = "wk_bootstrap_" + UUID.randomUUID();
        ApiKey key = access.ensureKey(secret, "Default organization");
        access.revokeKey(key.organizationId(), key.id());
        assertThat(access.authenticate(secret)).isEmpty();
        access.ensureKey(secret, "Default organization");
        assertThat(access.authenticate(secret)).isPresent();
    }

    @Test
    void anEmptyDatabaseGetsTheConfiguredOrganizationAndAKeyFileReadableOnlyByItsOwner(@TempDir Path dataDir)
            throws Exception {
        // Command-line arguments: they outrank application.yml, unlike the builder's default properties.
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(WalletCampaignsApplication.class)
                .run(Stream.concat(
                                Stream.of(
                                        "--spring.datasource.url=" + TestDatabase.freshDatabase(),
                                        "--spring.datasource.username=" + TestDatabase.user(),
                                        "--spring.datasource.password=",
                                        "--server.port=0",
                                        "--wallet.access.bootstrap-api-key=",
                                        "--wallet.access.data-dir=" + dataDir,
                                        "--wallet.access.organization-name=Acme Events",
                                        "--wallet.access.organization-contact-email=tickets@acme.example",
                                        "--db-scheduler.enabled=false"),
                                LocalModes.arguments().stream())
                        .toArray(String[]::new))) {
            Path file = dataDir.resolve("bootstrap-api-key.txt");
            assertThat(file).exists();
            assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            String key = Files.readString(file).trim();
            AccessManagement started = app.getBean(AccessManagement.class);
            assertThat(started.authenticate(key))
                    .get()
                    .satisfies(p -> assertThat(p.scopes()).isEqualTo(Set.copyOf(Scope.all())));
            ApiPrincipal principal = started.authenticate(key).orElseThrow();
            assertThat(started.organization(principal.organizationId())).get().satisfies(org -> {
                assertThat(org.name()).isEqualTo("Acme Events");
                assertThat(org.contact()).isEqualTo(new OrganizationContact("tickets@acme.example", null, null));
            });
        }
    }
}
