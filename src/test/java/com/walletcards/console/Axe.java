package com.walletcards.console;

import com.walletcards.support.Browser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * axe-core, the accessibility rules engine, run inside the page the browser shows: answers the
 * violations of impact serious or critical, as "rule: help (n elements)".
 */
final class Axe {

    private static final String SCRIPT = load();

    private Axe() {}

    @SuppressWarnings("unchecked")
    static List<String> seriousViolations(Browser browser) {
        browser.driver().executeScript(SCRIPT);
        Object result = browser.driver()
                .executeAsyncScript("const done = arguments[arguments.length - 1];"
                        + " axe.run(document, {resultTypes: ['violations']})"
                        + ".then(r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')"
                        + ".map(v => v.id + ': ' + v.help + ' (' + v.nodes.length + ' elements: '"
                        + " + v.nodes.map(n => n.target.join(' ')).join(', ') + ')')))"
                        + ".catch(e => done(['axe failed: ' + e]));");
        return (List<String>) result;
    }

    private static String load() {
        try (InputStream in = Axe.class.getClassLoader().getResourceAsStream("axe.min.js")) {
            if (in == null) {
                throw new IllegalStateException("axe.min.js is not on the test classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
