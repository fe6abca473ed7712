package com.walletcards.holder.web;

import com.walletcards.card.AddToWalletOutcome;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;

/**
 * The page of a demonstration wallet (a provider in {@code local} mode) at
 * {@code /c/<code>/<provider>}: it says plainly that no wallet app is involved, whether the card is
 * in it, and offers to add or remove it. In the holder's language, like the card page, and as
 * self-contained: the policy allows nothing from elsewhere and forms only to this service.
 */
@Component
class DemoWalletView {

    static final String POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline';"
            + " base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private final ITemplateEngine templates;

    DemoWalletView(ITemplateEngine templates) {
        this.templates = templates;
    }

    ResponseEntity<String> page(String code, AddToWalletOutcome.DemoWallet wallet, Locale locale) {
        Context context = new Context(locale);
        context.setVariable("lang", locale.getLanguage());
        context.setVariable("wallet", wallet.provider().walletName());
        context.setVariable("campaign", wallet.campaignName());
        context.setVariable("installed", wallet.installed());
        context.setVariable("action", "/c/" + code + "/" + wallet.provider());
        context.setVariable("card", "/c/" + code);
        return ResponseEntity.ok()
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noStore())
                .header("X-Robots-Tag", "noindex")
                .header("Content-Security-Policy", POLICY)
                // Unlike the card page's no-referrer: with it a browser sends "Origin: null" on the
                // form's post, and SameOriginForms could not tell the page's own post from a forged one.
                .header("Referrer-Policy", "same-origin")
                .header(HttpHeaders.VARY, "Accept-Language")
                .body(templates.process("wallet/demo", context));
    }
}
