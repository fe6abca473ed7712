package com.walletcards.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.shared.web.ErrorResponses;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Instance;
import com.walletcards.support.Tenants;
import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import tools.jackson.databind.json.JsonMapper;

/** Contract §13 over HTTP, plus the filter on its own where a test needs to control the request. */
@DatabaseTest
class IdempotencyTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Value("${spring.datasource.url}")
    String databaseUrl;

    @Autowired
    AccessManagement access;

    @Autowired
    IdempotencyRecords records;

    @Autowired
    ErrorResponses errors;

    Tenants.Tenant tenant;
    Api api;

    @BeforeEach
    void tenant() {
        tenant = Tenants.create(access);
        api = new Api(port, tenant.key());
    }

    @AfterEach
    void clearPrincipal() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void aRetryWithTheSameKeyReplaysTheFirstResponse() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = campaign("Replayed");
        Api.Response first = post(api, "/v1/campaigns", body, key);
        Api.Response again = post(api, "/v1/campaigns", body, key);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(first.header("Idempotent-Replayed")).isNull();
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(campaignsNamed("Replayed")).isEqualTo(1);
    }

    @Test
    void aReplayedErrorCarriesTheRequestIdItQuotes() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> invalid = Map.of("name", "", "campaignType", "event", "campaignData", Map.of());
        Api.Response first = post(api, "/v1/campaigns", invalid, key);
        Api.Response again = post(api, "/v1/campaigns", invalid, key);

        assertThat(first.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.header("X-Request-Id"))
                .isEqualTo(again.json().get("error").get("requestId").asString());
    }

    @Test
    void theSameKeyWithADifferentBodyIsRefusedAndChangesNothing() {
        String key = UUID.randomUUID().toString();
        assertThat(post(api, "/v1/campaigns", campaign("Original"), key).status())
                .isEqualTo(201);

        Api.Response other = post(api, "/v1/campaigns", campaign("Different"), key);

        assertThat(other.status()).isEqualTo(409);
        assertThat(other.errorCode()).isEqualTo("IDEMPOTENCY_KEY_REUSED");
        assertThat(campaignsNamed("Different")).isZero();
    }

    @Test
    void theSameKeyOnAnotherPathIsADifferentRequest() {
        String key = UUID.randomUUID().toString();
        String id = post(api, "/v1/campaigns", campaign("Path"), key)
                .data()
                .get("id")
                .asString();

        Api.Response archive = post(api, "/v1/campaigns/" + id + "/archive", Map.of(), key);

        assertThat(archive.errorCode()).isEqualTo("IDEMPOTENCY_KEY_REUSED");
    }

    @Test
    void keysBelongToOneOrganization() {
        String key = UUID.randomUUID().toString();
        Api other = api.withKey(Tenants.create(access).key());

        Api.Response mine = post(api, "/v1/campaigns", campaign("Mine"), key);
        Api.Response theirs = post(other, "/v1/campaigns", campaign("Mine"), key);

        assertThat(theirs.status()).isEqualTo(201);
        assertThat(theirs.header("Idempotent-Replayed")).isNull();
        assertThat(theirs.data().get("id").asString())
                .isNotEqualTo(mine.data().get("id").asString());
    }

    @Test
    void eightParallelCreationsWithOneKeyMakeOneCampaign() throws Exception {
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = campaign("Parallel");
        CountDownLatch start = new CountDownLatch(1);
        List<Api.Response> responses;
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Api.Response>> futures = IntStream.range(0, 8)
                    .mapToObj(i -> pool.submit(() -> {
                        start.await();
                        return post(api, "/v1/campaigns", body, key);
                    }))
                    .toList();
            start.countDown();
            responses = futures.stream().map(IdempotencyTest::result).toList();
        } finally {
            pool.shutdownNow();
        }

        assertThat(campaignsNamed("Parallel")).isEqualTo(1);
        assertThat(responses)
                .allSatisfy(r -> assertThat(r.status()).as(r.body()).isIn(201, 409));
        assertThat(responses.stream().filter(r -> r.status() == 201 && r.header("Idempotent-Replayed") == null))
                .hasSize(1);
        assertThat(responses.stream().filter(r -> r.status() == 409))
                .allSatisfy(r -> assertThat(r.errorCode()).isEqualTo("IDEMPOTENCY_KEY_IN_USE"));
        Api.Response after = post(api, "/v1/campaigns", body, key);
        assertThat(after.header("Idempotent-Replayed")).isEqualTo("true");
    }

    @Test
    void anotherInstanceOnTheSameDatabaseReplaysTheResponse() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = campaign("Restart");
        Api.Response first = post(api, "/v1/campaigns", body, key);

        try (Instance restarted = Instance.start("idempotency-restart", databaseUrl, Map.of())) {
            Api.Response again = post(new Api(restarted.port(), tenant.key()), "/v1/campaigns", body, key);

            assertThat(again.status()).isEqualTo(201);
            assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
            assertThat(again.body()).isEqualTo(first.body());
        }
        assertThat(campaignsNamed("Restart")).isEqualTo(1);
    }

    @Test
    void aKeyThatIsNotOneTo255PrintableCharactersIsRefused() {
        Api.Response tooLong = post(api, "/v1/campaigns", campaign("Long key"), "k".repeat(256));
        Api.Response empty = post(api, "/v1/campaigns", campaign("Empty key"), "");

        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(tooLong.json()
                        .get("error")
                        .get("details")
                        .get(0)
                        .get("field")
                        .asString())
                .isEqualTo("Idempotency-Key");
        assertThat(empty.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(campaignsNamed("Long key") + campaignsNamed("Empty key")).isZero();
        assertThat(post(api, "/v1/campaigns", campaign("Longest key"), "k".repeat(255))
                        .status())
                .isEqualTo(201);
    }

    @Test
    void controlAndNonAsciiCharactersAreNotValidKeys() {
        assertThat(IdempotencyKeys.valid("order-42 / retry #1 ~")).isTrue();
        assertThat(IdempotencyKeys.valid("tab\there")).isFalse();
        assertThat(IdempotencyKeys.valid("café")).isFalse();
        assertThat(IdempotencyKeys.valid("\u007f")).isFalse();
    }

    @Test
    void aServerErrorIsNotStoredSoTheRetryRunsAgain() throws Exception {
        IdempotencyKeys filter = new IdempotencyKeys(records, errors);
        String key = UUID.randomUUID().toString();
        AtomicInteger runs = new AtomicInteger();
        FilterChain failing = (req, res) -> {
            runs.incrementAndGet();
            ((HttpServletResponse) res).setStatus(503);
        };
        FilterChain succeeding = (req, res) -> {
            runs.incrementAndGet();
            ((HttpServletResponse) res).setStatus(201);
            res.getOutputStream().write("{\"success\":true}".getBytes(StandardCharsets.UTF_8));
        };

        call(filter, key, failing);
        call(filter, key, failing);
        assertThat(runs).hasValue(2);

        assertThat(call(filter, key, succeeding).getStatus()).isEqualTo(201);
        MockHttpServletResponse replay = call(filter, key, succeeding);
        assertThat(runs).hasValue(3);
        assertThat(replay.getStatus()).isEqualTo(201);
        assertThat(replay.getHeader("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replay.getContentAsString()).isEqualTo("{\"success\":true}");
    }

    @Test
    void aRequestThatThrowsGivesItsKeyBack() throws Exception {
        IdempotencyKeys filter = new IdempotencyKeys(records, errors);
        String key = UUID.randomUUID().toString();
        FilterChain throwing = (req, res) -> {
            throw new IllegalStateException("boom");
        };
        try {
            call(filter, key, throwing);
        } catch (Exception expected) {
            assertThat(expected).hasMessageContaining("boom");
        }
        AtomicInteger runs = new AtomicInteger();
        call(filter, key, (req, res) -> {
            runs.incrementAndGet();
            ((HttpServletResponse) res).setStatus(200);
        });
        assertThat(runs).hasValue(1);
    }

    @Test
    void whileTheFirstRequestRunsTheSameRequestIsInUse() throws Exception {
        IdempotencyKeys filter = new IdempotencyKeys(records, errors);
        String key = UUID.randomUUID().toString();
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        FilterChain slow = (req, res) -> {
            running.countDown();
            try {
                finish.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ((HttpServletResponse) res).setStatus(201);
        };
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<MockHttpServletResponse> first = pool.submit(() -> call(filter, key, slow));
            assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();

            MockHttpServletResponse second = call(filter, key, slow);
            assertThat(second.getStatus()).isEqualTo(409);
            assertThat(second.getContentAsString()).contains("IDEMPOTENCY_KEY_IN_USE");
            assertThat(second.getHeader("Retry-After")).isEqualTo("1");

            finish.countDown();
            assertThat(first.get(30, TimeUnit.SECONDS).getStatus()).isEqualTo(201);
        } finally {
            finish.countDown();
            pool.shutdownNow();
        }
        assertThat(call(filter, key, slow).getHeader("Idempotent-Replayed")).isEqualTo("true");
    }

    private MockHttpServletResponse call(IdempotencyKeys filter, String key, FilterChain chain) throws Exception {
        var principal = new ApiPrincipal("key_test", tenant.organizationId(), Scope.all());
        var context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(principal, null, List.of()));
        SecurityContextHolder.setContext(context);
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/v1/test");
        request.addHeader("Idempotency-Key", key);
        request.setContent("{}".getBytes(StandardCharsets.UTF_8));
        MockHttpServletResponse response = new MockHttpServletResponse();
        try {
            filter.doFilter(request, response, chain);
        } finally {
            SecurityContextHolder.clearContext();
        }
        return response;
    }

    private static Api.Response post(Api api, String path, Object body, String key) {
        return api.rawWithHeaders(
                "POST", path, JSON.writeValueAsString(body), "application/json", Map.of("Idempotency-Key", key));
    }

    private Map<String, Object> campaign(String name) {
        return Map.of("name", name, "campaignType", "event", "campaignData", Map.of());
    }

    private long campaignsNamed(String name) {
        return api.get("/v1/campaigns?limit=100")
                .data()
                .get("campaigns")
                .valueStream()
                .filter(c -> c.get("name").asString().equals(name))
                .count();
    }

    private static Api.Response result(Future<Api.Response> future) {
        try {
            return future.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
