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
 * The images of a pass, at 1x, @2x and @3x: the campaign's uploaded icon, logo and strip, fetched
 * from their public URLs (the same ones other wallets fetch) and scaled to the sizes Apple's pass
 * design guidelines give per pass style, or a neutral icon when the campaign has none (a pass
 * without an icon does not open). Uploaded images are content-addressed, so a URL's scaled images
 * are cached per style.
 */
final class PassImages {

    private static final Logger log = LoggerFactory.getLogger(PassImages.class);
    private static final int CACHE_SIZE = 128;

    /** Points at 1x; the @2x and @3x files have two and three times as many pixels each way. */
    record Size(int width, int height) {}

    private static final int[] SCALES = {1, 2, 3};

    /**
     * The box an image fills at 1x: the icon exactly, the logo at most (it keeps its proportions;
     * Apple allows up to 160×50 and prefers narrower), the strip exactly, by pass style.
     */
    static Size size(ImageKind kind, String style) {
        return switch (kind) {
            case icon -> new Size(29, 29);
            case logo -> new Size(160, 50);
            case strip ->
                switch (style) {
                    case "eventTicket" -> new Size(375, 98);
                    case "coupon", "storeCard" -> new Size(375, 144);
                    default -> new Size(375, 123);
                };
            case hero -> throw new IllegalArgumentException("Apple passes have no hero image");
        };
    }

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
    private final Map<String, byte[]> neutralIcon = neutralIcon();

    private static Map<String, byte[]> neutralIcon() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int scale : SCALES) {
            files.put(name(ImageKind.icon, scale), png(icon(29 * scale)));
        }
        return Collections.unmodifiableMap(files);
    }

    /** File name → PNG bytes for a pass of the given style ({@code eventTicket}, {@code coupon} …). */
    Map<String, byte[]> files(CardDesign design, String style) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (ImageKind kind : new ImageKind[] {ImageKind.icon, ImageKind.logo, ImageKind.strip}) {
            String url = design.imageUrls().get(kind);
            Optional<Map<String, byte[]>> uploaded = url == null ? Optional.empty() : uploaded(kind, style, url);
            uploaded.ifPresent(files::putAll);
        }
        if (!files.containsKey("icon.png")) {
            files.putAll(neutralIcon);
        }
        return files;
    }

    private Optional<Map<String, byte[]>> uploaded(ImageKind kind, String style, String url) {
        String cacheKey = kind + " " + style + " " + url;
        Map<String, byte[]> cached = cache.get(cacheKey);
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
            Map<String, byte[]> scaled = scaled(image, kind, size(kind, style));
            cache.put(cacheKey, scaled);
            return Optional.of(scaled);
        } catch (IOException | IllegalArgumentException e) {
            log.warn("The {} image {} could not be fetched ({}); the pass goes without it", kind, url, e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * The image at each scale. The icon and the strip fill their box exactly (centred and cropped,
     * as the wallet itself crops a strip); the logo keeps its proportions inside its box. The 1x
     * size is computed once and multiplied, so @2x and @3x are exact multiples of it.
     */
    private static Map<String, byte[]> scaled(BufferedImage image, ImageKind kind, Size box) {
        Size base = kind == ImageKind.logo ? fitted(image, box) : box;
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int scale : SCALES) {
            files.put(name(kind, scale), png(draw(image, base.width() * scale, base.height() * scale)));
        }
        return Collections.unmodifiableMap(files);
    }

    static String name(ImageKind kind, int scale) {
        return kind + (scale == 1 ? "" : "@" + scale + "x") + ".png";
    }

    /** The largest size of the image's proportions inside the box. */
    private static Size fitted(BufferedImage source, Size box) {
        double scale = Math.min((double) box.width() / source.getWidth(), (double) box.height() / source.getHeight());
        return new Size(
                Math.max(1, Math.min(box.width(), (int) Math.round(source.getWidth() * scale))),
                Math.max(1, Math.min(box.height(), (int) Math.round(source.getHeight() * scale))));
    }

    /** The source scaled to cover width × height, centred, the overflow cut off. */
    private static BufferedImage draw(BufferedImage source, int width, int height) {
        double scale = Math.max((double) width / source.getWidth(), (double) height / source.getHeight());
        int drawnWidth = (int) Math.ceil(source.getWidth() * scale);
        int drawnHeight = (int) Math.ceil(source.getHeight() * scale);
        BufferedImage target = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = target.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.drawImage(source, (width - drawnWidth) / 2, (height - drawnHeight) / 2, drawnWidth, drawnHeight, null);
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
