package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.campaign.CampaignEvents.CampaignCreated;
import com.walletcards.campaign.CampaignEvents.CampaignStatusChanged;
import com.walletcards.campaign.CampaignEvents.CampaignUpdated;
import com.walletcards.shared.OrganizationId;
import com.walletcards.support.ModuleDatabaseTest;
import com.walletcards.support.SeparateDatabase;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.AssertablePublishedEvents;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.ContextConfiguration;

/**
 * The campaign module on its own: its facade's changes and the events the other modules react to.
 * Its beans reference no other module's beans, so it starts standalone; {@code shared} brings the
 * clock and the job engine's helpers, and {@code access} the organizations that own campaigns.
 */
@ApplicationModuleTest(extraIncludes = {"shared", "access"})
@ModuleDatabaseTest
@ContextConfiguration(initializers = CampaignModuleTest.OwnDatabase.class)
class CampaignModuleTest {

    static final class OwnDatabase extends SeparateDatabase {}

    private final CampaignManagement campaigns;
    private final AccessManagement access;
    private OrganizationId org;

    @Autowired
    CampaignModuleTest(CampaignManagement campaigns, AccessManagement access) {
        this.campaigns = campaigns;
        this.access = access;
    }

    @BeforeEach
    void organization() {
        org = access.createOrganization("Campaign module").id();
    }

    private static NewCampaign launch() {
        return new NewCampaign(
                "Launch",
                CampaignType.event,
                Map.of("location", "Hall 1"),
                LocalDate.of(2031, 7, 1),
                LocalDate.of(2031, 7, 2),
                null,
                List.of(),
                Map.of());
    }

    private static CampaignChanges changes(
            @Nullable String name, @Nullable Map<String, @Nullable Object> data, @Nullable String status) {
        return new CampaignChanges(name, null, data, false, null, false, null, null, null, null, status);
    }

    @Test
    void creatingACampaignPublishesCampaignCreatedForTheNewDraft(Scenario scenario) {
        scenario.stimulate(() -> campaigns.create(org, launch()))
                .andWaitForEventOfType(CampaignCreated.class)
                .matching(event -> event.organizationId().equals(org))
                .toArriveAndVerify((event, campaign) -> {
                    assertThat(event.campaignId()).isEqualTo(campaign.id());
                    assertThat(event.type()).isEqualTo("campaign.created");
                    assertThat(campaigns.get(org, campaign.id()).status()).isEqualTo(CampaignStatus.draft);
                });
    }

    @Test
    void aContentChangingUpdatePublishesCampaignUpdatedListingWhatChanged(Scenario scenario) {
        Campaign created = campaigns.create(org, launch());

        scenario.stimulate(() -> campaigns.update(
                        org, created.id(), changes("Launch night", Map.of("location", "Hall 2"), null)))
                .andWaitForEventOfType(CampaignUpdated.class)
                .matching(event -> event.campaignId().equals(created.id()))
                .toArriveAndVerify(event -> {
                    assertThat(event.change().fields())
                            .isEqualTo(Set.of(CampaignField.name, CampaignField.campaignData));
                    assertThat(event.change().contentChanged()).isTrue();
                    assertThat(event.contentVersion()).isEqualTo(2);
                    assertThat(campaigns.get(org, created.id()).contentVersion())
                            .isEqualTo(2);
                });
    }

    @Test
    void anUpdateThatChangesNothingPublishesNoEventAndKeepsTheContentVersion(AssertablePublishedEvents events) {
        Campaign created = campaigns.create(org, launch());

        campaigns.update(org, created.id(), changes("Launch", Map.of("location", "Hall 1"), null));

        assertThat(events.ofType(CampaignUpdated.class)).isEmpty();
        assertThat(events.ofType(CampaignStatusChanged.class)).isEmpty();
        assertThat(campaigns.get(org, created.id()).contentVersion()).isEqualTo(1);
    }

    @Test
    void archivingAnActiveCampaignPublishesItsStatusChange(Scenario scenario) {
        Campaign created = campaigns.create(org, launch());
        campaigns.update(org, created.id(), changes(null, null, "active"));

        scenario.stimulate(() -> campaigns.archive(org, created.id()))
                .andWaitForEventOfType(CampaignStatusChanged.class)
                .matching(event -> event.campaignId().equals(created.id()) && event.to() == CampaignStatus.archived)
                .toArriveAndVerify(event -> {
                    assertThat(event.from()).isEqualTo(CampaignStatus.active);
                    assertThat(event.data())
                            .isEqualTo(Map.of("campaignId", created.id().value(), "from", "active", "to", "archived"));
                    assertThat(campaigns.get(org, created.id()).status()).isEqualTo(CampaignStatus.archived);
                });
    }
}
