package com.walletcards.provider.google;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardPreview;
import com.walletcards.support.CardContents;
import org.junit.jupiter.api.Test;

/** The console's Google Wallet preview shows what the class and object bodies carry. */
class GoogleWalletPreviewsTest {

    @Test
    void anEventTicketShowsTheClassColourHeroAndEventNameAndTheHolderFromTheObject() {
        CardContent content = CardContents.designed();

        CardPreview preview = new GoogleWalletPreviews().preview(content);

        assertThat(WalletContent.classBody("c", content.campaign(), "").get("hexBackgroundColor"))
                .isEqualTo("#AA0011");
        assertThat(preview.backgroundColor()).isEqualTo("#AA0011");
        assertThat(preview.title()).isEqualTo("Launch");
        assertThat(preview.subtitle()).isEqualTo("Ada");
        assertThat(preview.logoText()).isEqualTo("Module tests");
        assertThat(preview.images())
                .containsEntry("hero", "/images/hero.png")
                .containsEntry("wideLogo", "/images/logo.png");
        assertThat(preview.fields()).contains(new CardPreview.Field("About", "Bring your own chair"));
    }
}
