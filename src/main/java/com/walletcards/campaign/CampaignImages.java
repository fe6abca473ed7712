package com.walletcards.campaign;

import com.walletcards.campaign.CampaignErrors.CampaignNotFound;
import com.walletcards.campaign.CampaignEvents.CampaignUpdated;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The images of a campaign's cards. A change of images is a change of the campaign's content: it
 * bumps the content version and publishes {@code CampaignUpdated}, so it reaches installed cards
 * exactly like an edit of the campaign's data.
 */
@Service
public class CampaignImages {

    private final ImageQueries images;
    private final CampaignQueries campaigns;
    private final DefaultImages defaults;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final String downloadBase;

    CampaignImages(
            ImageQueries images,
            CampaignQueries campaigns,
            DefaultImages defaults,
            ApplicationEventPublisher events,
            Clock clock,
            @Value("${wallet.download-base-url:http://localhost:8080}") String downloadBase) {
        this.images = images;
        this.campaigns = campaigns;
        this.defaults = defaults;
        this.events = events;
        this.clock = clock;
        this.downloadBase =
                downloadBase.endsWith("/") ? downloadBase.substring(0, downloadBase.length() - 1) : downloadBase;
    }

    /** Checks the upload (a PNG within the limits) and makes it the campaign's image of this kind. */
    @Transactional
    public CampaignImage put(OrganizationId org, CampaignId id, ImageKind kind, byte[] upload) {
        PngImage png = PngImage.check(upload);
        Campaign campaign = campaigns.findForUpdate(org, id).orElseThrow(CampaignNotFound::new);
        boolean same = images.list(org, id).stream()
                .anyMatch(s -> s.kind() == kind && s.sha256().equals(png.sha256()));
        if (!same) {
            Instant now = Times.now(clock);
            images.replace(org, id, kind, png, now);
            changed(campaign, now);
        }
        return image(kind, png.sha256(), png.width(), png.height(), false);
    }

    /** The images the campaign uploaded, by kind. */
    @Transactional(readOnly = true)
    public List<CampaignImage> list(OrganizationId org, CampaignId id) {
        campaigns.find(org, id).orElseThrow(CampaignNotFound::new);
        return images.list(org, id).stream()
                .map(s -> image(s.kind(), s.sha256(), s.width(), s.height(), false))
                .toList();
    }

    @Transactional
    public void delete(OrganizationId org, CampaignId id, ImageKind kind) {
        Campaign campaign = campaigns.findForUpdate(org, id).orElseThrow(CampaignNotFound::new);
        if (!images.delete(org, id, kind)) {
            throw new NotFound("Image " + kind.name());
        }
        changed(campaign, Times.now(clock));
    }

    /**
     * Every kind the cards show: the campaign's own image, else the built-in neutral one. One
     * statement, so no transaction of its own (on PostgreSQL a read-only one cost two round trips
     * on every card content read).
     */
    public Map<ImageKind, CampaignImage> effective(OrganizationId org, CampaignId id) {
        Map<ImageKind, CampaignImage> result = new EnumMap<>(ImageKind.class);
        for (ImageKind kind : ImageKind.values()) {
            PngImage builtIn = defaults.get(kind);
            result.put(kind, image(kind, builtIn.sha256(), builtIn.width(), builtIn.height(), true));
        }
        images.list(org, id)
                .forEach(s -> result.put(s.kind(), image(s.kind(), s.sha256(), s.width(), s.height(), false)));
        return result;
    }

    /** The bytes behind a public image URL: no organization, because the hash is the address. */
    public Optional<byte[]> content(String sha256) {
        Optional<PngImage> builtIn = defaults.bySha256(sha256);
        return builtIn.isPresent() ? builtIn.map(PngImage::bytes) : images.content(sha256);
    }

    private void changed(Campaign campaign, Instant now) {
        CampaignUpdated event = campaign.imagesChanged(now);
        campaigns.update(campaign);
        events.publishEvent(event);
    }

    private CampaignImage image(ImageKind kind, String sha256, int width, int height, boolean builtIn) {
        return new CampaignImage(kind, downloadBase + CampaignImage.path(sha256), width, height, sha256, builtIn);
    }
}
