package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class SignaturesTest {

    @Test
    void matchesThePublishedStandardWebhooksExample() {
        // The example of the Standard Webhooks specification and its reference libraries.
        SigningSecret secret = new SigningSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        byte[] body = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);

        String header = Signatures.header("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body, List.of(secret));

        assertThat(header).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void signsIdTimestampAndBodyWithTheDecodedSecret() throws Exception {
        SigningSecret secret = SigningSecret.generate();
        byte[] body = "{\"id\":\"evt_1\",\"type\":\"campaign.created\",\"data\":{\"name\":\"Käse\"}}"
                .getBytes(StandardCharsets.UTF_8);

        String header = Signatures.header("evt_1", 1_700_000_000L, body, List.of(secret));

        assertThat(header).isEqualTo("v1," + independentHmac(secret.value(), "evt_1.1700000000.", body));
    }

    @Test
    void twoSecretsGiveTwoSpaceSeparatedSignaturesThatEachVerify() throws Exception {
        SigningSecret current = SigningSecret.generate();
        SigningSecret previous = SigningSecret.generate();
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);

        String[] parts =
                Signatures.header("evt_2", 42, body, List.of(current, previous)).split(" ");

        assertThat(parts)
                .containsExactly(
                        "v1," + independentHmac(current.value(), "evt_2.42.", body),
                        "v1," + independentHmac(previous.value(), "evt_2.42.", body));
    }

    @Test
    void generatedSecretsCarryThePrefixAnd24RandomBytes() {
        SigningSecret a = SigningSecret.generate();
        SigningSecret b = SigningSecret.generate();

        assertThat(a.value()).startsWith("whsec_");
        assertThat(Base64.getDecoder().decode(a.value().substring(6))).hasSize(24);
        assertThat(a.value()).isNotEqualTo(b.value());
        assertThat(a.toString()).doesNotContain(a.value().substring(6));
    }

    /** HMAC-SHA256 written out here, not shared with the code under test. */
    private static String independentHmac(String secret, String prefix, byte[] body) throws Exception {
        byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        byte[] prefixBytes = prefix.getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[prefixBytes.length + body.length];
        System.arraycopy(prefixBytes, 0, message, 0, prefixBytes.length);
        System.arraycopy(body, 0, message, prefixBytes.length, body.length);
        return Base64.getEncoder().encodeToString(mac.doFinal(message));
    }
}
