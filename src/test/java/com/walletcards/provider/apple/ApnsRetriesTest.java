package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;

import com.eatthepath.pushy.apns.server.RejectionReason;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How pushes behave when APNs pushes back: 429 and 5xx are retried with backoff until accepted,
 * in-flight pushes are bounded by permits that come back only with APNs' answers, and an
 * unregistered token is forgotten. Against pushy's MockApnsServer with client-certificate TLS.
 */
class ApnsRetriesTest {

    @TempDir
    static Path dir;

    static PassCredentials chain;
    static MockApns apns;

    @BeforeAll
    static void apnsTrustingTheDevelopmentChain() throws Exception {
        chain = PassCredentials.development(dir.resolve("chain"), settings(0, 1));
        apns = new MockApns(dir, List.of(chain.wwdr(), chain.root()));
    }

    @AfterAll
    static void stop() throws Exception {
        apns.stop();
    }

    @Test
    void tooManyRequestsAndServerErrorsAreRetriedUntilApnsAcceptsThePush() {
        FakeRegistrations store = new FakeRegistrations();
        String busy = token("a1");
        String failing = token("b2");
        register(store, "pass_1", busy);
        register(store, "pass_2", failing);
        apns.failNext(busy, RejectionReason.TOO_MANY_REQUESTS, 2);
        apns.failNext(failing, RejectionReason.INTERNAL_SERVER_ERROR, 1);

        try (ApnsPushes pushes = new ApnsPushes(settings(apns.port, 10), chain, store)) {
            Set<String> reached = pushes.push(List.of("pass_1", "pass_2"));

            assertThat(reached).containsExactlyInAnyOrder("pass_1", "pass_2");
            assertThat(apns.accepted(busy)).hasSize(1);
            assertThat(apns.accepted(failing)).hasSize(1);
            assertThat(apns.accepted(busy).get(0).payload()).isEqualTo("{}");
            assertThat(apns.accepted(busy).get(0).topic()).isEqualTo(chain.passTypeId());
        }
    }

    @Test
    void withOnePermitEveryPushStillGoesOutBecausePermitsReturnWithTheAnswers() {
        FakeRegistrations store = new FakeRegistrations();
        List<String> tokens = new ArrayList<>();
        IntStream.range(0, 20).forEach(i -> {
            String token = token("c" + (10 + i));
            tokens.add(token);
            register(store, "pass_c" + i, token);
        });

        try (ApnsPushes pushes = new ApnsPushes(settings(apns.port, 1), chain, store)) {
            Set<String> reached = pushes.push(
                    IntStream.range(0, 20).mapToObj(i -> "pass_c" + i).toList());

            assertThat(reached).hasSize(20);
            assertThat(tokens).allSatisfy(t -> assertThat(apns.accepted(t)).hasSize(1));
            assertThat(pushes.freePermits()).isEqualTo(1);
        }
    }

    @Test
    void anUnregisteredTokenIsForgottenAndNotCountedAsReached() {
        FakeRegistrations store = new FakeRegistrations();
        String gone = token("d3");
        register(store, "pass_3", gone);
        apns.unregister(gone);

        try (ApnsPushes pushes = new ApnsPushes(settings(apns.port, 10), chain, store)) {
            List<String> lastGone = new CopyOnWriteArrayList<>();
            pushes.onLastRegistrationGone(lastGone::add);

            assertThat(pushes.push(List.of("pass_3"))).isEmpty();
            assertThat(store.forgotten).containsExactly(gone);
            assertThat(lastGone).containsExactly("pass_3");
        }
    }

    private static void register(FakeRegistrations store, String serial, String token) {
        apns.knows(chain.passTypeId(), token);
        store.registrations.add(new PassStore.Registration("device-" + token.substring(0, 6), serial, token));
    }

    private static String token(String prefix) {
        return (prefix + "0123456789abcdef".repeat(4)).substring(0, 64);
    }

    private static AppleSettings settings(int port, int concurrency) {
        return new AppleSettings(
                null,
                null,
                null,
                null,
                null,
                "localhost",
                port,
                apns == null ? null : apns.serverCa.toString(),
                concurrency,
                java.time.Duration.ZERO);
    }
}
