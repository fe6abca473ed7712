package com.walletcards.provider.apple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The passes' {@code authenticationToken}s. A pass's token never changes, and a holder may
 * download the pass again, so it is derived (HMAC-SHA256 of the serial number under a random key
 * kept in the data directory, 43 URL-safe characters) rather than drawn afresh; the database keeps
 * only its SHA-256, so a copy of the database alone cannot authenticate as any device.
 */
final class AuthTokens {

    static final String KEY_FILE = "alpha-pass-tokens.key";

    private final SecretKeySpec key;

    private AuthTokens(byte[] key) {
        this.key = new SecretKeySpec(key, "HmacSHA256");
    }

    static AuthTokens inDataDirectory(Path dataDir) {
        Path file = dataDir.resolve(KEY_FILE);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(dataDir);
                byte[] fresh = new byte[32];
                new SecureRandom().nextBytes(fresh);
                try {
                    Files.createFile(file);
                    try {
                        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
                    } catch (UnsupportedOperationException notPosix) {
                        // Windows: the data directory's own permissions apply.
                    }
                    Files.writeString(
                            file,
                            Base64.getEncoder().encodeToString(fresh),
                            StandardCharsets.US_ASCII,
                            StandardOpenOption.TRUNCATE_EXISTING);
                } catch (FileAlreadyExistsException anotherInstanceWasFirst) {
                    // read below
                }
            }
            return new AuthTokens(Base64.getDecoder()
                    .decode(Files.readString(file, StandardCharsets.US_ASCII).trim()));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("Cannot keep the pass token key " + file + ": " + e.getMessage(), e);
        }
    }

    String token(String serialNumber) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(mac.doFinal(serialNumber.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    static String hash(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** Constant-time comparison of a presented token with the stored hash. */
    static boolean matches(String presented, String storedHash) {
        return MessageDigest.isEqual(
                hash(presented).getBytes(StandardCharsets.US_ASCII), storedHash.getBytes(StandardCharsets.US_ASCII));
    }
}
