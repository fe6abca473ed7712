package com.walletcards.console;

import com.walletcards.access.AccessManagement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Gives the bootstrap organization an owner once the API key bootstrap has made it (after every
 * start-up runner, hence on the ready event): the configured owner and password, or a one-time
 * link written to {@code bootstrap-owner-link.txt} (mode 0600) whose path, never the link, is logged.
 */
@Component
class OwnerBootstrap {

    private static final Logger log = LoggerFactory.getLogger(OwnerBootstrap.class);
    static final String LINK_FILE = "bootstrap-owner-link.txt";

    private final AccessManagement access;
    private final ConsoleUsers users;
    private final ConsoleProperties properties;

    OwnerBootstrap(AccessManagement access, ConsoleUsers users, ConsoleProperties properties) {
        this.access = access;
        this.users = users;
        this.properties = properties;
    }

    @EventListener(ApplicationReadyEvent.class)
    void ensureOwner() {
        access.bootstrapOrganization().ifPresent(org -> {
            try {
                users.ensureBootstrapOwner(
                                org.id(), properties.bootstrapOwnerEmail(), properties.bootstrapOwnerPassword())
                        .ifPresentOrElse(this::announceLink, () -> {
                            if (properties.hasBootstrapPassword()) {
                                log.info(
                                        "Console owner {} is ready at {}/console",
                                        properties.bootstrapOwnerEmail(),
                                        properties.origin());
                            }
                        });
            } catch (org.springframework.dao.DuplicateKeyException anotherInstance) {
                // an instance starting beside this one created the owner first
            }
        });
    }

    private void announceLink(String link) {
        Path file = writeLink(properties.dataDir(), link);
        log.info(
                "Created console owner {}; the link that sets its password (valid 24 hours) is in {}",
                properties.bootstrapOwnerEmail(),
                file.toAbsolutePath());
    }

    /** Writes the link to {@link #LINK_FILE} in {@code dir}, readable by the service's user only. */
    static Path writeLink(Path dir, String link) {
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve(LINK_FILE);
            Files.deleteIfExists(file);
            try {
                Files.createFile(
                        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(file);
            }
            Files.writeString(file, link + System.lineSeparator(), StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
