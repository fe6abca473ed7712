package com.walletcards.issuance;

import static com.walletcards.support.PublishedBatches.inBatches;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.campaign.CampaignChanges;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignType;
import com.walletcards.campaign.NewCampaign;
import com.walletcards.card.CardStatus;
import com.walletcards.card.CardView;
import com.walletcards.card.ProviderEventsIntake;
import com.walletcards.card.WalletCards;
import com.walletcards.recipient.NewRecipient;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientEvents.RecipientCreated;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.recipient.RecipientRegistration;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.support.InMemoryWallets;
import com.walletcards.support.InMemoryWallets.WalletObject;
import com.walletcards.support.ModuleDatabaseTest;
import com.walletcards.support.SeparateDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;
import org.springframework.modulith.test.PublishedEvents;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.ContextConfiguration;

/**
 * The issuance module with every module it depends on (recipient, campaign, card, access, email):
 * a new recipient gets its card in the background, and the card's install shows on the recipient.
 * Only the wallets are test doubles, kept in memory: the provider module, which depends on the
 * card module, is not started.
 */
@ApplicationModuleTest(mode = BootstrapMode.ALL_DEPENDENCIES, extraIncludes = "shared")
@ModuleDatabaseTest
@ContextConfiguration(initializers = IssuanceModuleTest.OwnDatabase.class)
@Import(InMemoryWallets.class)
class IssuanceModuleTest {

    static final class OwnDatabase extends SeparateDatabase {}

    /** Background jobs on a busy test machine: well above their usual second. */
    private static final Duration BACKGROUND_WORK = Duration.ofSeconds(30);

    private final RecipientRegistration registration;
    private final RecipientReads reads;
    private final CampaignManagement campaigns;
    private final WalletCards cards;
    private final ProviderEventsIntake intake;
    private final AccessManagement access;
    private final InMemoryWallets.Wallets wallets;
    private OrganizationId org;
    private CampaignId campaign;

    @Autowired
    IssuanceModuleTest(
            RecipientRegistration registration,
            RecipientReads reads,
            CampaignManagement campaigns,
            WalletCards cards,
            ProviderEventsIntake intake,
            AccessManagement access,
            InMemoryWallets.Wallets wallets) {
        this.registration = registration;
        this.reads = reads;
        this.campaigns = campaigns;
        this.cards = cards;
        this.intake = intake;
        this.access = access;
        this.wallets = wallets;
    }

    @BeforeEach
    void campaign() {
        org = access.createOrganization("Issuance module").id();
        campaign = campaigns
                .create(
                        org,
                        new NewCampaign(
                                "Launch", CampaignType.event, Map.of(), null, null, null, List.of("alpha"), Map.of()))
                .id();
    }

    private static NewRecipient ada() {
        return new NewRecipient("ada@example.com", "Ada", null, null, Map.of(), null);
    }

    /** The card id of the campaign's only recipient, once its card is issued. */
    private String cardOfTheRecipient() {
        return reads.list(org, campaign, null, null, new Page(10, 0)).recipients().stream()
                .map(Recipient::walletCardId)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
    }

    @Test
    void anAddedRecipientIsAnnouncedAndGetsItsCard(Scenario scenario, PublishedEvents events) {
        scenario.stimulate(() -> registration.add(org, campaign, ada()))
                .andWaitAtMost(BACKGROUND_WORK)
                .andWaitForStateChange(this::cardOfTheRecipient, Objects::nonNull)
                .andVerify((card, added) -> {
                    Recipient recipient = reads.get(org, campaign, added.id());
                    assertThat(recipient.status()).isEqualTo(CardStatus.created);
                    assertThat(recipient.walletCardStatus()).isEqualTo(CardStatus.created);
                    CardView view = cards.get(org, card);
                    assertThat(view.recipientId()).isEqualTo(added.id());
                    assertThat(view.campaignId()).isEqualTo(campaign.value());
                    assertThat(view.providers())
                            .extracting(CardView.ProviderState::provider)
                            .containsExactly("alpha");
                    assertThat(inBatches(events, RecipientCreated.class))
                            .extracting(RecipientCreated::recipientId, RecipientCreated::campaignId)
                            .containsExactly(tuple(added.id(), campaign.value()));
                });
    }

    @Test
    void theInstallOfItsCardMakesTheRecipientActive(Scenario scenario) {
        Recipient added = registration.add(org, campaign, ada());
        await().atMost(BACKGROUND_WORK).until(() -> cardOfTheRecipient() != null);
        String card = cardOfTheRecipient();

        scenario.stimulate(() -> intake.apply("alpha", card, "install-1", true, Instant.now()))
                .andWaitForStateChange(
                        () -> reads.get(org, campaign, added.id()).status(), CardStatus.active::equals)
                .andVerify(status -> assertThat(
                                reads.get(org, campaign, added.id()).walletCardStatus())
                        .isEqualTo(CardStatus.active));
    }

    @Test
    void aCampaignRenameReachesTheInstalledCard(Scenario scenario) {
        Recipient added = registration.add(org, campaign, ada());
        await().atMost(BACKGROUND_WORK).until(() -> cardOfTheRecipient() != null);
        String card = cardOfTheRecipient();
        intake.apply("alpha", card, "install-rename", true, Instant.now());
        await().atMost(BACKGROUND_WORK)
                .until(() -> reads.get(org, campaign, added.id()).status() == CardStatus.active);
        long before = wallets.object("alpha", card).orElseThrow().contentVersion();

        scenario.stimulate(() -> campaigns.update(
                        org,
                        campaign,
                        new CampaignChanges(
                                "Launch, renamed", null, null, false, null, false, null, null, null, null, null)))
                .andWaitAtMost(BACKGROUND_WORK)
                .andWaitForStateChange(
                        () -> wallets.object("alpha", card)
                                .map(WalletObject::contentVersion)
                                .orElse(before),
                        version -> version > before)
                .andVerify(version -> assertThat(cards.get(org, card).status()).isEqualTo(CardStatus.active));
    }
}
