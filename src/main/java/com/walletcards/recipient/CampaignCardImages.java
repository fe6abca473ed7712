package com.walletcards.recipient;

import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignImage;
import com.walletcards.campaign.CampaignImages;
import com.walletcards.card.spi.CardDesign.ImageKind;
import com.walletcards.card.spi.CardImages;
import com.walletcards.shared.OrganizationId;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Card content's image URLs from the campaign's uploaded images. Built-in neutral images are
 * left out: each provider has its own neutral defaults, and a wallet should not show a generic
 * strip or hero where the campaign chose none.
 */
@Component
class CampaignCardImages implements CardImages {

    private final CampaignImages images;

    CampaignCardImages(CampaignImages images) {
        this.images = images;
    }

    @Override
    public Map<ImageKind, String> imageUrls(OrganizationId organizationId, String campaignId) {
        Map<ImageKind, String> urls = new EnumMap<>(ImageKind.class);
        for (CampaignImage image :
                images.effective(organizationId, new CampaignId(campaignId)).values()) {
            if (!image.builtIn()) {
                urls.put(ImageKind.valueOf(image.kind().name()), image.url());
            }
        }
        return urls;
    }
}
