package com.walletcards.support;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.Capabilities;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProviderFactory;
import com.walletcards.shared.ProviderName;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The {@code local} mode of every provider for module tests that start the card module without
 * the provider module: wallets held in memory, with the capabilities of the local providers, so a
 * test can see what each wallet received. Import it into the test context.
 */
@TestConfiguration(proxyBeanMethods = false)
public class InMemoryWallets {

    @Bean
    Wallets inMemoryWallets() {
        return new Wallets();
    }

    @Bean
    WalletProviderFactory inMemoryAlpha(Wallets wallets) {
        return wallets.factory(
                ProviderName.alpha,
                Capabilities.NONE.withPushUpdates().withLockScreenMessages().withVoiding());
    }

    @Bean
    WalletProviderFactory inMemoryBeta(Wallets wallets) {
        return wallets.factory(
                ProviderName.beta,
                Capabilities.NONE.withPushUpdates().withLockScreenMessages().withVoiding());
    }

    @Bean
    WalletProviderFactory inMemoryEudiw(Wallets wallets) {
        // Like the EU wallet it stands in for: no pushed content and no lock-screen messages.
        return wallets.factory(ProviderName.eudiw, Capabilities.NONE.withVoiding());
    }

    /** One provider's object as its wallet holds it. */
    public record WalletObject(
            String provider, String walletCardId, String recipientId, long contentVersion, boolean voided) {

        WalletObject withContentVersion(long version) {
            return new WalletObject(provider, walletCardId, recipientId, version, voided);
        }

        WalletObject asVoided() {
            return new WalletObject(provider, walletCardId, recipientId, contentVersion, true);
        }
    }

    /** A lock-screen message as one object received it. */
    public record Delivery(String provider, String walletCardId, PushMessage message) {}

    /** What every in-memory wallet holds. */
    public static final class Wallets {

        private final Map<String, WalletObject> objects = new ConcurrentHashMap<>();
        private final Queue<Delivery> deliveries = new ConcurrentLinkedQueue<>();

        /** The objects of a card, at every provider that created one. */
        public List<WalletObject> objectsOf(String walletCardId) {
            return objects.values().stream()
                    .filter(o -> o.walletCardId().equals(walletCardId))
                    .toList();
        }

        /** The objects of the recipient's card, which a test may not know the id of yet. */
        public List<WalletObject> objectsOfRecipient(String recipientId) {
            return objects.values().stream()
                    .filter(o -> o.recipientId().equals(recipientId))
                    .toList();
        }

        public Optional<WalletObject> object(String provider, String walletCardId) {
            return objectsOf(walletCardId).stream()
                    .filter(o -> o.provider().equals(provider))
                    .findFirst();
        }

        /** The messages the card's objects received, in the order they arrived. */
        public List<Delivery> deliveriesTo(String walletCardId) {
            return deliveries.stream()
                    .filter(d -> d.walletCardId().equals(walletCardId))
                    .toList();
        }

        WalletProviderFactory factory(ProviderName name, Capabilities capabilities) {
            return new WalletProviderFactory() {
                @Override
                public ProviderName provider() {
                    return name;
                }

                @Override
                public String mode() {
                    return "local";
                }

                @Override
                public WalletProvider create() {
                    return new Wallet(name, capabilities);
                }
            };
        }

        private static String key(ProviderName provider, String objectRef) {
            return provider + "/" + objectRef;
        }

        private final class Wallet implements WalletProvider {

            private final ProviderName name;
            private final Capabilities capabilities;

            Wallet(ProviderName name, Capabilities capabilities) {
                this.name = name;
                this.capabilities = capabilities;
            }

            @Override
            public ProviderName name() {
                return name;
            }

            @Override
            public Capabilities capabilities() {
                return capabilities;
            }

            @Override
            public String allocateObjectRef(String walletCardId) {
                return name + "-" + walletCardId;
            }

            @Override
            public void createObjects(List<ObjectContent> created) {
                created.forEach(o -> objects.putIfAbsent(
                        key(name, o.object().objectRef()),
                        new WalletObject(
                                name.name(),
                                o.object().walletCardId(),
                                o.content().recipientId(),
                                o.content().version(),
                                false)));
            }

            @Override
            public void updateObjects(List<ObjectContent> updates) {
                // Only ever forward, as a wallet keeps the newest content it was given.
                updates.forEach(u -> objects.computeIfPresent(
                        key(name, u.object().objectRef()),
                        (ref, o) -> o.contentVersion() >= u.content().version()
                                ? o
                                : o.withContentVersion(u.content().version())));
            }

            @Override
            public void voidObjects(List<ProviderObjectRef> voided) {
                voided.forEach(v -> objects.computeIfPresent(key(name, v.objectRef()), (ref, o) -> o.asVoided()));
            }

            @Override
            public List<@Nullable String> deliverMessages(List<ProviderObjectRef> targets, PushMessage message) {
                targets.forEach(t -> deliveries.add(new Delivery(name.name(), t.walletCardId(), message)));
                return Collections.nCopies(targets.size(), null);
            }

            @Override
            public AddToWallet addToWallet(ObjectContent object) {
                return new AddToWallet.DemoWallet();
            }
        }
    }
}
