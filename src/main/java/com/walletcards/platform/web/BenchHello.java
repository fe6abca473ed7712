package com.walletcards.platform.web;

import com.walletcards.shared.Envelope;
import java.util.Map;
import org.springframework.context.annotation.Profile;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The benchmark's in-process baseline: the cheapest answer the same server can give (same
 * Tomcat, filters, request ids and JSON envelope, no database). Exists only with the
 * {@code bench} profile; see {@code bench/README.md}.
 */
@RestController
@Profile("bench")
class BenchHello {

    private static final Envelope<Map<String, String>> HELLO = Envelope.of(Map.of("hello", "world"));

    @GetMapping(path = "/bench/hello", produces = "application/json")
    Envelope<Map<String, String>> hello() {
        return HELLO;
    }
}
