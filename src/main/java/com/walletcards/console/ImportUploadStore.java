package com.walletcards.console;

import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Uploaded import files waiting for their preview and start, in the instance's temporary
 * directory: the file arrives before the person has chosen the mapping, and a file of 100,000
 * rows is not kept in memory or in the session. A file's name is a digest of the organization, the
 * campaign and a random token, so only that organization's user, on that campaign, finds it.
 * Files not started within an hour are removed.
 */
@Component
class ImportUploadStore {

    static final Duration KEPT = Duration.ofHours(1);
    private static final Pattern TOKEN = Pattern.compile("[0-9a-f]{32}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path directory;

    ImportUploadStore() {
        this(Path.of(System.getProperty("java.io.tmpdir"), "wallet-console-imports"));
    }

    ImportUploadStore(Path directory) {
        this.directory = directory;
    }

    /** A new token and the file its upload goes to. */
    Upload create(OrganizationId org, String campaignId) {
        sweep();
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        String token = HexFormat.of().formatHex(bytes);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Upload(token, file(org, campaignId, token));
    }

    record Upload(String token, Path file) {}

    /** The uploaded file, or 404 when the token is not this organization's and campaign's, or gone. */
    Path find(OrganizationId org, String campaignId, String token) {
        if (!TOKEN.matcher(token).matches()) {
            throw new NotFound("Upload");
        }
        Path file = file(org, campaignId, token);
        if (!Files.isRegularFile(file)) {
            throw new NotFound("Upload");
        }
        return file;
    }

    /**
     * Takes the file for its import: moved atomically, so that a form sent twice starts one import;
     * the second finds nothing (404).
     */
    Path claim(OrganizationId org, String campaignId, String token) {
        Path file = find(org, campaignId, token);
        Path claimed = file.resolveSibling(file.getFileName() + ".started");
        try {
            Files.move(file, claimed, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException | AtomicMoveNotSupportedException e) {
            throw new NotFound("Upload");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return claimed;
    }

    void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // The sweep removes it later.
        }
    }

    private Path file(OrganizationId org, String campaignId, String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((org.value() + "/" + campaignId + "/" + token).getBytes(StandardCharsets.UTF_8));
            return directory.resolve(HexFormat.of().formatHex(digest) + ".csv");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Removes files older than {@link #KEPT}: uploads never started, or left by a stopped instance. */
    private void sweep() {
        if (!Files.isDirectory(directory)) {
            return;
        }
        Instant oldest = Instant.now().minus(KEPT);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path f : files) {
                if (Files.getLastModifiedTime(f).toInstant().isBefore(oldest)) {
                    delete(f);
                }
            }
        } catch (IOException e) {
            // Best effort: the next upload sweeps again.
        }
    }
}
