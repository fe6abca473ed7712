package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.card.CardEvents.CardEvent;
import com.walletcards.card.CardEvents.CardInstalled;
import com.walletcards.card.CardEvents.CardRemoved;
import com.walletcards.card.CardEvents.CardStatusChanged;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class WalletCardTest {

    private static final Instant T0 = Instant.parse("2031-01-01T10:00:00Z");

    private static WalletCard card(String... providers) {
        List<ProviderObject> objects = Arrays.stream(providers)
                .map(p -> ProviderObject.allocated(p, p + "_1", 1, T0))
                .toList();
        return new WalletCard(
                "card_1",
                new OrganizationId("org_1"),
                "cmp_1",
                "rcp_1",
                CardStatus.created,
                null,
                "code",
                "bar",
                objects,
                T0,
                T0);
    }

    @Test
    void aNewCardIsCreatedAndAnInviteMakesItInvited() {
        WalletCard card = card("alpha");
        assertThat(card.status()).isEqualTo(CardStatus.created);
        List<CardEvent> events = card.invite(T0);
        assertThat(card.status()).isEqualTo(CardStatus.invited);
        assertThat(events).singleElement().isInstanceOf(CardStatusChanged.class);
    }

    @Test
    void anInstallOnAnyProviderMakesTheCardActive() {
        WalletCard card = card("alpha", "beta");
        card.invite(T0);
        List<CardEvent> events =
                card.applyProviderEvent("beta", true, T0.plusSeconds(1), T0).orElseThrow();
        assertThat(card.status()).isEqualTo(CardStatus.active);
        assertThat(events)
                .hasAtLeastOneElementOfType(CardInstalled.class)
                .hasAtLeastOneElementOfType(CardStatusChanged.class);
    }

    @Test
    void theCardIsRemovedOnlyWhenNoObjectIsInstalledAnyMore() {
        WalletCard card = card("alpha", "beta");
        card.applyProviderEvent("alpha", true, T0.plusSeconds(1), T0);
        card.applyProviderEvent("beta", true, T0.plusSeconds(2), T0);
        card.applyProviderEvent("alpha", false, T0.plusSeconds(3), T0);
        assertThat(card.status()).isEqualTo(CardStatus.active);
        List<CardEvent> events =
                card.applyProviderEvent("beta", false, T0.plusSeconds(4), T0).orElseThrow();
        assertThat(card.status()).isEqualTo(CardStatus.removed);
        assertThat(events).hasAtLeastOneElementOfType(CardRemoved.class);
    }

    @Test
    void aRemovedCardAddedAgainIsActiveAgain() {
        WalletCard card = card("alpha");
        card.applyProviderEvent("alpha", true, T0.plusSeconds(1), T0);
        card.applyProviderEvent("alpha", false, T0.plusSeconds(2), T0);
        card.applyProviderEvent("alpha", true, T0.plusSeconds(3), T0);
        assertThat(card.status()).isEqualTo(CardStatus.active);
    }

    @Test
    void anEventOlderThanTheLastAppliedOneIsIgnored() {
        WalletCard card = card("alpha");
        card.applyProviderEvent("alpha", true, T0.plusSeconds(10), T0);
        assertThat(card.applyProviderEvent("alpha", false, T0.plusSeconds(5), T0))
                .isEmpty();
        assertThat(card.status()).isEqualTo(CardStatus.active);
    }

    @Test
    void aRevokedCardNeverTurnsActiveAgainWhateverTheWalletsSay() {
        WalletCard card = card("alpha");
        card.applyProviderEvent("alpha", true, T0.plusSeconds(1), T0);
        card.revoke(T0.plusSeconds(2));
        assertThat(card.status()).isEqualTo(CardStatus.revoked);
        assertThat(card.objects()).allMatch(ProviderObject::voided);
        assertThat(card.applyProviderEvent("alpha", true, T0.plusSeconds(3), T0))
                .isEmpty();
        assertThat(card.status()).isEqualTo(CardStatus.revoked);
    }

    @Test
    void aRevokedCardCannotBeInvited() {
        WalletCard card = card("alpha");
        card.revoke(T0);
        assertThatThrownBy(() -> card.invite(T0)).isInstanceOf(InvalidState.class);
    }

    @Test
    void aDeletedCardIgnoresLaterCallbacks() {
        WalletCard card = card("alpha");
        card.markDeleted(T0);
        assertThat(card.applyProviderEvent("alpha", true, T0.plusSeconds(1), T0))
                .isEmpty();
        assertThat(card.status()).isEqualTo(CardStatus.deleted);
    }
}
