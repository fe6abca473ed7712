package com.walletcards.issuance;

import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardUpdates;
import com.walletcards.card.CardUpdates.UpdatePage;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import org.springframework.stereotype.Service;

/**
 * How far a campaign's content versions got to the cards: the campaign must be the
 * organization's (another organization's is not found), the counts are the card module's.
 */
@Service
public class UpdateReports {

    private final CampaignManagement campaigns;
    private final CardUpdates updates;

    UpdateReports(CampaignManagement campaigns, CardUpdates updates) {
        this.campaigns = campaigns;
        this.updates = updates;
    }

    public UpdatePage list(OrganizationId org, CampaignId campaignId, Page page) {
        campaigns.get(org, campaignId);
        return updates.list(org, campaignId.value(), page);
    }
}
