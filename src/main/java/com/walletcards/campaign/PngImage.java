package com.walletcards.campaign;

import com.walletcards.shared.ValidationFailed;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/** An uploaded image that was decoded and found to be a PNG within the size limits. */
record PngImage(byte[] bytes, int width, int height, String sha256) {

    static final int MAX_BYTES = 1024 * 1024;
    static final int MAX_SIDE = 2048;
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    /** Checks the bytes by decoding them: a PNG signature alone proves nothing. */
    static PngImage check(byte[] bytes) {
        if (bytes.length < SIGNATURE.length || !Arrays.equals(bytes, 0, 8, SIGNATURE, 0, 8)) {
            throw ValidationFailed.of("body", "must be a PNG image");
        }
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName("png");
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                int width = reader.getWidth(0);
                int height = reader.getHeight(0);
                // Checked before decoding, so a small file that inflates to a huge bitmap is never decoded.
                if (width > MAX_SIDE || height > MAX_SIDE) {
                    throw ValidationFailed.of(
                            "body",
                            "must be at most " + MAX_SIDE + "x" + MAX_SIDE + " pixels; it is " + width + "x" + height);
                }
                reader.read(0);
                return new PngImage(bytes, width, height, sha256(bytes));
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException broken) {
            if (broken instanceof ValidationFailed refused) {
                throw refused;
            }
            throw ValidationFailed.of("body", "must be a PNG image that decodes; this one is damaged");
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
