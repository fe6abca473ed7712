package com.walletcards.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/** A provider without a callback secret refuses its callbacks as not enabled, not as badly signed. */
@DatabaseTest
@ExtendWith(OutputCaptureExtension.class)
@TestPropertySource(properties = "wallet.providers.settings.eudiw.callback-secret=")
class CallbacksWithoutSecretTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    CallbackReport report;

    @Test
    void aCallbackOfAProviderWithoutASecretIsNotFoundAndSaysWhy() {
        Api api = new Api(port, Tenants.create(access).key());
        Flows flows = new Flows(api);
        String campaign = flows.campaign();
        String recipient = flows.recipient(campaign);
        flows.invite(campaign, recipient);
        String card = flows.cardOf(campaign, recipient);

        Api.Response refused = flows.callback("eudiw", "SAVE", card);

        assertThat(refused.status()).isEqualTo(404);
        assertThat(refused.errorCode()).isEqualTo("NOT_FOUND");
        assertThat(refused.json().get("error").get("message").asString())
                .isEqualTo("Callbacks for provider eudiw are not enabled: no callback secret is configured");
        assertThat(refused.header("WWW-Authenticate")).isNull();
        assertThat(flows.callback("alpha", "SAVE", card).status()).isEqualTo(200);
    }

    @Test
    void theStartUpLogSaysWhichProvidersAcceptCallbacks(CapturedOutput output) {
        report.report();

        assertThat(output.getOut())
                .contains("Provider callbacks accepted for: alpha, beta;"
                        + " not enabled (no WALLET_PROVIDER_<NAME>_CALLBACK_SECRET) for: eudiw");
    }
}
