package com.walletcards.campaign;

import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.Map;

/** What happened to campaigns; published inside the transaction that made it happen. */
public final class CampaignEvents {

    private CampaignEvents() {}

    /** Every campaign event: what {@link Campaign}'s transitions return and the module publishes. */
    public sealed interface CampaignEvent
            permits CampaignCreated, CampaignUpdated, CampaignStatusChanged, CampaignDeleted {
        OrganizationId organizationId();

        CampaignId campaignId();

        Instant at();
    }

    public record CampaignCreated(OrganizationId organizationId, CampaignId campaignId, Instant at)
            implements CampaignEvent, ExternalEvent {
        @Override
        public String type() {
            return "campaign.created";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of("campaignId", campaignId.value());
        }
    }

    /**
     * The campaign's content changed: {@code contentVersion} grows with every change so that cards
     * never move back to older content.
     */
    public record CampaignUpdated(
            OrganizationId organizationId,
            CampaignId campaignId,
            long contentVersion,
            CampaignChange change,
            Instant at)
            implements CampaignEvent, ExternalEvent {
        @Override
        public String type() {
            return "campaign.updated";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of(
                    "campaignId", campaignId.value(),
                    "contentVersion", contentVersion,
                    "changedFields", change.apiNames());
        }
    }

    public record CampaignStatusChanged(
            OrganizationId organizationId, CampaignId campaignId, CampaignStatus from, CampaignStatus to, Instant at)
            implements CampaignEvent, ExternalEvent {
        @Override
        public String type() {
            return "campaign.status_changed";
        }

        @Override
        public Map<String, Object> data() {
            return Map.of("campaignId", campaignId.value(), "from", from.name(), "to", to.name());
        }
    }

    public record CampaignDeleted(OrganizationId organizationId, CampaignId campaignId, Instant at)
            implements CampaignEvent {}
}
