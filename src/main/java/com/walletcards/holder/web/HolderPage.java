package com.walletcards.holder.web;

import com.walletcards.holder.CardPages;
import com.walletcards.holder.CardPages.Live;
import com.walletcards.holder.CardPages.Outcome;
import com.walletcards.holder.CardPages.Void;
import com.walletcards.holder.Device;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;

/**
 * {@code /c/<code>}: the page behind a card's download link. Public (the unguessable code is the
 * credential), in the holder's language, never cached, never indexed, and self-contained: the
 * policy below forbids loading anything from another origin.
 */
@RestController
class HolderPage {

    private static final String POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline';"
            + " base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    private final CardPages pages;
    private final ITemplateEngine templates;

    HolderPage(CardPages pages, ITemplateEngine templates) {
        this.pages = pages;
        this.templates = templates;
    }

    @GetMapping(path = "/c/{code}", produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> page(
            @PathVariable String code,
            @RequestHeader(name = HttpHeaders.ACCEPT_LANGUAGE, required = false) @Nullable String acceptLanguage,
            @RequestHeader(name = HttpHeaders.USER_AGENT, required = false) @Nullable String userAgent) {
        Outcome outcome = pages.open(code, acceptLanguage, Device.of(userAgent));
        if (outcome instanceof Live live) {
            return html(HttpStatus.OK, render("holder/card", outcome, Map.of("card", live.view())));
        }
        if (outcome instanceof Void gone) {
            return html(HttpStatus.GONE, render("holder/void", outcome, Map.of("title", gone.title())));
        }
        return html(HttpStatus.NOT_FOUND, render("holder/not-found", outcome, Map.of()));
    }

    private String render(String template, Outcome outcome, Map<String, Object> variables) {
        Context context = new Context(outcome.locale(), variables);
        context.setVariable("lang", outcome.locale().getLanguage());
        context.setVariable("organizer", outcome.organizer());
        context.setVariable("contact", outcome.contact());
        return templates.process(template, context);
    }

    private static ResponseEntity<String> html(HttpStatus status, String html) {
        return ResponseEntity.status(status)
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noStore())
                .header("X-Robots-Tag", "noindex")
                .header("Content-Security-Policy", POLICY)
                .header("Referrer-Policy", "no-referrer")
                .header(HttpHeaders.VARY, "Accept-Language, User-Agent")
                .body(html);
    }
}
