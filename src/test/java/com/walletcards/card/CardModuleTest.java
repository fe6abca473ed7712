package com.walletcards.card;

import static com.walletcards.support.PublishedBatches.inBatches;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.when;

import com.walletcards.access.AccessManagement;
import com.walletcards.card.CardEvents.CardCreated;
import com.walletcards.card.CardEvents.CardRevoked;
import com.walletcards.card.CardEvents.CardStatusChanged;
import com.walletcards.card.CardEvents.CardUpdated;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.shared.ExternalEvents;
import com.walletcards.shared.OrganizationId;
import com.walletcards.support.CardContents;
import com.walletcards.support.InMemoryWallets;
import com.walletcards.support.InMemoryWallets.WalletObject;
import com.walletcards.support.InMemoryWallets.Wallets;
import com.walletcards.support.ModuleDatabaseTest;
import com.walletcards.support.SeparateDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.PublishedEvents;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/**
 * The card module on its own, through its facade: cards are created at their wallets, a wallet's
 * install report activates a card, a campaign's content change reaches installed cards, and a
 * revocation voids the wallets' objects. Its outward ports are test doubles: card content (the
 * recipient module's in the application) comes from a mock, and the wallets are kept in memory.
 */
@ApplicationModuleTest(extraIncludes = {"shared", "access"})
@ModuleDatabaseTest
@ContextConfiguration(initializers = CardModuleTest.OwnDatabase.class)
@Import(InMemoryWallets.class)
class CardModuleTest {

    static final class OwnDatabase extends SeparateDatabase {}

    private static final String CAMPAIGN = "cmp_card_module";
    /** Background jobs on a busy test machine: well above their usual second. */
    private static final Duration BACKGROUND_WORK = Duration.ofSeconds(30);

    @MockitoBean
    CardContentSource contents;

    private final WalletCards cards;
    private final ProviderEventsIntake intake;
    private final ActiveCards active;
    private final CardContentChanges changes;
    private final AccessManagement access;
    private final Wallets wallets;
    /** The campaign part's content version the content source answers with. */
    private final AtomicLong campaignVersion = new AtomicLong(1);

    private OrganizationId org;

    @Autowired
    CardModuleTest(
            WalletCards cards,
            ProviderEventsIntake intake,
            ActiveCards active,
            CardContentChanges changes,
            AccessManagement access,
            Wallets wallets) {
        this.cards = cards;
        this.intake = intake;
        this.active = active;
        this.changes = changes;
        this.access = access;
        this.wallets = wallets;
    }

    @BeforeEach
    void contentOfEveryRecipient() {
        org = access.createOrganization("Card module").id();
        when(contents.contents(any(), anyList())).thenAnswer(call -> {
            Map<String, CardContent> byRecipient = new LinkedHashMap<>();
            for (Object recipient : call.getArgument(1, List.class)) {
                byRecipient.put(
                        (String) recipient, CardContents.of(CAMPAIGN, (String) recipient, campaignVersion.get()));
            }
            return byRecipient;
        });
    }

    private String installedCard(String recipient) {
        String card = cards.create(
                        org,
                        CAMPAIGN,
                        List.of(new NewCard(
                                recipient,
                                List.of("alpha"),
                                CardContents.of(CAMPAIGN, recipient, campaignVersion.get()))))
                .get(recipient);
        await().atMost(BACKGROUND_WORK)
                .until(() -> wallets.object("alpha", card).isPresent());
        intake.apply("alpha", card, recipient + "-install", true, Instant.now());
        return card;
    }

    @Test
    void aNewCardIsAnnouncedAndCreatedAtEachOfItsWallets(Scenario scenario, PublishedEvents events) {
        scenario.stimulate(() -> cards.create(
                        org,
                        CAMPAIGN,
                        List.of(new NewCard(
                                "rcp_new",
                                List.of("alpha", "eudiw"),
                                CardContents.of(CAMPAIGN, "rcp_new", campaignVersion.get())))))
                .andWaitAtMost(BACKGROUND_WORK)
                .andWaitForStateChange(() -> wallets.objectsOfRecipient("rcp_new"), objects -> objects.size() == 2)
                .andVerify((objects, created) -> {
                    String card = created.get("rcp_new");
                    // Content version 2: the campaign part's 1 plus the holder part's 1.
                    assertThat(objects)
                            .containsExactlyInAnyOrder(
                                    new WalletObject("alpha", card, "rcp_new", 2, false),
                                    new WalletObject("eudiw", card, "rcp_new", 2, false));
                    CardView view = cards.get(org, card);
                    assertThat(view.status()).isEqualTo(CardStatus.created);
                    assertThat(view.providers())
                            .extracting(CardView.ProviderState::provider, CardView.ProviderState::status)
                            .containsExactly(tuple("alpha", "created"), tuple("eudiw", "created"));
                    assertThat(inBatches(events, CardCreated.class))
                            .extracting(CardCreated::walletCardId, CardCreated::recipientId, CardCreated::campaignId)
                            .containsExactly(tuple(card, "rcp_new", CAMPAIGN));
                });
    }

    @Test
    void aWalletsInstallReportMakesTheCardActive(Scenario scenario) {
        String card = cards.create(
                        org,
                        CAMPAIGN,
                        List.of(new NewCard(
                                "rcp_install",
                                List.of("alpha"),
                                CardContents.of(CAMPAIGN, "rcp_install", campaignVersion.get()))))
                .get("rcp_install");

        scenario.stimulate(() -> intake.apply("alpha", card, "install-1", true, Instant.now()))
                .andWaitForEventOfType(CardStatusChanged.class)
                .matching(event -> event.walletCardId().equals(card))
                .toArriveAndVerify(event -> {
                    assertThat(event.from()).isEqualTo(CardStatus.created);
                    assertThat(event.to()).isEqualTo(CardStatus.active);
                    assertThat(event.recipientId()).isEqualTo("rcp_install");
                    assertThat(cards.get(org, card).status()).isEqualTo(CardStatus.active);
                    assertThat(active.count(org, CAMPAIGN)).isEqualTo(1);
                });
    }

    @Test
    void aCampaignContentChangeIsPushedToTheInstalledCard(Scenario scenario) {
        String card = installedCard("rcp_push");
        campaignVersion.set(2);

        // The event is published once the push is recorded, after the wallet took the content.
        scenario.stimulate(() -> changes.campaignChanged(org, CAMPAIGN))
                .andWaitAtMost(BACKGROUND_WORK)
                .andWaitForEventOfType(ExternalEvents.class)
                .matching(batch -> batch.events().stream()
                        .anyMatch(event -> event instanceof CardUpdated updated
                                && updated.walletCardId().equals(card)))
                .toArriveAndVerify(batch -> {
                    assertThat(batch.events()).singleElement().isInstanceOfSatisfying(CardUpdated.class, updated -> {
                        assertThat(updated.contentVersion()).isEqualTo(3);
                        assertThat(updated.recipientId()).isEqualTo("rcp_push");
                    });
                    assertThat(wallets.object("alpha", card))
                            .map(WalletObject::contentVersion)
                            .contains(3L);
                });
    }

    @Test
    void revokingACardVoidsItsObjectAtTheWallet(Scenario scenario) {
        String card = installedCard("rcp_revoke");

        scenario.stimulate(() -> cards.revoke(org, card))
                .andWaitAtMost(BACKGROUND_WORK)
                .andWaitForStateChange(
                        () -> wallets.object("alpha", card).map(WalletObject::voided), voided -> voided.orElse(false))
                .andExpect(CardRevoked.class)
                .matching(revoked -> revoked.walletCardId().equals(card))
                .toArriveAndVerify(revoked -> {
                    CardView view = cards.get(org, card);
                    assertThat(view.status()).isEqualTo(CardStatus.revoked);
                    assertThat(view.providers())
                            .singleElement()
                            .extracting(CardView.ProviderState::status)
                            .isEqualTo("revoked");
                });
    }
}
