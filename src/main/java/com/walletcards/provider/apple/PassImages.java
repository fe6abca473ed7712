package com.walletcards.provider.apple;

import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.CardDesign.ImageKind;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The images of a pass, at 1x and @2x: the campaign's uploaded icon, logo and strip, fetched from
 * their public URLs (the same ones other wallets fetch) and scaled to the sizes Apple asks for,
 * or a neutral icon when the campaign has none (a pass without an icon does not open). Uploaded
 * images are content-addressed, so a URL's scaled images are cached.
 */
final class PassImages {

    private static final Logger log = LoggerFactory.getLogger(PassImages.class);
    private static final int CACHE_SIZE = 128;

    /** Points at 1x; the @2x file has twice as many pixels. */
    private record Size(int width, int height) {}

    private static final Map<ImageKind, Size> SIZES = Map.of(
            ImageKind.icon, new Size(29, 29), ImageKind.logo, new Size(160, 50), ImageKind.strip, new Size(375, 123));

    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(3))
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    private final Map<String, Map<String, byte[]>> cache =
            Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Map<String, byte[]>> eldest) {
                    return size() > CACHE_SIZE;
                }
            });
    private final Map<String, byte[]> neutralIcon = Map.of("icon.png", png(icon(29)), "icon@2x.png", png(icon(58)));

    /** File name → PNG bytes for the pass. */
    Map<String, byte[]> files(CardDesign design) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (ImageKind kind : new ImageKind[] {ImageKind.icon, ImageKind.logo, ImageKind.strip}) {
            String url = design.imageUrls().get(kind);
            Optional<Map<String, byte[]>> uploaded = url == null ? Optional.empty() : uploaded(kind, url);
            uploaded.ifPresent(files::putAll);
        }
        if (!files.containsKey("icon.png")) {
            files.putAll(neutralIcon);
        }
        return files;
    }

    private Optional<Map<String, byte[]>> uploaded(ImageKind kind, String url) {
        Map<String, byte[]> cached = cache.get(kind + " " + url);
        if (cached != null) {
            return Optional.of(cached);
        }
        try {
            HttpResponse<byte[]> response = http.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(5))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                log.warn("The {} image {} answered {}; the pass goes without it", kind, url, response.statusCode());
                return Optional.empty();
            }
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(response.body()));
            if (image == null) {
                log.warn("The {} image {} is not a readable PNG; the pass goes without it", kind, url);
                return Optional.empty();
            }
            Size size = SIZES.get(kind);
            Map<String, byte[]> scaled = Map.of(
                    kind + ".png", png(fit(image, size.width(), size.height())),
                    kind + "@2x.png", png(fit(image, size.width() * 2, size.height() * 2)));
            cache.put(kind + " " + url, scaled);
            return Optional.of(scaled);
        } catch (IOException | IllegalArgumentException e) {
            log.warn("The {} image {} could not be fetched ({}); the pass goes without it", kind, url, e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Scaled to fit inside the box, keeping its proportions; never enlarged. */
    private static BufferedImage fit(BufferedImage source, int maxWidth, int maxHeight) {
        double scale =
                Math.min(1.0, Math.min((double) maxWidth / source.getWidth(), (double) maxHeight / source.getHeight()));
        int width = Math.max(1, (int) Math.round(source.getWidth() * scale));
        int height = Math.max(1, (int) Math.round(source.getHeight() * scale));
        BufferedImage target = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = target.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.drawImage(source, 0, 0, width, height, null);
        g.dispose();
        return target;
    }

    /** A white card outline on a slate tile: neutral, and recognisable as "a card" on a lock screen. */
    private static BufferedImage icon(int size) {
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0x47, 0x55, 0x69));
        g.fill(new RoundRectangle2D.Double(0, 0, size, size, size * 0.45, size * 0.45));
        g.setColor(Color.WHITE);
        g.fill(new RoundRectangle2D.Double(size * 0.2, size * 0.3, size * 0.6, size * 0.4, size * 0.1, size * 0.1));
        g.dispose();
        return image;
    }

    private static byte[] png(BufferedImage image) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
