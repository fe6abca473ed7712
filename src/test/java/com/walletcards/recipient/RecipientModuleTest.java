package com.walletcards.recipient;

import static com.walletcards.support.PublishedBatches.inBatches;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.walletcards.access.AccessManagement;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignType;
import com.walletcards.campaign.NewCampaign;
import com.walletcards.card.CardStatus;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.recipient.RecipientEvents.CardsRequested;
import com.walletcards.recipient.RecipientEvents.RecipientCreated;
import com.walletcards.shared.OrganizationId;
import com.walletcards.support.InMemoryWallets;
import com.walletcards.support.ModuleDatabaseTest;
import com.walletcards.support.SeparateDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;
import org.springframework.modulith.test.PublishedEvents;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/**
 * The recipient module with every module it depends on (campaign, card, access), without the
 * issuance module above it: recipients are stored and announced, and ask for their cards with
 * {@link CardsRequested}, which nobody here answers, so they stay pending. The card module's
 * content port is a mock: the issuance module answers it in the application.
 */
@ApplicationModuleTest(
        mode = BootstrapMode.ALL_DEPENDENCIES,
        extraIncludes = {"shared", "access"})
@ModuleDatabaseTest
@ContextConfiguration(initializers = RecipientModuleTest.OwnDatabase.class)
@Import(InMemoryWallets.class)
class RecipientModuleTest {

    static final class OwnDatabase extends SeparateDatabase {}

    /** The card module's content port, which the issuance module answers in the application. */
    @MockitoBean
    CardContentSource contents;

    private final RecipientRegistration registration;
    private final RecipientReads reads;
    private final CampaignManagement campaigns;
    private final AccessManagement access;
    private OrganizationId org;
    private CampaignId campaign;

    @Autowired
    RecipientModuleTest(
            RecipientRegistration registration,
            RecipientReads reads,
            CampaignManagement campaigns,
            AccessManagement access) {
        this.registration = registration;
        this.reads = reads;
        this.campaigns = campaigns;
        this.access = access;
    }

    @BeforeEach
    void campaign() {
        org = access.createOrganization("Recipient module").id();
        campaign = campaigns
                .create(
                        org,
                        new NewCampaign(
                                "Launch", CampaignType.event, Map.of(), null, null, null, List.of("alpha"), Map.of()))
                .id();
    }

    @Test
    void aSingleAddIsAnnouncedAndAsksForItsCardInTheCampaignsSingleAddBatch(Scenario scenario, PublishedEvents events) {
        scenario.stimulate(() -> registration.add(
                        org, campaign, new NewRecipient("ada@example.com", "Ada", null, null, Map.of(), null)))
                .andWaitForEventOfType(CardsRequested.class)
                .matching(request -> request.campaignId().equals(campaign.value()))
                .toArriveAndVerify((request, added) -> {
                    assertThat(request.cardBatch()).isEqualTo("single/" + campaign.value());
                    assertThat(request.count()).isEqualTo(1);
                    assertThat(request.singleAdd()).isTrue();
                    assertThat(inBatches(events, RecipientCreated.class))
                            .extracting(RecipientCreated::recipientId, RecipientCreated::campaignId)
                            .containsExactly(tuple(added.id(), campaign.value()));
                    Recipient stored = reads.get(org, campaign, added.id());
                    assertThat(stored.status()).isEqualTo(CardStatus.pending);
                    assertThat(stored.walletCardId()).isNull();
                });
    }

    @Test
    void aBulkAddAsksForTheCardsOfEveryAcceptedRecipientInOneBatch(Scenario scenario) {
        List<BulkAdd.Item> items = List.of(
                BulkAdd.Item.valid(0, new NewRecipient("ada@example.com", "Ada", null, null, Map.of(), null)),
                BulkAdd.Item.valid(1, new NewRecipient("grace@example.com", "Grace", null, null, Map.of(), null)));
        scenario.stimulate(() -> registration.addAll(org, campaign, items, false))
                .andWaitForEventOfType(CardsRequested.class)
                .matching(request -> request.campaignId().equals(campaign.value()))
                .toArriveAndVerify((request, result) -> {
                    assertThat(result.created()).isEqualTo(2);
                    assertThat(request.count()).isEqualTo(2);
                    assertThat(request.singleAdd()).isFalse();
                    assertThat(request.cardBatch()).startsWith("batch_");
                });
    }
}
