package com.walletcards.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.Capabilities;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProviderFactory;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.mock.env.MockEnvironment;

class ProviderModesTest {

    private final AtomicInteger created = new AtomicInteger();

    @Test
    void withoutAModeEachProviderRunsTheContractsDefault() {
        WalletProviders providers = new WalletProviders(
                factories("local", "apple", "google", "openid4vci"), new MockEnvironment(), new SimpleMeterRegistry());
        assertThat(modeOf(providers.get(ProviderName.alpha))).isEqualTo("apple");
        assertThat(modeOf(providers.get(ProviderName.beta))).isEqualTo("local");
        assertThat(modeOf(providers.get(ProviderName.eudiw))).isEqualTo("openid4vci");
    }

    @Test
    void theApplicationSettingsWithNothingConfiguredChooseApplePassesAnIssuerAndALocalBeta() throws IOException {
        StandardEnvironment env = new StandardEnvironment();
        // Nothing from this machine's environment or system properties: only application.yml speaks.
        env.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        env.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        new YamlPropertySourceLoader()
                .load("application.yml", new ClassPathResource("application.yml"))
                .forEach(env.getPropertySources()::addLast);
        WalletProviders providers = new WalletProviders(
                factories("local", "apple", "google", "openid4vci"), env, new SimpleMeterRegistry());
        assertThat(modeOf(providers.get(ProviderName.alpha))).isEqualTo("apple");
        assertThat(modeOf(providers.get(ProviderName.beta))).isEqualTo("local");
        assertThat(modeOf(providers.get(ProviderName.eudiw))).isEqualTo("openid4vci");
    }

    @Test
    void theModeVariableChoosesTheImplementationAndOnlyThatOneIsCreated() {
        MockEnvironment env = localEverywhere().withProperty("wallet.providers.settings.beta.mode", "remote");
        WalletProviders providers = new WalletProviders(factories("local", "remote"), env, new SimpleMeterRegistry());
        assertThat(modeOf(providers.get(ProviderName.beta))).isEqualTo("remote");
        assertThat(modeOf(providers.get(ProviderName.alpha))).isEqualTo("local");
        assertThat(created).hasValue(ProviderName.values().length);
    }

    @Test
    void anUnknownModeStopsStartUpNamingTheVariableAndTheKnownModes() {
        MockEnvironment env = localEverywhere().withProperty("wallet.providers.settings.eudiw.mode", "openid");
        assertThatThrownBy(() -> new WalletProviders(factories("local"), env, new SimpleMeterRegistry()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("WALLET_PROVIDER_EUDIW_MODE=openid")
                .hasMessageContaining("known modes: local");
    }

    @Test
    void theDocumentedVariableReachesTheRegistryThroughTheApplicationSettings() throws IOException {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources()
                .addFirst(new SystemEnvironmentPropertySource("env", Map.of("WALLET_PROVIDER_BETA_MODE", "nope")));
        new YamlPropertySourceLoader()
                .load("application.yml", new ClassPathResource("application.yml"))
                .forEach(env.getPropertySources()::addLast);
        assertThatThrownBy(() ->
                        new WalletProviders(factories("local", "apple", "openid4vci"), env, new SimpleMeterRegistry()))
                .hasMessageStartingWith("WALLET_PROVIDER_BETA_MODE=nope is not a mode of provider beta");
    }

    @Test
    void aProviderWithoutAnyImplementationStopsStartUp() {
        List<WalletProviderFactory> onlyAlpha = factories("local").stream()
                .filter(f -> f.provider() == ProviderName.alpha)
                .toList();
        assertThatThrownBy(() -> new WalletProviders(onlyAlpha, localEverywhere(), new SimpleMeterRegistry()))
                .hasMessageContaining("WALLET_PROVIDER_BETA_MODE=local");
    }

    @Test
    void providerNamesFromRequestsAreLookedUpNotTrusted() {
        WalletProviders providers =
                new WalletProviders(factories("local"), localEverywhere(), new SimpleMeterRegistry());
        assertThat(providers.exists("alpha")).isTrue();
        assertThat(providers.exists("ALPHA")).isFalse();
        assertThatThrownBy(() -> providers.get("gamma")).isInstanceOf(NotFound.class);
    }

    private static MockEnvironment localEverywhere() {
        MockEnvironment env = new MockEnvironment();
        for (ProviderName name : ProviderName.values()) {
            env.setProperty(WalletProviders.modeProperty(name), "local");
        }
        return env;
    }

    /** The registry hands out providers wrapped for metrics; a Named one tells its mode in its references. */
    private static String modeOf(WalletProvider provider) {
        return provider.allocateObjectRef("card").split(":")[0];
    }

    private List<WalletProviderFactory> factories(String... modes) {
        List<WalletProviderFactory> all = new ArrayList<>();
        for (ProviderName name : ProviderName.values()) {
            Arrays.stream(modes)
                    .forEach(mode -> all.add(new WalletProviderFactory() {
                        @Override
                        public ProviderName provider() {
                            return name;
                        }

                        @Override
                        public String mode() {
                            return mode;
                        }

                        @Override
                        public WalletProvider create() {
                            created.incrementAndGet();
                            return new Named(name, mode);
                        }
                    }));
        }
        return all;
    }

    /** An implementation that only knows who it is: enough to see which one was chosen. */
    private record Named(ProviderName name, String mode) implements WalletProvider {
        @Override
        public Capabilities capabilities() {
            return Capabilities.ALL;
        }

        @Override
        public String allocateObjectRef(String walletCardId) {
            return mode + ":" + walletCardId;
        }

        @Override
        public void createObjects(List<ObjectContent> objects) {}

        @Override
        public void updateObjects(List<ObjectContent> updates) {}

        @Override
        public void voidObjects(List<ProviderObjectRef> objects) {}

        @Override
        public List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
            return new ArrayList<>(Collections.nCopies(objects.size(), null));
        }

        @Override
        public AddToWallet addToWallet(ObjectContent object) {
            return new AddToWallet.Redirect(java.net.URI.create("https://wallet.example/save"));
        }
    }
}
