package com.walletcards.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.when;

import com.walletcards.access.AccessManagement;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignType;
import com.walletcards.campaign.NewCampaign;
import com.walletcards.card.NewCard;
import com.walletcards.card.ProviderEventsIntake;
import com.walletcards.card.WalletCards;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.notification.NotificationErrors.NotificationLimitExceeded;
import com.walletcards.notification.NotificationEvents.NotificationSent;
import com.walletcards.notification.NotificationEvents.Outcome;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.support.CardContents;
import com.walletcards.support.InMemoryWallets;
import com.walletcards.support.InMemoryWallets.Delivery;
import com.walletcards.support.InMemoryWallets.Wallets;
import com.walletcards.support.ModuleDatabaseTest;
import com.walletcards.support.SeparateDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/**
 * The notification module with the modules its beans use, campaign and card: sending through the
 * facade, the background fan-out to the campaign's active cards, and the limit per campaign. The
 * card module's outward ports are test doubles: the wallets are kept in memory, and card content,
 * which the recipient module gives in the application, comes from a mock.
 */
@ApplicationModuleTest(
        mode = BootstrapMode.DIRECT_DEPENDENCIES,
        extraIncludes = {"shared", "access"})
@ModuleDatabaseTest
@ContextConfiguration(initializers = NotificationModuleTest.OwnDatabase.class)
@Import(InMemoryWallets.class)
class NotificationModuleTest {

    static final class OwnDatabase extends SeparateDatabase {}

    private static final Message DOORS_OPEN = new Message("Doors open", "Gate B opens at 18:00");

    @MockitoBean
    CardContentSource contents;

    private final NotificationManagement notifications;
    private final CampaignManagement campaigns;
    private final WalletCards cards;
    private final ProviderEventsIntake intake;
    private final AccessManagement access;
    private final Wallets wallets;
    private OrganizationId org;
    private CampaignId campaign;

    @Autowired
    NotificationModuleTest(
            NotificationManagement notifications,
            CampaignManagement campaigns,
            WalletCards cards,
            ProviderEventsIntake intake,
            AccessManagement access,
            Wallets wallets) {
        this.notifications = notifications;
        this.campaigns = campaigns;
        this.cards = cards;
        this.intake = intake;
        this.access = access;
        this.wallets = wallets;
    }

    @BeforeEach
    void campaign() {
        org = access.createOrganization("Notification module").id();
        campaign = campaigns
                .create(
                        org,
                        new NewCampaign("Launch", CampaignType.event, Map.of(), null, null, null, List.of(), Map.of()))
                .id();
    }

    @Test
    void aNotificationToACampaignWithoutActiveCardsEndsSentWithNoTargets(Scenario scenario) {
        scenario.stimulate(() -> notifications.send(org, campaign, DOORS_OPEN))
                .andWaitForStateChange(
                        () -> notifications
                                .list(org, campaign, null, NotificationStatus.sent, new Page(10, 0))
                                .notifications(),
                        sent -> !sent.isEmpty())
                .andVerify((sent, requested) -> {
                    Notification finished = sent.get(0);
                    assertThat(finished.id()).isEqualTo(requested.id());
                    assertThat(finished.kind()).isEqualTo(NotificationKind.immediate);
                    assertThat(finished.targetedCards()).isZero();
                    assertThat(finished.deliveredCards()).isZero();
                    assertThat(finished.failedCards()).isZero();
                    assertThat(finished.sentAt()).isNotNull();
                });
    }

    @Test
    void aNotificationReachesTheLockScreenOfAnInstalledCard(Scenario scenario) {
        when(contents.contents(any(), anyList()))
                .thenReturn(Map.of("rcp_ada", CardContents.of(campaign.value(), "rcp_ada", 1)));
        String card = cards.create(
                        org,
                        campaign.value(),
                        List.of(new NewCard(
                                "rcp_ada", List.of("alpha", "eudiw"), CardContents.of(campaign.value(), "rcp_ada", 1))))
                .get("rcp_ada");
        intake.apply("alpha", card, "install-1", true, Instant.now());

        scenario.stimulate(() -> notifications.send(org, campaign, DOORS_OPEN))
                .andWaitForEventOfType(NotificationSent.class)
                .matching(event -> event.outcome().campaignId().equals(campaign))
                .toArriveAndVerify((event, requested) -> {
                    assertThat(event.outcome())
                            .isEqualTo(new Outcome(requested.id(), campaign, NotificationKind.immediate, 1, 1, 0));
                    assertThat(wallets.deliveriesTo(card))
                            .containsExactly(new Delivery(
                                    "alpha",
                                    card,
                                    new PushMessage(requested.id(), DOORS_OPEN.header(), DOORS_OPEN.body())));
                    assertThat(notifications.get(org, campaign, requested.id()).status())
                            .isEqualTo(NotificationStatus.sent);
                });
    }

    @Test
    void theFourthNotificationOfACampaignIsRefused() {
        Instant tomorrow = Instant.now().plus(Duration.ofDays(1));
        notifications.send(org, campaign, DOORS_OPEN);
        notifications.schedule(org, campaign, DOORS_OPEN, tomorrow);
        notifications.schedule(org, campaign, DOORS_OPEN, tomorrow.plusSeconds(60));

        assertThatThrownBy(() -> notifications.send(org, campaign, DOORS_OPEN))
                .isInstanceOf(NotificationLimitExceeded.class)
                .hasMessageContaining("already has 3 notifications");
        assertThat(notifications
                        .list(org, campaign, null, null, new Page(10, 0))
                        .total())
                .isEqualTo(3);
    }

    @Test
    void cancellingAPendingScheduledNotificationFreesItsSlot() {
        Instant tomorrow = Instant.now().plus(Duration.ofDays(1));
        notifications.schedule(org, campaign, DOORS_OPEN, tomorrow);
        notifications.schedule(org, campaign, DOORS_OPEN, tomorrow.plusSeconds(60));
        Notification third = notifications.schedule(org, campaign, DOORS_OPEN, tomorrow.plusSeconds(120));

        Notification cancelled = notifications.cancel(org, campaign, third.id());
        Notification fourth = notifications.schedule(org, campaign, DOORS_OPEN, tomorrow.plusSeconds(180));

        assertThat(cancelled.status()).isEqualTo(NotificationStatus.cancelled);
        assertThat(fourth.status()).isEqualTo(NotificationStatus.pending);
        assertThat(notifications
                        .list(org, campaign, null, NotificationStatus.pending, new Page(10, 0))
                        .total())
                .isEqualTo(3);
    }
}
