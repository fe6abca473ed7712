package com.walletcards.webhook;

import com.google.crypto.tink.Aead;
import com.google.crypto.tink.InsecureSecretKeyAccess;
import com.google.crypto.tink.KeysetHandle;
import com.google.crypto.tink.RegistryConfiguration;
import com.google.crypto.tink.TinkJsonProtoKeysetFormat;
import com.google.crypto.tink.aead.AeadConfig;
import com.google.crypto.tink.aead.PredefinedAeadParameters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.util.Base64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the key that encrypts signing secrets: the configured Tink keyset, or else one generated
 * on first start and kept in a 0600 file in the data directory. The key is never logged.
 */
final class SecretKeys {

    static final String KEY_FILE = "webhook-secret.key";
    private static final Logger log = LoggerFactory.getLogger(SecretKeys.class);

    private SecretKeys() {}

    static Aead load(WebhookProperties properties) {
        try {
            AeadConfig.register();
            KeysetHandle keyset = properties.hasSecretKey()
                    ? configured(properties.secretKey())
                    : fromFile(properties.dataDir().resolve(KEY_FILE));
            return keyset.getPrimitive(RegistryConfiguration.get(), Aead.class);
        } catch (GeneralSecurityException e) {
            // The message names no key material: Tink's exceptions describe structure only.
            throw new IllegalStateException(
                    "The webhook secret key is not a usable Tink AEAD keyset: " + e.getMessage(), e);
        }
    }

    /** A keyset in Tink's JSON format, or the base64 of it (easier to pass in one variable). */
    private static KeysetHandle configured(String value) throws GeneralSecurityException {
        String trimmed = value.strip();
        String json = trimmed.startsWith("{") ? trimmed : new String(decodeBase64(trimmed), StandardCharsets.UTF_8);
        KeysetHandle keyset = TinkJsonProtoKeysetFormat.parseKeyset(json, InsecureSecretKeyAccess.get());
        log.info("Webhook signing secrets are encrypted with the key from WALLET_WEBHOOK_SECRET_KEY");
        return keyset;
    }

    private static byte[] decodeBase64(String value) throws GeneralSecurityException {
        try {
            return Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            throw new GeneralSecurityException("WALLET_WEBHOOK_SECRET_KEY is neither keyset JSON nor base64");
        }
    }

    private static KeysetHandle fromFile(Path file) throws GeneralSecurityException {
        try {
            if (!Files.exists(file)) {
                generate(file);
            } else {
                log.info("Webhook signing secrets are encrypted with the key in {}", file.toAbsolutePath());
            }
            return TinkJsonProtoKeysetFormat.parseKeyset(
                    Files.readString(file, StandardCharsets.UTF_8), InsecureSecretKeyAccess.get());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create the webhook secret key " + file.toAbsolutePath(), e);
        }
    }

    /** A hard link never replaces an existing file, unlike a rename; the move is the fallback. */
    private static void publish(Path temp, Path file) throws IOException {
        try {
            Files.createLink(file, temp);
        } catch (UnsupportedOperationException | FileSystemException noLinks) {
            if (noLinks instanceof FileAlreadyExistsException exists) {
                throw exists;
            }
            Files.move(temp, file);
        }
    }

    /**
     * Writes a fresh keyset to a temporary 0600 file and moves it into place, so that the key is
     * never readable by others, not even briefly, and a concurrent start keeps the first key.
     */
    private static void generate(Path file) throws IOException, GeneralSecurityException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        String json = TinkJsonProtoKeysetFormat.serializeKeyset(
                KeysetHandle.generateNew(PredefinedAeadParameters.AES256_GCM), InsecureSecretKeyAccess.get());
        Path temp;
        try {
            temp = Files.createTempFile(
                    dir,
                    KEY_FILE,
                    ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            temp = Files.createTempFile(dir, KEY_FILE, ".tmp");
        }
        try {
            Files.writeString(temp, json, StandardCharsets.UTF_8);
            publish(temp, file);
            log.warn(
                    "Generated the key that encrypts webhook signing secrets and stored it in {}; back it up,"
                            + " and set WALLET_WEBHOOK_SECRET_KEY to the same keyset on every instance when"
                            + " several instances share one database",
                    file.toAbsolutePath());
        } catch (FileAlreadyExistsException raced) {
            log.debug("Another process created {} first; using its key", file);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
