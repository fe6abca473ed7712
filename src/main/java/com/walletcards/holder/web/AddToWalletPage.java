package com.walletcards.holder.web;

import com.walletcards.card.AddToWalletOutcome;
import com.walletcards.card.CardProperties;
import com.walletcards.card.HolderCards;
import com.walletcards.card.spi.AddToWallet;
import com.walletcards.holder.AddToWalletPages;
import com.walletcards.shared.DeviceClass;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * {@code /c/<code>/<provider>}: the holder's "add to wallet" action. Renders whatever the
 * provider's protocol hands back: a file to download, a redirect to the wallet's own page, or an
 * offer shown as a page in the card's look with a same-device link and a QR code. A revoked card
 * gets the void page, an unknown code the unknown-link page, each in the card page's language. A
 * provider in {@code local} mode is a demonstration wallet: its page adds the card ({@code POST})
 * and removes it ({@code DELETE}, or a form's {@code POST} with {@code action=remove}).
 */
@RestController
class AddToWalletPage {

    private final HolderCards cards;
    private final AddToWalletPages pages;
    private final AddToWalletViews views;
    private final DemoWalletView demoWallets;
    private final CardProperties properties;

    AddToWalletPage(
            HolderCards cards,
            AddToWalletPages pages,
            AddToWalletViews views,
            DemoWalletView demoWallets,
            CardProperties properties) {
        this.cards = cards;
        this.pages = pages;
        this.views = views;
        this.demoWallets = demoWallets;
        this.properties = properties;
    }

    @GetMapping(path = "/c/{code}/{provider}")
    ResponseEntity<?> addToWallet(
            @PathVariable String code,
            @PathVariable String provider,
            @RequestHeader(name = HttpHeaders.ACCEPT_LANGUAGE, required = false) @Nullable String acceptLanguage,
            @RequestHeader(name = HttpHeaders.USER_AGENT, required = false) @Nullable String userAgent) {
        AddToWalletOutcome outcome = cards.handOver(code, provider, DeviceClass.of(userAgent));
        if (outcome instanceof AddToWalletOutcome.Ready ready && !(ready.action() instanceof AddToWallet.Offer)) {
            return action(ready);
        }
        AddToWalletPages.Surroundings around = pages.around(code, acceptLanguage);
        if (outcome instanceof AddToWalletOutcome.DemoWallet demo) {
            return demoWallets.page(code, demo, around.locale());
        }
        return views.render(outcome, around);
    }

    /** The demonstration wallet's buttons: a form can only post, so {@code action=remove} removes. */
    @PostMapping(path = "/c/{code}/{provider}")
    ResponseEntity<?> keepInDemoWallet(
            @PathVariable String code,
            @PathVariable String provider,
            @RequestParam(name = "action", defaultValue = "add") String action,
            HttpServletRequest request) {
        return keep(code, provider, !action.equals("remove"), request);
    }

    @DeleteMapping(path = "/c/{code}/{provider}")
    ResponseEntity<?> removeFromDemoWallet(
            @PathVariable String code, @PathVariable String provider, HttpServletRequest request) {
        return keep(code, provider, false, request);
    }

    /** Post, redirect, get: the page shows the new state, and reloading it changes nothing. */
    private ResponseEntity<?> keep(String code, String provider, boolean installed, HttpServletRequest request) {
        String acceptLanguage = request.getHeader(HttpHeaders.ACCEPT_LANGUAGE);
        if (!SameOriginForms.allows(request, properties.downloadBaseUrl())) {
            return views.forbidden(pages.around(code, acceptLanguage));
        }
        AddToWalletOutcome outcome = cards.keepInDemoWallet(code, provider, installed);
        if (outcome instanceof AddToWalletOutcome.DemoWallet) {
            return ResponseEntity.status(HttpStatus.SEE_OTHER)
                    .location(UriComponentsBuilder.fromPath("/c/{code}/{provider}")
                            .buildAndExpand(code, provider)
                            .encode()
                            .toUri())
                    .cacheControl(CacheControl.noStore())
                    .build();
        }
        if (outcome instanceof AddToWalletOutcome.Ready) {
            // A real wallet's protocol: only the wallet itself reports that it holds the card.
            return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
                    .allow(HttpMethod.GET)
                    .cacheControl(CacheControl.noStore())
                    .build();
        }
        return views.render(outcome, pages.around(code, acceptLanguage));
    }

    /** A file or a redirect: the wallet's own protocol, nothing of this service's to word. */
    static ResponseEntity<?> action(AddToWalletOutcome.Ready ready) {
        AddToWallet action = ready.action();
        if (action instanceof AddToWallet.Download file) {
            return ResponseEntity.ok()
                    .contentType(MediaType.parseMediaType(file.contentType()))
                    .header(
                            HttpHeaders.CONTENT_DISPOSITION,
                            ContentDisposition.attachment()
                                    .filename(file.fileName(), StandardCharsets.UTF_8)
                                    .build()
                                    .toString())
                    .cacheControl(CacheControl.noStore())
                    .body(file.content());
        }
        AddToWallet.Redirect redirect = (AddToWallet.Redirect) action;
        return ResponseEntity.status(HttpStatus.FOUND)
                .location(redirect.location())
                .cacheControl(CacheControl.noStore())
                .build();
    }
}
