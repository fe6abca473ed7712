package com.walletcards.platform.web;

import com.walletcards.shared.Envelope;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;

/**
 * {@code GET /}: where a person who opens the service's address learns what it is and where its
 * API reference is, instead of a bare 404. A client that prefers JSON gets the same links in the
 * envelope. Public and self-contained, under the same strict policy as the holder page.
 */
@RestController
class FrontPage {

    static final String SERVICE_NAME = "Wallet Card Campaign Service";
    private static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none';"
            + " form-action 'none'; frame-ancestors 'none'";
    private static final Map<String, String> LINKS = links();

    private final ITemplateEngine templates;

    FrontPage(ITemplateEngine templates) {
        this.templates = templates;
    }

    @GetMapping(path = "/")
    ResponseEntity<?> front(@RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
        if (prefersJson(accept)) {
            return ResponseEntity.ok()
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(Envelope.of(new Description(SERVICE_NAME, LINKS)));
        }
        Context context = new Context(Locale.ENGLISH, Map.of("name", SERVICE_NAME));
        return ResponseEntity.ok()
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noCache())
                .header("Content-Security-Policy", POLICY)
                .header("Referrer-Policy", "no-referrer")
                .header(HttpHeaders.VARY, HttpHeaders.ACCEPT)
                .body(templates.process("front", context));
    }

    /** The service's name and where to go next, for clients that asked for JSON. */
    record Description(String name, Map<String, String> links) {}

    /**
     * JSON only when the client ranks it above HTML: a browser's {@code Accept} names HTML first,
     * and {@code *}{@code /*} (curl's default) gets the page a person can read.
     */
    static boolean prefersJson(@Nullable String accept) {
        if (accept == null || accept.isBlank()) {
            return false;
        }
        List<MediaType> types;
        try {
            types = new ArrayList<>(MediaType.parseMediaTypes(accept));
        } catch (InvalidMediaTypeException malformed) {
            return false;
        }
        types.sort(Comparator.comparingDouble(MediaType::getQualityValue).reversed());
        for (MediaType type : types) {
            if (type.isWildcardType()) {
                return false;
            }
            if (MediaType.TEXT_HTML.isCompatibleWith(type)) {
                return false;
            }
            if (MediaType.APPLICATION_JSON.isCompatibleWith(type)) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, String> links() {
        Map<String, String> links = new LinkedHashMap<>();
        links.put("console", "/console/sign-in");
        links.put("apiReference", "/docs");
        links.put("openapi", "/openapi.json");
        links.put("api", "/v1");
        links.put("health", "/actuator/health");
        return links;
    }
}
