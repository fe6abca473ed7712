package com.walletcards.card.web;

import static org.springframework.web.util.HtmlUtils.htmlEscape;

import com.walletcards.card.CardStatus;
import com.walletcards.card.ProviderObject;
import com.walletcards.card.WalletCard;
import com.walletcards.card.WalletCards;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The public page behind a download link: the card as its holder will see it, and one "add to
 * wallet" action per provider. No credentials: the unguessable code is the credential.
 */
@RestController
class CardPage {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm", Locale.ENGLISH);
    private final WalletCards cards;
    private final CardContentSource contents;

    CardPage(WalletCards cards, CardContentSource contents) {
        this.cards = cards;
        this.contents = contents;
    }

    @GetMapping(path = "/c/{code}", produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> page(@PathVariable String code) {
        Optional<WalletCard> card = cards.byDownloadCode(code);
        Optional<CardContent> content = card.flatMap(c -> Optional.ofNullable(
                contents.contents(c.organizationId(), List.of(c.recipientId())).get(c.recipientId())));
        if (card.isEmpty() || content.isEmpty()) {
            return html(HttpStatus.NOT_FOUND, layout("Card not found", "<p>This card link is not valid.</p>"));
        }
        return html(HttpStatus.OK, render(card.get(), content.get()));
    }

    private static String render(WalletCard card, CardContent c) {
        boolean revoked = card.status() == CardStatus.revoked;
        StringBuilder body = new StringBuilder();
        body.append("<div class=\"card").append(revoked ? " void" : "").append("\">");
        if (revoked) {
            body.append("<p class=\"stamp\">VOID: this card has been revoked</p>");
        }
        body.append("<h1>").append(htmlEscape(c.campaignName())).append("</h1>");
        if (c.recipientName() != null) {
            body.append("<p class=\"holder\">")
                    .append(htmlEscape(c.recipientName()))
                    .append("</p>");
        }
        if (c.venue() != null) {
            body.append("<p class=\"venue\">").append(htmlEscape(c.venue())).append("</p>");
        }
        ZoneId zone = ZoneId.of(c.timezone());
        if (c.eventStartsAt() != null) {
            body.append("<p class=\"when\">")
                    .append(htmlEscape(WHEN.format(c.eventStartsAt().atZone(zone))))
                    .append(
                            c.eventEndsAt() == null
                                    ? ""
                                    : " – "
                                            + htmlEscape(
                                                    WHEN.format(c.eventEndsAt().atZone(zone))))
                    .append(" (")
                    .append(htmlEscape(c.timezone()))
                    .append(")</p>");
        }
        if (!revoked) {
            BarcodeImages.dataUri(c.barcodeType(), card.barcodeValue())
                    .ifPresent(uri -> body.append("<img class=\"barcode\" alt=\"barcode\" src=\"")
                            .append(uri)
                            .append("\"><p class=\"code\">")
                            .append(htmlEscape(card.barcodeValue()))
                            .append("</p>"));
            body.append("<div class=\"actions\">");
            for (ProviderObject o : card.objects()) {
                body.append("<a class=\"add\" href=\"/c/")
                        .append(htmlEscape(card.downloadCode()))
                        .append('/')
                        .append(htmlEscape(o.provider()))
                        .append("\">Add to ")
                        .append(htmlEscape(o.provider()))
                        .append(" wallet</a>");
            }
            body.append("</div>");
        }
        body.append("</div>");
        return layout(c.campaignName(), body.toString());
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
