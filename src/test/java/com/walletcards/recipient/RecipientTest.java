package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.card.CardStatus;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class RecipientTest {

    private static final Instant T0 = Instant.parse("2031-01-01T10:00:00Z");

    private static Recipient pending() {
        return new Recipient(
                "rcp_1",
                new OrganizationId("org_1"),
                "cmp_1",
                "Ada@Example.com",
                "Ada",
                null,
                null,
                new HashMap<>(Map.of("seat", "A1")),
                null,
                null,
                CardStatus.pending,
                null,
                null,
                1,
                T0,
                T0);
    }

    @Test
    void aCreatedCardMakesAPendingRecipientCreated() {
        Recipient r = pending();
        r.cardCreated("card_1", T0);
        assertThat(r.status()).isEqualTo(CardStatus.created);
        assertThat(r.walletCardId()).isEqualTo("card_1");
    }

    @Test
    void aRevokedRecipientCannotBeInvited() {
        Recipient r = pending();
        r.revoke(T0);
        assertThatThrownBy(() -> r.invited(T0)).isInstanceOf(InvalidState.class);
    }

    @Test
    void aRemovedRecipientCanBeInvitedAgain() {
        Recipient r = pending();
        r.cardCreated("card_1", T0);
        r.cardStatusChanged(CardStatus.removed, T0);
        r.invited(T0);
        assertThat(r.status()).isEqualTo(CardStatus.invited);
    }

    @Test
    void walletChangesDoNotOverrideARevokedRecipient() {
        Recipient r = pending();
        r.cardCreated("card_1", T0);
        r.revoke(T0);
        assertThat(r.cardStatusChanged(CardStatus.active, T0)).isFalse();
        assertThat(r.status()).isEqualTo(CardStatus.revoked);
    }

    @Test
    void revokingTwiceReportsOnlyTheFirstTime() {
        Recipient r = pending();
        assertThat(r.revoke(T0)).isPresent();
        assertThat(r.revoke(T0)).isEmpty();
    }

    @Test
    void recipientDataIsMergedAndOnlyContentChangesBumpTheVersion() {
        Recipient r = pending();
        Map<String, @Nullable Object> data = new HashMap<>();
        data.put("seat", "B2");
        data.put("tier", "gold");
        assertThat(r.apply(RecipientChanges.NONE.withRecipientData(data), T0)).isPresent();
        assertThat(r.recipientData()).containsEntry("seat", "B2").containsEntry("tier", "gold");
        assertThat(r.contentVersion()).isEqualTo(2);
        assertThat(r.apply(RecipientChanges.NONE.withPhone("+4915112345678"), T0))
                .isEmpty();
        assertThat(r.contentVersion()).isEqualTo(2);
    }

    @Test
    void emailsCompareCaseInsensitively() {
        assertThat(Recipient.normalizedEmail(" Ada@Example.COM ")).isEqualTo("ada@example.com");
    }
}
