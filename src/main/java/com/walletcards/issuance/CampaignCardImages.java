package com.walletcards.issuance;

import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignImage;
import com.walletcards.campaign.CampaignImages;
import com.walletcards.card.spi.CardDesign.ImageKind;
import com.walletcards.card.spi.CardImages;
import com.walletcards.shared.OrganizationId;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Card content's image URLs from the campaign's uploaded images. Built-in neutral images are
 * left out: each provider has its own neutral defaults, and a wallet should not show a generic
 * strip or hero where the campaign chose none.
 *
 * <p>The URLs are kept per campaign with the content version they were read at. An upload or a
 * removal moves the version on in the same transaction, so a card read at a newer version reads
 * them again, on every instance, and a version's URLs never go stale: a card content read (the
 * card page, a pass download, a credential) no longer queries the images each time.
 */
@Component
class CampaignCardImages implements CardImages {

    /** A bound on memory: when this many campaigns are kept, the whole set is dropped and read again. */
    static final int MAX_CAMPAIGNS = 10_000;

    private record Kept(long contentVersion, Map<ImageKind, String> urls) {}

    private final CampaignImages images;
    private final ConcurrentHashMap<String, Kept> kept = new ConcurrentHashMap<>();

    CampaignCardImages(CampaignImages images) {
        this.images = images;
    }

    @Override
    public Map<ImageKind, String> imageUrls(OrganizationId organizationId, String campaignId, long contentVersion) {
        String key = organizationId.value() + "/" + campaignId;
        Kept known = kept.get(key);
        if (known != null && known.contentVersion() == contentVersion) {
            return known.urls();
        }
        Map<ImageKind, String> urls = Collections.unmodifiableMap(read(organizationId, campaignId));
        if (kept.size() >= MAX_CAMPAIGNS) {
            kept.clear();
        }
        // Never replace a newer version's URLs with those of a reader that saw an older one.
        kept.merge(
                key,
                new Kept(contentVersion, urls),
                (old, fresh) -> fresh.contentVersion() >= old.contentVersion() ? fresh : old);
        return urls;
    }

    private Map<ImageKind, String> read(OrganizationId organizationId, String campaignId) {
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
