package com.walletcards.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * axe-core, the accessibility engine, run inside the page a {@link Browser} shows. The script comes
 * from the test classpath (the axe-core Selenium binding ships it), so nothing is fetched.
 */
public final class Axe {

    private static final Set<String> BLOCKING = Set.of("serious", "critical");

    private static final String RUN = """
            const done = arguments[arguments.length - 1];
            axe.run(document, {resultTypes: ['violations']})
                .then(r => done(JSON.stringify(r.violations)))
                .catch(e => done(JSON.stringify([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}])));
            """;

    private Axe() {}

    /** The page's serious and critical violations, each as "rule: help [targets]"; empty is the goal. */
    public static List<String> seriousViolations(Browser browser) {
        browser.driver().manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        browser.driver().executeScript(script());
        String json = (String) browser.driver().executeAsyncScript(RUN);
        List<String> found = new ArrayList<>();
        for (JsonNode violation : JsonMapper.builder().build().readTree(json)) {
            if (BLOCKING.contains(violation.path("impact").asString(""))) {
                List<String> targets = new ArrayList<>();
                violation
                        .path("nodes")
                        .forEach(n -> targets.add(n.path("target").toString()));
                found.add(violation.path("id").asString() + ": "
                        + violation.path("help").asString() + " " + targets);
            }
        }
        return found;
    }

    private static String script() {
        try (InputStream in = Axe.class.getResourceAsStream("/axe.min.js")) {
            if (in == null) {
                throw new IllegalStateException("axe.min.js is not on the test classpath (com.deque.html.axe-core)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
