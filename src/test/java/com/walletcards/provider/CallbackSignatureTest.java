package com.walletcards.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class CallbackSignatureTest {

    private static final byte[] BODY = "{\"eventId\":\"e1\"}".getBytes(StandardCharsets.UTF_8);
    private static final Instant NOW = Instant.ofEpochSecond(1_900_000_000L);
    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);

    @Test
    void aSignatureMadeWithTheSecretVerifies() {
        String header = CallbackSignature.sign("secret", NOW.getEpochSecond(), BODY);
        assertThat(CallbackSignature.valid(header, BODY, "secret", NOW, FIVE_MINUTES))
                .isTrue();
    }

    @Test
    void aSignatureMatchesAnIndependentHmac() throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec("secret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = HexFormat.of()
                .formatHex(
                        mac.doFinal((NOW.getEpochSecond() + ".{\"eventId\":\"e1\"}").getBytes(StandardCharsets.UTF_8)));
        assertThat(CallbackSignature.sign("secret", NOW.getEpochSecond(), BODY))
                .isEqualTo("t=" + NOW.getEpochSecond() + ",v1=" + expected);
    }

    @Test
    void aWrongSecretATamperedBodyOrAStaleTimestampIsRefused() {
        String header = CallbackSignature.sign("secret", NOW.getEpochSecond(), BODY);
        assertThat(CallbackSignature.valid(header, BODY, "other", NOW, FIVE_MINUTES))
                .isFalse();
        assertThat(CallbackSignature.valid(header, "{}".getBytes(StandardCharsets.UTF_8), "secret", NOW, FIVE_MINUTES))
                .isFalse();
        assertThat(CallbackSignature.valid(header, BODY, "secret", NOW.plusSeconds(301), FIVE_MINUTES))
                .isFalse();
        assertThat(CallbackSignature.valid(header, BODY, "secret", NOW.minusSeconds(301), FIVE_MINUTES))
                .isFalse();
    }

    @Test
    void malformedHeadersAreRefused() {
        assertThat(CallbackSignature.valid(null, BODY, "secret", NOW, FIVE_MINUTES))
                .isFalse();
        assertThat(CallbackSignature.valid("garbage", BODY, "secret", NOW, FIVE_MINUTES))
                .isFalse();
        assertThat(CallbackSignature.valid("t=abc,v1=00", BODY, "secret", NOW, FIVE_MINUTES))
                .isFalse();
        assertThat(CallbackSignature.valid("t=" + NOW.getEpochSecond() + ",v1=zz", BODY, "secret", NOW, FIVE_MINUTES))
                .isFalse();
    }
}
