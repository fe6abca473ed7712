package com.walletcards.support;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** PNG uploads for tests. */
public final class Pngs {

    private Pngs() {}

    public static byte[] filled(int width, int height, Color colour) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        var g = image.createGraphics();
        g.setColor(colour);
        g.fillRect(0, 0, width, height);
        g.dispose();
        return encode(image);
    }

    /**
     * A concert hall's logo (a gold ring, the name in white, transparent around), 400×100: what a
     * real upload looks like in the pages and emails the documentation shows.
     */
    public static byte[] logo(String name) {
        BufferedImage image = new BufferedImage(400, 100, BufferedImage.TYPE_INT_ARGB);
        var g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(new Color(0xF5B841));
        g.setStroke(new BasicStroke(8));
        g.drawOval(8, 14, 72, 72);
        g.fillOval(30, 36, 28, 28);
        g.setColor(Color.WHITE);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 40));
        g.drawString(name, 96, 66);
        g.dispose();
        return encode(image);
    }

    public static byte[] encode(BufferedImage image) {
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
