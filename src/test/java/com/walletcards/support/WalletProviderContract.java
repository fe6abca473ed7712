package com.walletcards.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.HolderContent;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProvider.ObjectContent;
import com.walletcards.shared.Ids;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every {@link WalletProvider} implementation must do, whatever its protocol. A provider's
 * test extends this and names its implementations in {@link #providers()}; the local providers
 * pass it ({@code provider.LocalProvidersContractTest}), and each real protocol's adapter will.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class WalletProviderContract {

    /** The implementations under test. */
    protected abstract Stream<WalletProvider> providers();

    @ParameterizedTest
    @MethodSource("providers")
    void allocatesUniqueReferencesThatFitTheObjectColumn(WalletProvider provider) {
        Set<String> refs = new HashSet<>();
        IntStream.range(0, 200).forEach(i -> refs.add(provider.allocateObjectRef("card_" + i)));
        assertThat(refs).hasSize(200).allMatch(ref -> !ref.isBlank() && ref.length() <= 100);
    }

    @ParameterizedTest
    @MethodSource("providers")
    void creatingTheSameObjectsAgainIsHarmless(WalletProvider provider) {
        List<ObjectContent> objects = objects(provider, 3, 1);
        provider.createObjects(objects);
        assertThatCode(() -> provider.createObjects(objects)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @MethodSource("providers")
    void takesNewerContentAndALateOlderPushWithoutFailing(WalletProvider provider) {
        if (!provider.capabilities().pushUpdates()) {
            return;
        }
        List<ObjectContent> v1 = objects(provider, 2, 1);
        provider.createObjects(v1);
        List<ObjectContent> v5 = v1.stream()
                .map(o -> new ObjectContent(o.object(), content(o.object().walletCardId(), 5)))
                .toList();
        provider.updateObjects(v5);
        assertThatCode(() -> provider.updateObjects(v1)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @MethodSource("providers")
    void voidingTwiceIsHarmless(WalletProvider provider) {
        if (!provider.capabilities().voiding()) {
            return;
        }
        List<ObjectContent> objects = objects(provider, 2, 1);
        provider.createObjects(objects);
        List<ProviderObjectRef> refs =
                objects.stream().map(ObjectContent::object).toList();
        provider.voidObjects(refs);
        assertThatCode(() -> provider.voidObjects(refs)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @MethodSource("providers")
    void answersOneMessageOutcomePerObjectInOrder(WalletProvider provider) {
        if (!provider.capabilities().lockScreenMessages()) {
            return;
        }
        List<ObjectContent> objects = objects(provider, 3, 1);
        provider.createObjects(objects);
        List<String> outcomes = provider.deliverMessages(
                objects.stream().map(ObjectContent::object).toList(),
                new PushMessage(Ids.newId("ntf"), "Doors open", "Gate 3"));
        assertThat(outcomes).hasSize(3);
    }

    @ParameterizedTest
    @MethodSource("providers")
    void addToWalletAnswersSomethingAHolderCanUse(WalletProvider provider) {
        ObjectContent object = objects(provider, 1, 1).get(0);
        provider.createObjects(List.of(object));
        AddToWallet action = provider.addToWallet(object);
        if (action instanceof AddToWallet.Download file) {
            assertThat(file.contentType()).contains("/");
            assertThat(file.fileName()).isNotBlank().doesNotContain("/");
            assertThat(file.content()).isNotEmpty();
        } else if (action instanceof AddToWallet.Redirect redirect) {
            assertThat(redirect.location().isAbsolute()).isTrue();
        } else if (action instanceof AddToWallet.DemoWallet) {
            // The service's own demonstration wallet: the holder's page is all a holder needs, and
            // it tells the holder so under the provider's button.
            assertThat(provider.holderNoteKey()).isNotBlank();
        } else {
            AddToWallet.Offer offer = (AddToWallet.Offer) action;
            assertThat(URI.create(offer.offerUri()).getScheme()).isNotBlank();
            assertThat(URI.create(offer.sameDeviceLink()).getScheme()).isNotBlank();
        }
    }

    @ParameterizedTest
    @MethodSource("providers")
    void aProviderWithCampaignLevelDataTakesTheCampaignPartAlone(WalletProvider provider) {
        if (!provider.capabilities().campaignLevelUpdate()) {
            return;
        }
        assertThatCode(() -> provider.updateCampaign(content("card", 2).campaign()))
                .doesNotThrowAnyException();
    }

    private static List<ObjectContent> objects(WalletProvider provider, int count, long version) {
        return IntStream.range(0, count)
                .mapToObj(i -> {
                    String card = Ids.newId("card");
                    return new ObjectContent(
                            new ProviderObjectRef(card, provider.name().name(), provider.allocateObjectRef(card)),
                            content(card, version));
                })
                .toList();
    }

    /** Content as the card module hands it over: both parts, design, organization and barcode. */
    protected static CardContent content(String walletCardId, long version) {
        CampaignContent campaign = new CampaignContent(
                "cmp_contract",
                "Acme Events",
                "Summer Summit",
                "event",
                Map.of("location", "Hall A"),
                "qr",
                "Europe/Berlin",
                LocalDate.of(2031, 7, 1),
                null,
                Instant.parse("2031-07-01T16:00:00Z"),
                Instant.parse("2031-07-01T21:00:00Z"),
                new CardDesign("#0A1B2C", "#FFFFFF", "#CCCCCC", "Acme", "Summer Summit ticket", Map.of()),
                version);
        HolderContent holder = new HolderContent(
                "rcp_" + walletCardId,
                "Ada Lovelace",
                "ada@example.com",
                Map.of("seat", "12A"),
                "BARCODE-" + walletCardId,
                0);
        return new CardContent(campaign, holder);
    }
}
