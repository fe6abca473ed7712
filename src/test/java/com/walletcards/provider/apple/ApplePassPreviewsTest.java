package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardPreview;
import com.walletcards.support.CardContents;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The console's Apple Wallet preview shows what the pass builder puts in pass.json. */
class ApplePassPreviewsTest {

    @Test
    void thePreviewShowsThePassJsonsColoursLogoTextFieldsAndImages() {
        CardContent content = CardContents.designed();

        CardPreview preview = new ApplePassPreviews().preview(content);
        Map<String, Object> pass = PassJson.content(content, new PassJson.Extras("s", "t", "", false, null, null));

        assertThat(pass.get("backgroundColor")).isEqualTo("rgb(170, 0, 17)");
        assertThat(preview.backgroundColor()).isEqualTo("#AA0011");
        assertThat(preview.foregroundColor()).isEqualTo("#FFFFFF");
        assertThat(preview.logoText()).isEqualTo(pass.get("logoText")).isEqualTo("Night Owls");
        assertThat(preview.title()).isEqualTo("Launch");
        assertThat(preview.fields()).contains(new CardPreview.Field("Holder", "Ada"));
        assertThat(preview.images()).containsEntry("logo", "/images/logo.png").doesNotContainKey("hero");
        assertThat(preview.barcode()).isEqualTo("ABC123");
    }
}
