package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.shared.FieldError;
import com.walletcards.shared.Validation;
import com.walletcards.shared.ValidationFailed;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TargetPolicyTest {

    /** A fake DNS: no real lookups in unit tests. */
    private static final Map<String, List<String>> DNS = Map.of(
            "hooks.example.com", List.of("93.184.216.34"),
            "rebind.example.com", List.of("93.184.216.34", "10.1.2.3"),
            "metadata.example.com", List.of("169.254.169.254"));

    private static final TargetPolicy.Resolver RESOLVER = host -> {
        List<String> addresses = DNS.get(host);
        if (addresses == null) {
            throw new UnknownHostException(host);
        }
        InetAddress[] result = new InetAddress[addresses.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = InetAddress.getByName(addresses.get(i));
        }
        return result;
    };

    private final TargetPolicy strict = new TargetPolicy(false, RESOLVER);
    private final TargetPolicy permissive = new TargetPolicy(true, RESOLVER);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://hooks.example.com/wallet",
                "http://hooks.example.com:8080/a?b=c",
                "HTTPS://hooks.example.com",
                "https://8.8.8.8/hook",
                "https://[2001:4860:4860::8888]/hook"
            })
    void publicHttpUrlsAreAccepted(String url) {
        assertThat(problems(strict, url)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ftp://hooks.example.com/x",
                "file:///etc/passwd",
                "hooks.example.com/no-scheme",
                "https://user:pass@hooks.example.com/x",
                "https://hooks.example.com/x#fragment",
                "https:///no-host",
                "not a url",
                ""
            })
    void nonHttpOrMalformedUrlsAreRefused(String url) {
        assertThat(problems(permissive, url)).containsExactly("url");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://127.0.0.1:8080/hook",
                "http://10.0.0.5/hook",
                "http://169.254.169.254/latest/meta-data",
                "http://[::1]/hook",
                "http://[fd00:ec2::254]/hook",
                "http://100.100.100.200/hook",
                "http://0.0.0.0/hook",
                "http://localhost:8080/hook",
                "http://api.localhost/hook",
                "http://metadata.google.internal/computeMetadata/v1"
            })
    void privateLiteralTargetsAreRefusedUnlessAllowed(String url) {
        assertThat(problems(strict, url)).containsExactly("url");
        assertThat(problems(permissive, url)).isEmpty();
    }

    @Test
    void theRefusalOfAPrivateTargetNamesTheSettingThatAllowsIt() {
        Validation v = new Validation();
        strict.checkUrl("url", "http://127.0.0.1:4000/hooks", v);

        assertThatThrownBy(v::throwIfInvalid)
                .isInstanceOfSatisfying(
                        ValidationFailed.class,
                        e -> assertThat(e.details().get(0).message())
                                .contains("loopback")
                                .contains("WALLET_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true"));
        assertThat(strict.refusalAtDelivery(URI.create("https://metadata.example.com/x")))
                .hasValueSatisfying(r -> assertThat(r).contains("WALLET_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true"));
    }

    @Test
    void overlongUrlsAreRefused() {
        assertThat(problems(strict, "https://hooks.example.com/" + "a".repeat(2048)))
                .containsExactly("url");
    }

    @Test
    void atDeliveryANamePointingAtAPrivateAddressIsRefused() {
        assertThat(strict.refusalAtDelivery(URI.create("https://metadata.example.com/x")))
                .hasValueSatisfying(
                        r -> assertThat(r).contains("169.254.169.254").contains("link-local"));
    }

    @Test
    void atDeliveryOnePrivateAddressAmongSeveralIsEnoughToRefuse() {
        assertThat(strict.refusalAtDelivery(URI.create("https://rebind.example.com/x")))
                .hasValueSatisfying(r -> assertThat(r).contains("10.1.2.3"));
    }

    @Test
    void atDeliveryAnUnresolvableHostIsRefusedWithAClearError() {
        assertThat(strict.refusalAtDelivery(URI.create("https://nowhere.example.com/x")))
                .contains("cannot resolve host nowhere.example.com");
    }

    @Test
    void atDeliveryPublicTargetsAndAllowedPrivateTargetsPass() {
        assertThat(strict.refusalAtDelivery(URI.create("https://hooks.example.com/x")))
                .isEmpty();
        assertThat(permissive.refusalAtDelivery(URI.create("http://127.0.0.1:9/x")))
                .isEmpty();
    }

    private static List<String> problems(TargetPolicy policy, String url) {
        Validation v = new Validation();
        policy.checkUrl("url", url, v);
        try {
            v.throwIfInvalid();
            return List.of();
        } catch (ValidationFailed e) {
            return e.details().stream().map(FieldError::field).toList();
        }
    }
}
