package com.walletcards.holder.web;

import com.walletcards.card.AddToWalletOutcome;
import com.walletcards.card.spi.AddToWallet;
import com.walletcards.holder.AddToWalletPages.Surroundings;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.springframework.context.MessageSource;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;

/**
 * The pages of {@code /c/<code>/<provider>} that this service words itself: the EU wallet's offer
 * in the campaign's look, and the void, unknown-link and try-again pages, all in the language of
 * the card page ({@link Surroundings#locale()}) and as self-contained as it: the policy allows
 * nothing from elsewhere.
 */
@Component
class AddToWalletViews {

    private final ITemplateEngine templates;
    private final MessageSource words;

    AddToWalletViews(ITemplateEngine templates, MessageSource words) {
        this.templates = templates;
        this.words = words;
    }

    /** Every outcome but a file, a redirect and a demonstration wallet. */
    ResponseEntity<String> render(AddToWalletOutcome outcome, Surroundings around) {
        if (outcome instanceof AddToWalletOutcome.Ready ready
                && ready.action() instanceof AddToWallet.Offer offer
                && around.brand() != null) {
            return offer(ready, offer, around);
        }
        if (outcome instanceof AddToWalletOutcome.Revoked) {
            return html(HttpStatus.GONE, "holder/void", around, Map.of("title", around.campaignName()));
        }
        if (outcome instanceof AddToWalletOutcome.Unavailable unavailable) {
            ResponseEntity<String> page = problem(
                    HttpStatus.SERVICE_UNAVAILABLE,
                    around,
                    "unavailable",
                    unavailable.provider().walletName());
            return ResponseEntity.status(page.getStatusCode())
                    .headers(page.getHeaders())
                    .header(HttpHeaders.RETRY_AFTER, "60")
                    .body(page.getBody());
        }
        // Also an offer whose card was deleted between the provider's answer and the page's own read.
        return html(HttpStatus.NOT_FOUND, "holder/not-found", around, Map.of());
    }

    /** A demonstration wallet's form posted from another site. */
    ResponseEntity<String> forbidden(Surroundings around) {
        return problem(HttpStatus.FORBIDDEN, around, "forbidden", "");
    }

    private ResponseEntity<String> offer(AddToWalletOutcome.Ready ready, AddToWallet.Offer offer, Surroundings around) {
        String wallet = ready.provider().walletName();
        Locale locale = around.locale();
        String label = words.getMessage("offer.qrAlt", new Object[] {wallet}, locale);
        return html(
                HttpStatus.OK,
                "holder/offer",
                around,
                Map.of(
                        "wallet", wallet,
                        "title", ready.campaignName(),
                        "qr", QrCodes.svg(offer.offerUri(), label),
                        "offerUri", offer.offerUri(),
                        "sameDeviceLink", offer.sameDeviceLink()));
    }

    private ResponseEntity<String> problem(HttpStatus status, Surroundings around, String key, String wallet) {
        return html(status, "holder/problem", around, Map.of("key", key, "wallet", wallet));
    }

    private ResponseEntity<String> html(
            HttpStatus status, String template, Surroundings around, Map<String, Object> variables) {
        Context context = new Context(around.locale(), variables);
        context.setVariable("lang", around.locale().getLanguage());
        context.setVariable("organizer", around.organizer());
        context.setVariable("contact", around.contact());
        context.setVariable("brand", around.brand());
        return ResponseEntity.status(status)
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noStore())
                .header("X-Robots-Tag", "noindex")
                .header("Content-Security-Policy", DemoWalletView.POLICY)
                .header("Referrer-Policy", "no-referrer")
                .header(HttpHeaders.VARY, "Accept-Language")
                .body(templates.process(template, context));
    }
}
