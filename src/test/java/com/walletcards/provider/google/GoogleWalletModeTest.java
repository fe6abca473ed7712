package com.walletcards.provider.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Contract §11: {@code beta} runs Google Wallet when a service account is configured, else its
 * local mode; a wrong service account or issuer id stops the start-up naming the variable.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GoogleWalletModeTest {

    private final FakeGoogleWallet google = new FakeGoogleWallet();

    @AfterAll
    void stop() {
        google.close();
    }

    @Test
    void withoutAServiceAccountBetaStaysLocal() throws IOException {
        assertThat(modeWith(Map.of())).isEqualTo("local");
        assertThat(modeWith(Map.of("WALLET_BETA_ISSUER_ID", "3388000000022222222")))
                .isEqualTo("local");
    }

    @Test
    void aServiceAccountSwitchesBetaToGoogleUnlessAModeIsSetExplicitly() throws IOException {
        Map<String, Object> account = Map.of(
                "WALLET_BETA_SERVICE_ACCOUNT_FILE",
                google.keyFile().toString(),
                "WALLET_BETA_ISSUER_ID",
                "3388000000022222222");
        assertThat(modeWith(account)).isEqualTo("google");
        Map<String, Object> explicit = new HashMap<>(account);
        explicit.put("WALLET_PROVIDER_BETA_MODE", "local");
        assertThat(modeWith(explicit)).isEqualTo("local");
    }

    @Test
    void aNonNumericIssuerIdStopsTheStartUpNamingTheVariable() {
        assertThatThrownBy(() -> factory(google.keyFile().toString(), "acme").create())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("WALLET_BETA_ISSUER_ID")
                .hasMessageContaining("'acme'");
    }

    @Test
    void aMissingOrMalformedServiceAccountFileStopsTheStartUpNamingTheVariable() throws IOException {
        assertThatThrownBy(() ->
                        factory("/nonexistent/key.json", "3388000000022222222").create())
                .hasMessageStartingWith("WALLET_BETA_SERVICE_ACCOUNT_FILE=/nonexistent/key.json")
                .hasMessageContaining("not readable");
        Path malformed = Files.createTempFile("not-a-key", ".json");
        Files.writeString(malformed, "{\"type\": \"service_account\", \"client_email\": \"x@example.com\"}");
        assertThatThrownBy(() ->
                        factory(malformed.toString(), "3388000000022222222").create())
                .hasMessageStartingWith("WALLET_BETA_SERVICE_ACCOUNT_FILE=" + malformed)
                .hasMessageContaining("not a Google service account key file");
    }

    @Test
    void aGoodServiceAccountAndIssuerCreateTheGoogleProvider() {
        var provider =
                factory(google.keyFile().toString(), "3388000000022222222").create();
        assertThat(provider.capabilities().campaignLevelUpdate()).isTrue();
        assertThat(provider.allocateObjectRef("card_1")).startsWith("3388000000022222222.gw_");
    }

    private String modeWith(Map<String, Object> variables) throws IOException {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new SystemEnvironmentPropertySource("env", variables));
        new YamlPropertySourceLoader()
                .load("application.yml", new ClassPathResource("application.yml"))
                .forEach(env.getPropertySources()::addLast);
        GoogleWalletMode mode = new GoogleWalletMode();
        mode.setEnvironment(env);
        mode.postProcessBeanFactory(new DefaultListableBeanFactory());
        return env.getProperty(GoogleWalletMode.MODE_PROPERTY);
    }

    private GoogleWalletFactory factory(String file, String issuer) {
        GoogleWalletSettings settings = new GoogleWalletSettings(
                file,
                issuer,
                URI.create(google.apiUrl()),
                null,
                URI.create(google.keysUrl()),
                "GooglePayPasses",
                15,
                3,
                Duration.ofMillis(50),
                Duration.ofSeconds(5),
                Duration.ofHours(1),
                "https://pay.google.com/gp/v/save/",
                Duration.ofDays(1),
                1000);
        return new GoogleWalletFactory(
                settings,
                JdbcClient.create(new DriverManagerDataSource("jdbc:h2:mem:unused")),
                Clock.systemUTC(),
                "http://localhost:8080",
                new GoogleWalletRuntime(),
                (provider, objectRef) -> Optional.empty()); // start-up checks read no card
    }
}
