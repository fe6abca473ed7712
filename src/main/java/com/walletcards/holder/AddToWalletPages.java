package com.walletcards.holder;

import com.walletcards.access.OrganizationContact;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignImage;
import com.walletcards.campaign.CampaignImages;
import com.walletcards.campaign.CardColours;
import com.walletcards.campaign.ImageKind;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

/**
 * What the pages behind a card's wallet buttons ({@code /c/<code>/<provider>}) show around the
 * provider's answer: the language of the card page, the organizer and its contact, and the
 * campaign's look, so the EU wallet's offer page is plainly the same card as the page before it.
 */
@Service
public class AddToWalletPages {

    /**
     * @param brand the campaign's look; null when the code names no card (the unknown-link page)
     * @param campaignName the card's title for the void page; empty without a card
     */
    public record Surroundings(
            Locale locale,
            String organizer,
            @Nullable OrganizationContact contact,
            @Nullable Brand brand,
            String campaignName) {}

    /**
     * The campaign's colours (already made readable, {@link CardColours}), its uploaded logo or
     * logo text, and what the card is ("event", "coupon" …) for the page's eyebrow.
     */
    public record Brand(
            String title,
            String kind,
            String organizer,
            CardColours theme,
            @Nullable String logoUrl,
            @Nullable String logoText,
            String cardPath) {}

    private final HolderLinks links;
    private final CampaignImages images;

    AddToWalletPages(HolderLinks links, CampaignImages images) {
        this.links = links;
        this.images = images;
    }

    public Surroundings around(String code, @Nullable String acceptLanguage) {
        Optional<HolderLinks.Found> found = links.find(code, acceptLanguage);
        if (found.isEmpty()) {
            HolderLinks.Unknown unknown = links.unknown(acceptLanguage);
            return new Surroundings(unknown.locale(), unknown.organizer(), unknown.contact(), null, "");
        }
        HolderLinks.Found card = found.get();
        Campaign campaign = card.campaign();
        Map<ImageKind, CampaignImage> pictures = images.effective(card.card().organizationId(), campaign.id());
        Brand brand = new Brand(
                campaign.name(),
                campaign.type().name(),
                card.organizer(),
                CardColours.of(campaign.design()),
                CardPages.uploaded(pictures.get(ImageKind.logo)),
                campaign.design().logoText(),
                "/c/" + code);
        return new Surroundings(card.locale(), card.organizer(), card.contact(), brand, campaign.name());
    }
}
