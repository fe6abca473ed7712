package com.walletcards.card.web;

import static org.springframework.web.util.HtmlUtils.htmlEscape;

import com.walletcards.card.ProviderObject;
import com.walletcards.card.WalletCard;
import com.walletcards.card.WalletCards;
import java.util.Optional;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The "add to wallet" action of one provider behind a download link ({@code /c/<code>/<provider>});
 * the card page itself is the holder module's. No credentials: the unguessable code is the credential.
 */
@RestController
class CardPage {

    private final WalletCards cards;

    CardPage(WalletCards cards) {
        this.cards = cards;
    }

    @GetMapping(path = "/c/{code}/{provider}", produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> addToWallet(@PathVariable String code, @PathVariable String provider) {
        Optional<WalletCard> card = cards.byDownloadCode(code);
        if (card.isEmpty()
                || card.get().objects().stream().noneMatch(o -> o.provider().equals(provider))) {
            return html(HttpStatus.NOT_FOUND, layout("Card not found", "<p>This card link is not valid.</p>"));
        }
        ProviderObject object = card.get().objects().stream()
                .filter(o -> o.provider().equals(provider))
                .findFirst()
                .orElseThrow();
        String body = "<p>Wallet object <code>" + htmlEscape(object.objectRef()) + "</code> at provider <b>"
                + htmlEscape(provider) + "</b>.</p><p>The wallet reports the installation back to the service.</p>";
        return html(HttpStatus.OK, layout("Add to " + provider + " wallet", body));
    }

    private static String layout(String title, String body) {
        return """
                <!doctype html><html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%s</title><style>
                body{font-family:system-ui,sans-serif;background:#f4f4f6;margin:0;padding:2rem;color:#1d1d1f}
                .card{max-width:26rem;margin:auto;background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 2px 12px #0002;text-align:center}
                .void{opacity:.6}.stamp{color:#b00020;font-weight:700}.barcode{max-width:100%%}.code{font-family:monospace}
                .add{display:block;margin:.5rem 0;padding:.75rem;border-radius:.5rem;background:#1d1d1f;color:#fff;text-decoration:none}
                </style></head><body>%s</body></html>""".formatted(htmlEscape(title), body);
    }

    private static ResponseEntity<String> html(HttpStatus status, String html) {
        return ResponseEntity.status(status)
                .contentType(new MediaType(MediaType.TEXT_HTML, java.nio.charset.StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noStore())
                .header("X-Robots-Tag", "noindex")
                .body(html);
    }
}
