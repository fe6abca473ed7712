package com.walletcards.access;

import com.walletcards.shared.Validation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Makes a fresh service usable at once: with {@code WALLET_BOOTSTRAP_API_KEY} that exact key works;
 * without it, an empty database gets an organization and a key written to a 0600 file (the key
 * itself is never logged).
 */
@Component
class Bootstrap implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(Bootstrap.class);
    static final String KEY_FILE = "bootstrap-api-key.txt";
    private static final String DEFAULT_ORGANIZATION = "Default organization";

    private final AccessManagement access;
    private final AccessProperties properties;

    Bootstrap(AccessManagement access, AccessProperties properties) {
        this.access = access;
        this.properties = properties;
    }

    @Override
    public void run(ApplicationArguments args) throws IOException {
        bootstrapKey();
        if (properties.hasOrganizationContactEmail()) {
            access.setBootstrapContactEmail(contactEmail());
        }
    }

    /** The configured contact email, or a start that fails saying which setting is wrong. */
    private String contactEmail() {
        Validation v = new Validation();
        String email = v.email(
                "WALLET_ORGANIZATION_CONTACT_EMAIL",
                properties.organizationContactEmail().strip(),
                true);
        if (email == null) {
            throw new IllegalStateException(
                    "WALLET_ORGANIZATION_CONTACT_EMAIL must be a valid email address, such as tickets@example.com");
        }
        return email;
    }

    private void bootstrapKey() throws IOException {
        String organizationName =
                properties.hasOrganizationName() ? properties.organizationName().strip() : DEFAULT_ORGANIZATION;
        if (properties.hasOrganizationName()) {
            // The name is the issuer on every card: when configured, it wins over an earlier default.
            access.renameBootstrapOrganization(organizationName);
        }
        if (properties.hasBootstrapKey()) {
            ApiKey key = access.ensureKey(properties.bootstrapApiKey(), organizationName);
            log.info("Bootstrap API key {}… is ready for organization {}", key.prefix(), key.organizationId());
            return;
        }
        Optional<IssuedKey> issued = access.firstKeyIfEmpty(organizationName);
        if (issued.isPresent()) {
            Path file = writeKeyFile(issued.get().secret());
            log.info(
                    "Created organization {} and an API key with every scope; the key is in {}",
                    issued.get().key().organizationId(),
                    file.toAbsolutePath());
        }
    }

    private Path writeKeyFile(String secret) throws IOException {
        Path dir = properties.dataDir();
        Files.createDirectories(dir);
        Path file = dir.resolve(KEY_FILE);
        Files.deleteIfExists(file);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(file);
        }
        Files.writeString(
                file, secret + System.lineSeparator(), StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
        return file;
    }
}
