package com.walletcards.card.spi;

import com.walletcards.card.spi.CardDesign.ImageKind;
import com.walletcards.shared.OrganizationId;
import java.util.Map;

/**
 * The one place where the public URLs of a campaign's images are looked up for card content. The
 * module that keeps images implements it; without an implementation, cards carry no image URLs
 * and providers use their neutral defaults.
 */
public interface CardImages {

    /**
     * The URLs of the campaign's images by kind; kinds without an image are missing.
     * {@code contentVersion} is the campaign's content version as its caller read it: every change
     * of its images moves it on, so the URLs of one version never change and may be kept.
     */
    Map<ImageKind, String> imageUrls(OrganizationId organizationId, String campaignId, long contentVersion);
}
