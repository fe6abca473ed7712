package com.walletcards.campaign;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.springframework.stereotype.Component;

/**
 * The neutral images a campaign's cards carry until it uploads its own. They are drawn once at
 * start-up rather than kept as binary files: the drawing is the source, reviewable like code, and
 * the content-addressed URL changes by itself whenever the drawing does.
 */
@Component
class DefaultImages {

    private static final Color SLATE = new Color(0x47, 0x55, 0x69);
    private static final Color MIST = new Color(0xE2, 0xE8, 0xF0);
    private static final Color CLOUD = new Color(0xF1, 0xF5, 0xF9);

    private final Map<ImageKind, PngImage> images = new EnumMap<>(ImageKind.class);

    DefaultImages() {
        // Sizes follow the wallets' largest asks: the pass icon and logo at 3x, a strip, a hero banner.
        images.put(ImageKind.icon, png(icon(87)));
        images.put(ImageKind.logo, png(logo(480, 150)));
        images.put(ImageKind.strip, png(banner(1125, 369)));
        images.put(ImageKind.hero, png(banner(1032, 336)));
    }

    PngImage get(ImageKind kind) {
        return images.get(kind);
    }

    Optional<PngImage> bySha256(String sha256) {
        return images.values().stream().filter(i -> i.sha256().equals(sha256)).findFirst();
    }

    /** A card outline on a slate tile: neutral, and recognisable as "a card" on a lock screen. */
    private static BufferedImage icon(int size) {
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = graphics(image);
        g.setColor(SLATE);
        g.fill(new RoundRectangle2D.Double(0, 0, size, size, size * 0.45, size * 0.45));
        cardGlyph(g, size * 0.2, size * 0.3, size * 0.6, size * 0.4, Color.WHITE);
        g.dispose();
        return image;
    }

    private static BufferedImage logo(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = graphics(image);
        cardGlyph(g, height * 0.15, height * 0.25, height * 0.7, height * 0.5, SLATE);
        g.dispose();
        return image;
    }

    private static BufferedImage banner(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = graphics(image);
        g.setPaint(new GradientPaint(0, 0, CLOUD, width, height, MIST));
        g.fillRect(0, 0, width, height);
        g.dispose();
        return image;
    }

    private static void cardGlyph(Graphics2D g, double x, double y, double w, double h, Color colour) {
        g.setColor(colour);
        g.setStroke(new BasicStroke((float) Math.max(2, h / 10)));
        g.draw(new RoundRectangle2D.Double(x, y, w, h, h / 3, h / 3));
        g.fill(new java.awt.geom.Rectangle2D.Double(x, y + h * 0.25, w, h / 6));
    }

    private static Graphics2D graphics(BufferedImage image) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        return g;
    }

    private static PngImage png(BufferedImage image) {
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            ImageIO.write(image, "png", out);
            byte[] bytes = out.toByteArray();
            return new PngImage(bytes, image.getWidth(), image.getHeight(), PngImage.sha256(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
