package com.walletcards.provider.openid4vci;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardPreview;
import com.walletcards.shared.ProviderName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * A credential as an EU wallet shows it: the campaign's display metadata (name, issuer line,
 * background and text colour, logo) as {@link CampaignTypes#display} publishes it, and the claims
 * {@link SdJwtCredentials} discloses, labelled as the type metadata labels them in English.
 */
@Component
class EuWalletPreviews implements CardPreview.Renderer {

    @Override
    public ProviderName provider() {
        return ProviderName.eudiw;
    }

    @Override
    public CardPreview preview(CardContent content) {
        CampaignTypes.Display display =
                CampaignTypes.display(CredentialTypes.forCampaignType(content.campaignType()), content);
        List<CardPreview.Field> claims = new ArrayList<>();
        SdJwtCredentials.topClaims(content).forEach((name, value) -> {
            if (value != null && !name.equals("name") && !name.equals("venue_coordinates")) {
                claims.add(new CardPreview.Field(label(name), String.valueOf(value)));
            }
        });
        SdJwtCredentials.details(content)
                .forEach((name, value) -> claims.add(new CardPreview.Field(name, String.valueOf(value))));
        return new CardPreview(
                ProviderName.eudiw,
                display.backgroundColor(),
                display.textColor(),
                null,
                display.logoAltText(),
                display.name(),
                display.organizationName() != null ? display.organizationName() : display.description(),
                claims,
                display.logoUri() == null ? Map.of() : Map.of("logo", display.logoUri()),
                null);
    }

    private static String label(String claim) {
        for (TypeMetadata.Claim c : TypeMetadata.CLAIMS) {
            if (c.path().equals(List.of(claim))) {
                return c.display().get(0).label();
            }
        }
        return claim;
    }
}
