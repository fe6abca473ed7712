package com.walletcards.holder;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.MultiFormatWriter;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;

/** Renders a card's barcode in the campaign's format, or a link as a QR code, as a PNG data URI. */
final class BarcodeImages {

    private BarcodeImages() {}

    /** A QR code of a link, for a phone's camera to open on the phone. */
    static String qrOfLink(String url) {
        return dataUri("qr", url).orElseThrow();
    }

    static Optional<String> dataUri(String barcodeType, String value) {
        BarcodeFormat format = switch (barcodeType) {
            case "qr" -> BarcodeFormat.QR_CODE;
            case "aztec" -> BarcodeFormat.AZTEC;
            case "pdf417" -> BarcodeFormat.PDF_417;
            case "code128" -> BarcodeFormat.CODE_128;
            default -> null;
        };
        if (format == null) {
            return Optional.empty();
        }
        boolean linear = format == BarcodeFormat.CODE_128 || format == BarcodeFormat.PDF_417;
        try {
            BitMatrix matrix = new MultiFormatWriter()
                    .encode(value, format, linear ? 480 : 280, linear ? 140 : 280, Map.of(EncodeHintType.MARGIN, 2));
            return Optional.of("data:image/png;base64," + Base64.getEncoder().encodeToString(png(matrix)));
        } catch (WriterException | IllegalArgumentException unencodable) {
            return Optional.empty();
        }
    }

    private static byte[] png(BitMatrix matrix) {
        BufferedImage image = new BufferedImage(matrix.getWidth(), matrix.getHeight(), BufferedImage.TYPE_BYTE_BINARY);
        for (int y = 0; y < matrix.getHeight(); y++) {
            for (int x = 0; x < matrix.getWidth(); x++) {
                image.setRGB(x, y, matrix.get(x, y) ? 0x000000 : 0xFFFFFF);
            }
        }
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
