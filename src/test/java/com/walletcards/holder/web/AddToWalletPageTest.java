package com.walletcards.holder.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.campaign.CardColours;
import com.walletcards.card.AddToWalletOutcome;
import com.walletcards.card.spi.AddToWallet;
import com.walletcards.holder.AddToWalletPages;
import com.walletcards.shared.ProviderName;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.ResourceBundleMessageSource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.thymeleaf.spring6.SpringTemplateEngine;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

class AddToWalletPageTest {

    /** The service's own templates and wording, without the application around them. */
    static final AddToWalletViews VIEWS = views();

    static AddToWalletViews views() {
        ResourceBundleMessageSource words = new ResourceBundleMessageSource();
        words.setBasename("messages");
        words.setDefaultEncoding("UTF-8");
        words.setFallbackToSystemLocale(false);
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
        resolver.setPrefix("templates/");
        resolver.setSuffix(".html");
        resolver.setCharacterEncoding("UTF-8");
        SpringTemplateEngine engine = new SpringTemplateEngine();
        engine.setTemplateResolver(resolver);
        engine.setTemplateEngineMessageSource(words);
        return new AddToWalletViews(engine, words);
    }

    static AddToWalletPages.Surroundings around(Locale locale) {
        return new AddToWalletPages.Surroundings(
                locale,
                "Harbour Events",
                null,
                new AddToWalletPages.Brand(
                        "Summer <Summit>",
                        "event",
                        "Harbour Events",
                        new CardColours("#0A1B2C", "#FFFFFF", "#9FB8D0"),
                        null,
                        null,
                        "/c/abc"),
                "Summer <Summit>");
    }

    @Test
    void aPassFileIsServedAsADownloadWithItsOwnContentType() {
        byte[] pass = "PK-pass-bytes".getBytes(StandardCharsets.UTF_8);
        ResponseEntity<?> response = AddToWalletPage.action(ready(
                ProviderName.alpha,
                new AddToWallet.Download("application/vnd.apple.pkpass", "Summit Zürich.pkpass", pass)));
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        assertThat(response.getHeaders().getContentType()).hasToString("application/vnd.apple.pkpass");
        assertThat(response.getHeaders().getFirst(HttpHeaders.CONTENT_DISPOSITION))
                .startsWith("attachment;")
                .contains("filename*=UTF-8''Summit%20Z%C3%BCrich.pkpass");
        assertThat(response.getBody()).isEqualTo(pass);
    }

    @Test
    void aSaveLinkIsARedirect() {
        URI save = URI.create("https://pay.google.com/gp/v/save/eyJhbGciOi");
        ResponseEntity<?> response = AddToWalletPage.action(ready(ProviderName.beta, new AddToWallet.Redirect(save)));
        assertThat(response.getStatusCode().value()).isEqualTo(302);
        assertThat(response.getHeaders().getLocation()).isEqualTo(save);
    }

    @Test
    void anOfferIsAPageWithItsQrCodeAndASameDeviceLinkAndTheRawLinkFoldedAway() {
        String offer = "openid-credential-offer://?credential_offer_uri=https%3A%2F%2Fissuer.example%2Fo%2F1&x=<y>";
        ResponseEntity<?> response = VIEWS.render(
                ready(ProviderName.eudiw, new AddToWallet.Offer(offer, "https://wallet.example/open?o=1")),
                around(Locale.ENGLISH));
        String html = (String) response.getBody();
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        assertThat(response.getHeaders().getContentType()).hasToString("text/html;charset=UTF-8");
        assertThat(html)
                .contains("<svg", "aria-label=\"QR code that adds this card to the EU Digital Identity Wallet\"")
                .contains("href=\"https://wallet.example/open?o=1\"")
                .contains("Summer &lt;Summit&gt;")
                .contains("&amp;x=&lt;y&gt;")
                .doesNotContain("<Summit>", "<y>");
        // The raw link is only inside a closed <details>, not in small type under the QR code.
        assertThat(html.substring(0, html.indexOf("<details"))).doesNotContain("credential_offer_uri");
        assertThat(html.substring(html.indexOf("<details"), html.indexOf("</details>")))
                .contains("<summary>Copy the link instead</summary>", "credential_offer_uri=");
    }

    @Test
    void aRevokedCardGetsTheVoidPageAndNothingToAdd() {
        ResponseEntity<?> response = VIEWS.render(new AddToWalletOutcome.Revoked(), around(Locale.ENGLISH));
        assertThat(response.getStatusCode().value()).isEqualTo(410);
        assertThat((String) response.getBody())
                .contains("VOID", "Summer &lt;Summit&gt;")
                .doesNotContain("<svg", "href=");
    }

    @Test
    void aProviderThatCannotAnswerAsksTheHolderToTryAgain() {
        ResponseEntity<?> response =
                VIEWS.render(new AddToWalletOutcome.Unavailable(ProviderName.beta), around(Locale.GERMAN));
        assertThat(response.getStatusCode().value()).isEqualTo(503);
        assertThat(response.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("60");
        assertThat((String) response.getBody()).contains("Google Wallet ist gerade nicht erreichbar");
    }

    private static AddToWalletOutcome.Ready ready(ProviderName provider, AddToWallet action) {
        return new AddToWalletOutcome.Ready(provider, "Summer <Summit>", action);
    }
}
