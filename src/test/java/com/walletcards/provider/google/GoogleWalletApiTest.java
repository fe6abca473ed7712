package com.walletcards.provider.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.card.spi.ProviderFailure;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

/**
 * The Google Wallet client against the fake, which enforces the API's rules: tokens from the
 * service account, 401 without one, 409 on a repeated insert, 404, PATCH replacing arrays, the
 * message cap and notify quota, the issuer's rate limit; and the client's answers to them:
 * retries with backoff, its own token bucket, permanent failures with Google's message.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GoogleWalletApiTest {

    private final FakeGoogleWallet google = new FakeGoogleWallet();
    private final ServiceAccount account = ServiceAccount.load(google.keyFile().toString(), null);
    private GoogleWalletApi api;
    private String classId;

    @AfterAll
    void stop() {
        google.close();
    }

    @BeforeEach
    void freshClass() {
        google.reset();
        api = client(50, 3);
        classId = FakeGoogleWallet.ISSUER_ID + ".cmp_" + System.nanoTime();
        assertThat(api.insert("eventTicketClass", eventClass(classId))).isTrue();
    }

    private GoogleWalletApi client(double perSecond, int attempts) {
        return new GoogleWalletApi(
                new GoogleWalletSettings(
                        google.keyFile().toString(),
                        FakeGoogleWallet.ISSUER_ID,
                        URI.create(google.apiUrl()),
                        null,
                        URI.create(google.keysUrl()),
                        "GooglePayPasses",
                        perSecond,
                        attempts,
                        Duration.ofMillis(50),
                        Duration.ofSeconds(5),
                        Duration.ofHours(1),
                        "https://pay.google.com/gp/v/save/",
                        Duration.ofDays(1),
                        1000),
                account);
    }

    private static Map<String, Object> eventClass(String id) {
        return Map.of(
                "id",
                id,
                "issuerName",
                "Acme",
                "reviewStatus",
                "UNDER_REVIEW",
                "eventName",
                Map.of("defaultValue", Map.of("language", "en", "value", "Summit")));
    }

    @Test
    void theTokenComesFromTheServiceAccountsSignedAssertionOnceAndIsReused() {
        long before = google.tokenRequests();
        IntStream.range(0, 5).forEach(i -> api.get("eventTicketClass", classId));
        assertThat(google.tokenRequests() - before).isZero(); // the one from the insert is still valid
        assertThat(google.calls("GET", classId)).hasSize(5).allMatch(r -> r.status() == 200);
    }

    @Test
    void aRequestWithoutAValidTokenIsRefusedWith401() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(google.apiUrl() + "eventTicketClass/" + classId))
                                .header("Authorization", "Bearer forged")
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).contains("UNAUTHENTICATED");
    }

    @Test
    void aRevokedTokenIsReplacedByAFreshOneWithoutFailingTheCall() {
        google.revokeTokens();
        long before = google.tokenRequests();
        assertThat(api.get("eventTicketClass", classId)).isPresent();
        assertThat(google.tokenRequests() - before).isEqualTo(1);
        assertThat(google.calls("GET", classId))
                .extracting(FakeGoogleWallet.Request::status)
                .containsExactly(401, 200);
    }

    @Test
    void insertingAnExistingIdIs409AndReadingAnUnknownOneIs404() {
        assertThat(api.insert("eventTicketClass", eventClass(classId))).isFalse();
        assertThat(google.calls("POST", "eventTicketClass").get(1).status()).isEqualTo(409);
        assertThat(api.get("eventTicketClass", classId + "x")).isEmpty();
        assertThat(google.calls("GET", classId + "x").get(0).status()).isEqualTo(404);
    }

    @Test
    void anObjectNeedsAnExistingClassAndAnIdOfThisIssuer() {
        assertThatThrownBy(() -> api.insert(
                        "eventTicketObject",
                        Map.of("id", FakeGoogleWallet.ISSUER_ID + ".o1", "classId", classId + "-missing")))
                .isInstanceOfSatisfying(
                        ProviderFailure.class, f -> assertThat(f.permanent()).isTrue());
        assertThatThrownBy(() -> api.insert("eventTicketObject", Map.of("id", "999.o1", "classId", classId)))
                .isInstanceOfSatisfying(ProviderFailure.class, f -> {
                    assertThat(f.permanent()).isTrue();
                    assertThat(f.reason()).contains("400", "of this issuer");
                });
    }

    @Test
    void aPatchReplacesArraysWholeAndKeepsOtherFields() {
        api.patch("eventTicketClass", classId, Map.of("textModulesData", List.of(Map.of("id", "a", "body", "1"))));
        api.patch("eventTicketClass", classId, Map.of("textModulesData", List.of(Map.of("id", "b", "body", "2"))));
        JsonNode stored = api.get("eventTicketClass", classId).orElseThrow();
        assertThat(stored.path("textModulesData")).hasSize(1);
        assertThat(stored.path("textModulesData").get(0).path("id").asString()).isEqualTo("b");
        assertThat(stored.path("issuerName").asString()).isEqualTo("Acme");
    }

    @Test
    void aFieldGoogleDoesNotDefineIsRefusedWith400AtAnyDepthOnInsertPatchAndMessage() {
        String generic = FakeGoogleWallet.ISSUER_ID + ".gen_" + System.nanoTime();
        assertThatThrownBy(() -> api.insert("genericClass", Map.of("id", generic, "reviewStatus", "UNDER_REVIEW")))
                .isInstanceOfSatisfying(ProviderFailure.class, f -> {
                    assertThat(f.permanent()).isTrue();
                    assertThat(f.reason()).contains("400", "Unknown name", "reviewStatus");
                });
        assertThat(api.insert("genericClass", Map.of("id", generic))).isTrue();
        Map<String, Object> venue =
                Map.of("name", Map.of("defaultValue", Map.of("language", "en", "value", "Hall")), "city", "Berlin");
        assertThatThrownBy(() -> api.patch("eventTicketClass", classId, Map.of("venue", venue)))
                .isInstanceOfSatisfying(
                        ProviderFailure.class,
                        f -> assertThat(f.reason()).contains("400", "\"city\" at 'resource.venue'"));
        assertThatThrownBy(() -> api.addMessage(
                        "eventTicketClass", classId, Map.of("id", "m1", "body", "B", "priority", "HIGH")))
                .isInstanceOfSatisfying(
                        ProviderFailure.class, f -> assertThat(f.reason()).contains("400", "\"priority\""));
        assertThat(google.calls("PATCH", classId))
                .extracting(FakeGoogleWallet.Request::status)
                .containsExactly(400);
        assertThat(api.get("eventTicketClass", classId).orElseThrow().has("venue"))
                .isFalse();
    }

    @Test
    void aFourthNotifyingMessageWithin24HoursExceedsTheQuotaButASilentOneIsTaken() {
        for (int i = 0; i < 3; i++) {
            api.addMessage("eventTicketClass", classId, WalletContent.message("m" + i, "H", "B", "TEXT_AND_NOTIFY"));
        }
        assertThatThrownBy(() -> api.addMessage(
                        "eventTicketClass", classId, WalletContent.message("m3", "H", "B", "TEXT_AND_NOTIFY")))
                .isInstanceOf(GoogleWalletApi.NotifyQuotaExceeded.class)
                .hasMessageContaining("Quota exceeded");
        api.addMessage("eventTicketClass", classId, WalletContent.message("m3", "H", "B", "TEXT"));
        google.advanceClock(Duration.ofHours(24).plusMinutes(1));
        api.addMessage("eventTicketClass", classId, WalletContent.message("m4", "H", "B", "TEXT_AND_NOTIFY"));
        assertThat(api.get("eventTicketClass", classId).orElseThrow().path("messages"))
                .hasSize(5);
    }

    @Test
    void aClassKeepsAtMostTenMessages() {
        for (int i = 0; i < 10; i++) {
            api.addMessage("eventTicketClass", classId, WalletContent.message("m" + i, "H", "B", "TEXT"));
        }
        assertThatThrownBy(() ->
                        api.addMessage("eventTicketClass", classId, WalletContent.message("m10", "H", "B", "TEXT")))
                .isInstanceOfSatisfying(ProviderFailure.class, f -> {
                    assertThat(f.permanent()).isTrue();
                    assertThat(f.reason()).contains("at most 10 messages");
                });
    }

    @Test
    void serverErrorsAreRetriedWithBackoffAndPersistentOnesAreReportedAsRetryable() {
        google.failNext(2, 503);
        assertThat(api.get("eventTicketClass", classId)).isPresent();
        assertThat(google.calls("GET", classId))
                .extracting(FakeGoogleWallet.Request::status)
                .containsExactly(503, 503, 200);

        google.failNext(3, 500);
        assertThatThrownBy(() -> api.get("eventTicketClass", classId))
                .isInstanceOfSatisfying(
                        ProviderFailure.class, f -> assertThat(f.kind()).isEqualTo(ProviderFailure.Kind.RETRY_LATER));
    }

    @Test
    void aPersistent429IsReportedAsRateLimited() {
        google.failNext(3, 429);
        assertThatThrownBy(() -> api.get("eventTicketClass", classId))
                .isInstanceOfSatisfying(ProviderFailure.class, f -> {
                    assertThat(f.kind()).isEqualTo(ProviderFailure.Kind.RATE_LIMITED);
                    assertThat(f.retryAfter()).isNotNull();
                });
    }

    @Test
    void theFakeRefusesRequestsAboveTheIssuersRateWith429() throws Exception {
        google.limitRequestsPerSecond(5);
        GoogleWalletApi unlimited = client(1000, 1);
        List<Future<?>> calls = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            IntStream.range(0, 12)
                    .forEach(i -> calls.add(pool.submit(() -> {
                        try {
                            unlimited.get("eventTicketClass", classId);
                        } catch (ProviderFailure expected) {
                            // some are refused: that is what this test shows
                        }
                    })));
            for (Future<?> call : calls) {
                call.get();
            }
        } finally {
            pool.shutdown();
        }
        assertThat(google.calls("GET", classId)).anyMatch(r -> r.status() == 429);
    }

    @Test
    void theClientsTokenBucketKeepsToTheConfiguredRate() {
        google.limitRequestsPerSecond(6);
        GoogleWalletApi paced = client(5, 1);
        Instant start = Instant.now();
        IntStream.range(0, 15).forEach(i -> paced.get("eventTicketClass", classId));
        Duration took = Duration.between(start, Instant.now());
        List<FakeGoogleWallet.Request> gets = google.calls("GET", classId);
        assertThat(gets).hasSize(15).allMatch(r -> r.status() == 200);
        // 15 requests at 5 per second (one token of burst) take at least 14 / 5 s.
        assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(2_700));
        for (FakeGoogleWallet.Request r : gets) {
            long inOneSecond = gets.stream()
                    .filter(o -> !o.at().isBefore(r.at()) && o.at().isBefore(r.at().plusSeconds(1)))
                    .count();
            assertThat(inOneSecond).isLessThanOrEqualTo(6);
        }
    }
}
