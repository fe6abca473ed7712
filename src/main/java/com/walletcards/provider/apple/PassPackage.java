package com.walletcards.provider.apple;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import tools.jackson.databind.json.JsonMapper;

/**
 * Zips a pass: its files, {@code manifest.json} with the SHA-1 of each, and the detached signature
 * of the manifest. Apple's format asks for SHA-1 here; the signature itself uses SHA-256.
 */
final class PassPackage {

    static final String CONTENT_TYPE = "application/vnd.apple.pkpass";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private PassPackage() {}

    static byte[] zip(Map<String, Object> passJson, Map<String, byte[]> images, PassSigner signer) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("pass.json", JSON.writeValueAsBytes(passJson));
        files.putAll(images);
        Map<String, String> manifest = new LinkedHashMap<>();
        files.forEach((name, bytes) -> manifest.put(name, sha1(bytes)));
        byte[] manifestBytes = JSON.writeValueAsString(manifest).getBytes(StandardCharsets.UTF_8);
        files.put("manifest.json", manifestBytes);
        files.put("signature", signer.sign(manifestBytes));
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                zip.putNextEntry(new ZipEntry(file.getKey()));
                zip.write(file.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static String sha1(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is part of every JDK", e);
        }
    }
}
