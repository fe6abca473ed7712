package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardPreview;
import com.walletcards.support.CardContents;
import org.junit.jupiter.api.Test;

/** The console's EU wallet preview shows the campaign's display metadata and the disclosed claims. */
class EuWalletPreviewsTest {

    @Test
    void thePreviewShowsTheDisplayMetadataAndTheClaimsWithTheirLabels() {
        CardContent content = CardContents.designed();
        CampaignTypes.Display display = CampaignTypes.display(CredentialTypes.forCampaignType("event"), content);

        CardPreview preview = new EuWalletPreviews().preview(content);

        assertThat(preview.backgroundColor())
                .isEqualTo(display.backgroundColor())
                .isEqualTo("#AA0011");
        assertThat(preview.foregroundColor()).isEqualTo(display.textColor()).isEqualTo("#FFFFFF");
        assertThat(preview.title()).isEqualTo(display.name()).isEqualTo("Launch");
        assertThat(preview.images()).containsEntry("logo", "/images/logo.png");
        assertThat(preview.fields())
                .contains(new CardPreview.Field("Holder", "Ada"), new CardPreview.Field("Code", "ABC123"));
        assertThat(SdJwtCredentials.topClaims(content)).containsEntry("holder_name", "Ada");
    }
}
