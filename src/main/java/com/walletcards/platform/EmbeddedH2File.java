package com.walletcards.platform;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An embedded H2 file database as a JDBC URL names it: {@code jdbc:h2:file:<base>;<settings>}, kept
 * in {@code <base>.mv.db}.
 *
 * @param base the database's path without H2's {@code .mv.db}
 * @param settings the URL's settings, each with its leading {@code ;}, minus those that would let a
 *     connection reach the file through another process ({@code AUTO_SERVER}): the repair must own
 *     the file or not touch it
 */
record EmbeddedH2File(Path base, String settings) {

    private static final String PREFIX = "jdbc:h2:file:";
    private static final String H2 = "jdbc:h2:";

    /** Empty unless the URL names an embedded file database ({@code file:} or a bare path). */
    static Optional<EmbeddedH2File> of(String url) {
        if (!url.regionMatches(true, 0, H2, 0, H2.length())) {
            return Optional.empty();
        }
        String rest = url.substring(H2.length());
        if (rest.regionMatches(true, 0, "file:", 0, 5)) {
            rest = rest.substring(5);
        } else if (rest.matches("(?s)[A-Za-z]{2,}:.*")) {
            return Optional.empty(); // mem:, tcp:, ssl:, zip: and H2's other protocols
        }
        String[] parts = rest.split(";");
        String location = parts[0].startsWith("~") ? System.getProperty("user.home") + parts[0].substring(1) : parts[0];
        String settings = Arrays.stream(parts, 1, parts.length)
                .filter(setting -> !setting.isBlank())
                .map(setting -> ";" + setting)
                .collect(Collectors.joining());
        return Optional.of(new EmbeddedH2File(Path.of(location).toAbsolutePath().normalize(), settings)
                .without("AUTO_SERVER")
                .without("AUTO_SERVER_PORT"));
    }

    /** The file H2 keeps this database in. */
    Path file() {
        return sibling(".mv.db");
    }

    /** A file beside the database whose name starts with the database's. */
    Path sibling(String suffix) {
        return base.resolveSibling(base.getFileName() + suffix);
    }

    /** Another database in the same directory, with the same settings. */
    EmbeddedH2File named(String suffix) {
        return new EmbeddedH2File(sibling(suffix), settings);
    }

    /** The same database with a setting of the URL left out, so that H2's default applies. */
    EmbeddedH2File without(String setting) {
        String prefix = ";" + setting.toUpperCase(Locale.ROOT) + "=";
        String kept = Arrays.stream(settings.split("(?=;)"))
                .filter(part -> !part.toUpperCase(Locale.ROOT).startsWith(prefix))
                .collect(Collectors.joining());
        return new EmbeddedH2File(base, kept);
    }

    String url() {
        return PREFIX + base + settings;
    }
}
