package com.walletcards.card.web;

import static org.springframework.web.util.HtmlUtils.htmlEscape;

import com.walletcards.card.AddToWalletOutcome;
import com.walletcards.card.CardProperties;
import com.walletcards.card.HolderCards;
import com.walletcards.card.spi.AddToWallet;
import com.walletcards.shared.DeviceClass;
import com.walletcards.shared.web.HolderLanguages;
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
 * offer shown as a QR code with a same-device link. A revoked card gets the void page. A provider
 * in {@code local} mode is a demonstration wallet: its page adds the card ({@code POST}) and
 * removes it ({@code DELETE}, or a form's {@code POST} with {@code action=remove}).
 */
@RestController
class AddToWalletPage {

    private final HolderCards cards;
    private final DemoWalletView demoWallets;
    private final CardProperties properties;

    AddToWalletPage(HolderCards cards, DemoWalletView demoWallets, CardProperties properties) {
        this.cards = cards;
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
        if (outcome instanceof AddToWalletOutcome.DemoWallet demo) {
            return demoWallets.page(code, demo, HolderLanguages.of(acceptLanguage));
        }
        return render(outcome);
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
        if (!SameOriginForms.allows(request, properties.downloadBaseUrl())) {
            return html(
                    HttpStatus.FORBIDDEN,
                    "Not allowed",
                    "<p>This request did not come from the card's page. Open the card's link and try again.</p>");
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
        return render(outcome);
    }

    /**
     * Every outcome but a demonstration wallet, whose page needs the holder's language. Java 17:
     * instanceof chains over the sealed types instead of pattern switches.
     */
    static ResponseEntity<?> render(AddToWalletOutcome outcome) {
        if (outcome instanceof AddToWalletOutcome.Ready ready) {
            return action(ready);
        }
        if (outcome instanceof AddToWalletOutcome.Revoked) {
            return html(
                    HttpStatus.GONE,
                    "Card void",
                    "<p class=\"stamp\">VOID: this card has been revoked</p>"
                            + "<p>It can no longer be added to a wallet.</p>");
        }
        if (outcome instanceof AddToWalletOutcome.Unavailable unavailable) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .header(HttpHeaders.RETRY_AFTER, "60")
                    .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                    .cacheControl(CacheControl.noStore())
                    .header("Content-Security-Policy", DemoWalletView.POLICY)
                    .body(page(
                            "Try again shortly",
                            "<p>" + htmlEscape(unavailable.provider().walletName())
                                    + " cannot be reached right now. Please try again in a minute.</p>"));
        }
        return html(HttpStatus.NOT_FOUND, "Card not found", "<p>This card link is not valid.</p>");
    }

    private static ResponseEntity<?> action(AddToWalletOutcome.Ready ready) {
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
        if (action instanceof AddToWallet.Redirect redirect) {
            return ResponseEntity.status(HttpStatus.FOUND)
                    .location(redirect.location())
                    .cacheControl(CacheControl.noStore())
                    .build();
        }
        AddToWallet.Offer offer = (AddToWallet.Offer) action;
        String wallet = ready.provider().walletName();
        return html(
                HttpStatus.OK,
                "Add to " + wallet,
                "<h1>" + htmlEscape(ready.campaignName()) + "</h1>"
                        + "<p>Scan this code with your " + htmlEscape(wallet) + " app:</p>"
                        + QrCodes.svg(offer.offerUri(), "QR code of the card offer for " + wallet)
                        + "<p><a class=\"add\" href=\"" + htmlEscape(offer.sameDeviceLink())
                        + "\">Open in " + htmlEscape(wallet) + " on this device</a></p>"
                        // The raw offer is for a wallet on another device that cannot scan; folded away.
                        + "<details class=\"offer\"><summary>Copy the link</summary><p><code>"
                        + htmlEscape(offer.offerUri()) + "</code></p></details>");
    }

    private static ResponseEntity<String> html(HttpStatus status, String title, String body) {
        return ResponseEntity.status(status)
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noStore())
                .header("X-Robots-Tag", "noindex")
                .header("Content-Security-Policy", DemoWalletView.POLICY)
                .body(page(title, body));
    }

    private static String page(String title, String body) {
        return """
                <!doctype html><html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%s</title><style>
                body{font-family:system-ui,sans-serif;background:#f4f4f6;margin:0;padding:2rem;color:#1d1d1f}
                main{max-width:26rem;margin:auto;background:#fff;border-radius:1rem;padding:1.5rem;text-align:center}
                .qr{width:16rem;max-width:100%%;height:auto}.stamp{color:#b00020;font-weight:700}
                .offer{margin-top:1rem;font-size:.85rem;color:#555}.offer summary{cursor:pointer}
                .offer code{word-break:break-all;font-size:.75rem;user-select:all}
                .add{display:block;padding:.75rem;border-radius:.5rem;background:#1d1d1f;color:#fff;text-decoration:none}
                </style></head><body><main>%s</main></body></html>""".formatted(htmlEscape(title), body);
    }
}
