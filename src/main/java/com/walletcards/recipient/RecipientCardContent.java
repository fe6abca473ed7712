package com.walletcards.recipient;

import com.walletcards.campaign.BarcodeValueStrategy;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.shared.OrganizationId;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * A card shows its campaign's data with the recipient's overrides on top. The version is the sum
 * of both content versions: it grows whenever either changes, so newer content always has a
 * larger number.
 */
@Component
class RecipientCardContent implements CardContentSource {

    static final String BARCODE_VALUE = "barcodeValue";
    private final RecipientQueries recipients;
    private final CampaignManagement campaigns;

    RecipientCardContent(RecipientQueries recipients, CampaignManagement campaigns) {
        this.recipients = recipients;
        this.campaigns = campaigns;
    }

    @Override
    public Map<String, CardContent> contents(OrganizationId org, List<String> recipientIds) {
        Map<String, Optional<Campaign>> campaignCache = new HashMap<>();
        Map<String, CardContent> result = new LinkedHashMap<>();
        for (Recipient r : recipients.findMany(org, recipientIds)) {
            Optional<Campaign> campaign = campaignCache.computeIfAbsent(r.campaignId(), id -> find(org, id));
            campaign.ifPresent(c -> result.put(r.id(), of(c, r)));
        }
        return result;
    }

    static CardContent of(Campaign c, Recipient r) {
        Map<String, Object> data = new LinkedHashMap<>(c.campaignData());
        data.putAll(r.recipientData());
        Object custom = r.recipientData().get(BARCODE_VALUE);
        return new CardContent(
                c.id().value(),
                c.name(),
                c.type().name(),
                r.id(),
                r.name(),
                r.email(),
                data,
                c.barcodeType().name(),
                c.barcodeValueStrategy() == BarcodeValueStrategy.custom && custom instanceof String s ? s : null,
                c.timezone().getId(),
                c.startDate(),
                c.endDate(),
                c.schedule().startsAt(),
                c.schedule().endsAt(),
                c.contentVersion() + r.contentVersion());
    }

    private Optional<Campaign> find(OrganizationId org, String campaignId) {
        return campaigns.find(org, new CampaignId(campaignId));
    }
}
