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

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://0177.0.0.1/hook",
                "http://0x7f000001/hook",
                "http://017700000001/hook",
                "http://2130706433/hook",
                "http://127.1/hook",
                "http://0x7f.0.0.1/hook",
                "http://8.8.8.010/hook"
            })
    void ipv4AddressesInOctalHexIntegerOrShortFormAreRefusedEvenWhereLocalTargetsAreAllowed(String url) {
        assertThat(problems(strict, url)).containsExactly("url");
        assertThat(problems(permissive, url)).containsExactly("url");
        // Java reads 127.1 and 0x7f.0.0.1 as no host at all; the others reach the delivery check.
        assertThat(refusal(permissive, url)).containsAnyOf("a.b.c.d", "names no host");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://198.18.0.1/hook",
                "http://198.19.255.254/hook",
                "http://192.0.2.10/hook",
                "http://198.51.100.7/hook",
                "http://203.0.113.99/hook",
                "http://[2001:db8::1]/hook",
                "http://[2001:2::1]/hook",
                "http://[100::1]/hook"
            })
    void benchmarkingDocumentationAndReservedRangesAreRefusedLikePrivateOnes(String url) {
        assertThat(problems(strict, url)).containsExactly("url");
        assertThat(problems(permissive, url)).isEmpty();
    }

    @Test
    void atRegistrationANameThatResolvesToAPrivateAddressIsRefusedAndAnUnresolvedOneWaitsForDelivery() {
        Validation v = new Validation();
        strict.checkUrl("url", "https://metadata.example.com/x", v);

        assertThatThrownBy(v::throwIfInvalid)
                .isInstanceOfSatisfying(
                        ValidationFailed.class,
                        e -> assertThat(e.details().get(0).message())
                                .contains("169.254.169.254")
                                .contains("link-local"));
        assertThat(problems(strict, "https://rebind.example.com/x")).containsExactly("url");
        assertThat(problems(strict, "https://not-yet-in-dns.example.com/x")).isEmpty();
        assertThat(problems(permissive, "https://metadata.example.com/x")).isEmpty();
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
        assertThat(strict.atDelivery(URI.create("https://metadata.example.com/x")))
                .isInstanceOfSatisfying(
                        TargetPolicy.Refused.class,
                        r -> assertThat(r.reason()).contains("WALLET_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true"));
    }

    @Test
    void overlongUrlsAreRefused() {
        assertThat(problems(strict, "https://hooks.example.com/" + "a".repeat(2048)))
                .containsExactly("url");
    }

    @Test
    void atDeliveryANamePointingAtAPrivateAddressIsRefused() {
        assertThat(refusal(strict, "https://metadata.example.com/x"))
                .contains("169.254.169.254")
                .contains("link-local");
    }

    @Test
    void atDeliveryOnePrivateAddressAmongSeveralIsEnoughToRefuse() {
        assertThat(refusal(strict, "https://rebind.example.com/x")).contains("10.1.2.3");
    }

    @Test
    void atDeliveryAnUnresolvableHostIsRefusedWithAClearError() {
        assertThat(refusal(strict, "https://nowhere.example.com/x"))
                .isEqualTo("cannot resolve host nowhere.example.com");
        assertThat(refusal(permissive, "https://nowhere.example.com/x"))
                .isEqualTo("cannot resolve host nowhere.example.com");
    }

    @Test
    void atDeliveryPublicTargetsAndAllowedPrivateTargetsArePinnedToTheirCheckedAddresses() throws Exception {
        assertThat(strict.atDelivery(URI.create("https://hooks.example.com/x")))
                .isEqualTo(
                        new TargetPolicy.Pinned("hooks.example.com", List.of(InetAddress.getByName("93.184.216.34"))));
        assertThat(permissive.atDelivery(URI.create("http://metadata.example.com/x")))
                .isEqualTo(new TargetPolicy.Pinned(
                        "metadata.example.com", List.of(InetAddress.getByName("169.254.169.254"))));
    }

    private static String refusal(TargetPolicy policy, String url) {
        TargetPolicy.DeliveryTarget target = policy.atDelivery(URI.create(url));
        assertThat(target).isInstanceOf(TargetPolicy.Refused.class);
        return ((TargetPolicy.Refused) target).reason();
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
