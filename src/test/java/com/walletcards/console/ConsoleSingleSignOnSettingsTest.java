package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.support.ServiceProcess;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Which settings switch single sign-on on, and what an unreachable provider does, without a service. */
class ConsoleSingleSignOnSettingsTest {

    @Test
    void withoutTheVariablesSingleSignOnIsOffAndAsksNoProvider() {
        ConsoleSingleSignOn sso = new ConsoleSingleSignOn(settings(null, null, null, null), null);

        assertThat(sso.enabled()).isFalse();
        assertThat(sso.registration()).isEmpty();
    }

    @Test
    void onlySomeOfTheThreeVariablesStopTheStartWithAMessageNamingThem() {
        assertThatThrownBy(
                        () -> new ConsoleSingleSignOn(settings("https://id.example.com", "console", " ", null), null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("WALLET_OIDC_ISSUER_URI")
                .hasMessageContaining("WALLET_OIDC_CLIENT_ID")
                .hasMessageContaining("WALLET_OIDC_CLIENT_SECRET");
    }

    @Test
    void aProviderThatCannotBeReachedLeavesSingleSignOnOnButWithoutARegistrationUntilItAnswers() {
        String nobody = "http://127.0.0.1:" + ServiceProcess.freePort() + "/realms/staff";
        ConsoleSingleSignOn sso = new ConsoleSingleSignOn(settings(nobody, "console", "secret", " Staff ID "), null);

        assertThat(sso.enabled()).isTrue();
        assertThat(sso.registration()).isEmpty();
        assertThat(sso.providerName()).isEqualTo("Staff ID");
    }

    private static ConsoleProperties settings(
            @Nullable String issuer, @Nullable String client, @Nullable String secret, @Nullable String name) {
        return new ConsoleProperties(
                "owner@example.com",
                null,
                Path.of("target/test-data"),
                "http://localhost:8080",
                Duration.ofDays(7),
                5,
                Duration.ofMinutes(15),
                30,
                issuer,
                client,
                secret,
                name);
    }
}
