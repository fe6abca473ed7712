package com.walletcards.issuance;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.campaign.BarcodeValueStrategy;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.CardImages;
import com.walletcards.card.spi.HolderContent;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientCards;
import com.walletcards.shared.OrganizationId;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * A card shows its campaign's part (shared by all its cards, versioned by the campaign) and its
 * holder's part (the recipient's name and overrides, versioned by the recipient). The card's
 * version is the sum: it grows whenever either changes, so newer content always has a larger
 * number.
 */
@Component
class CardContents implements CardContentSource {

    private static final CardImages NO_IMAGES = (org, campaignId, version) -> Map.of();

    private final RecipientCards recipients;
    private final CampaignManagement campaigns;
    private final AccessManagement access;
    private final ObjectProvider<CardImages> images;

    CardContents(
            RecipientCards recipients,
            CampaignManagement campaigns,
            AccessManagement access,
            ObjectProvider<CardImages> images) {
        this.recipients = recipients;
        this.campaigns = campaigns;
        this.access = access;
        this.images = images;
    }

    @Override
    public Map<String, CardContent> contents(OrganizationId org, List<String> recipientIds) {
        Map<String, Optional<Campaign>> campaignCache = new HashMap<>();
        Map<String, CampaignContent> campaignParts = new HashMap<>();
        String organizationName = organizationName(org);
        Map<String, CardContent> result = new LinkedHashMap<>();
        for (Recipient r : recipients.find(org, recipientIds)) {
            campaignCache
                    .computeIfAbsent(r.campaignId(), id -> campaigns.find(org, new CampaignId(id)))
                    .ifPresent(c -> result.put(
                            r.id(),
                            new CardContent(
                                    campaignParts.computeIfAbsent(r.campaignId(), id -> campaign(c, organizationName)),
                                    holder(c, r))));
        }
        return result;
    }

    /**
     * The content of new cards for recipients of one campaign that the caller has just read: the
     * campaign part is assembled once for all of them.
     */
    Map<String, CardContent> forBatch(OrganizationId org, Campaign campaign, List<Recipient> batch) {
        CampaignContent campaignPart = campaign(campaign, organizationName(org));
        Map<String, CardContent> result = new LinkedHashMap<>();
        for (Recipient r : batch) {
            result.put(r.id(), new CardContent(campaignPart, holder(campaign, r)));
        }
        return result;
    }

    @Override
    public Optional<CampaignContent> campaignContent(OrganizationId org, String campaignId) {
        return campaigns.find(org, new CampaignId(campaignId)).map(c -> campaign(c, organizationName(org)));
    }

    private CampaignContent campaign(Campaign c, String organizationName) {
        return new CampaignContent(
                c.id().value(),
                organizationName,
                c.name(),
                c.type().name(),
                c.campaignData(),
                c.barcodeType().name(),
                c.timezone().getId(),
                c.startDate(),
                c.endDate(),
                c.schedule().startsAt(),
                c.schedule().endsAt(),
                CardDesign.of(
                        c.campaignData(),
                        images.getIfAvailable(() -> NO_IMAGES)
                                .imageUrls(c.organizationId(), c.id().value(), c.contentVersion())),
                c.contentVersion());
    }

    private static HolderContent holder(Campaign campaign, Recipient r) {
        Object custom = r.recipientData().get(Recipient.BARCODE_VALUE);
        return new HolderContent(
                r.id(),
                r.name(),
                r.email(),
                r.recipientData(),
                campaign.barcodeValueStrategy() == BarcodeValueStrategy.custom && custom instanceof String s ? s : null,
                r.contentVersion());
    }

    private String organizationName(OrganizationId org) {
        return access.organization(org).map(Organization::name).orElse("");
    }
}
