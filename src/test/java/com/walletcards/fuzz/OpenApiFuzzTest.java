package com.walletcards.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.fuzz.Operations.Operation;
import com.walletcards.fuzz.Operations.Parameter;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.RawHttp;
import com.walletcards.support.Tenants;
import com.walletcards.webhook.TargetPolicy;
import java.io.IOException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ContextConfiguration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sends at least 10,000 generated requests, driven by the served OpenAPI document, to every
 * operation: valid, boundary and hostile values in paths, queries, headers and bodies. Fails on
 * any 5xx, any answer without {@code X-Request-Id}, any error that is not the envelope, and any
 * write answered 400 that changed the organization's data.
 *
 * <p>The seed is fixed when {@code CI=true} and random otherwise; a failure names it, and
 * {@code -Dwallet.fuzz.seed=N} replays the same requests. {@code -Dwallet.fuzz.requests=N}
 * changes the count.
 */
@DatabaseTest
@ContextConfiguration(initializers = FuzzDatabase.class)
@Import(OpenApiFuzzTest.NoDns.class)
class OpenApiFuzzTest {

    private static final long CI_SEED = 20261123L;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static final int REFRESH_FIXTURES_EVERY = 500;
    private static final String ADMIN_TOKEN = "test-admin-token"; // set by @DatabaseTest

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    private final Map<String, String> fixtures = new TreeMap<>();
    private Api api;

    @Test
    void generatedRequestsForEveryOperationNeverFailTheContract() {
        long seed = seed();
        // 10,000 on H2; fewer on PostgreSQL, which adds its storage rules (no NUL in text, ...)
        // but should not double the build's time.
        boolean postgres = "postgres".equals(System.getProperty("wallet.test.database"));
        int count = Integer.getInteger("wallet.fuzz.requests", postgres ? 2_000 : 10_000);
        Tenants.Tenant tenant = Tenants.create(access);
        api = new Api(port, tenant.key());
        Fingerprint fingerprint = new Fingerprint(jdbc, tenant.organizationId().value());
        JsonNode document = api.get("/openapi.json").json();
        List<Operation> operations = Operations.of(document);
        assertThat(operations).as("operations in /openapi.json").hasSizeGreaterThan(10);

        Random random = new Random(seed);
        Probes probes = new Probes(random, new Values(random, new Operations.Refs(document)), this::fixture);
        List<String> failures = new ArrayList<>();
        Map<Integer, Integer> statuses = new TreeMap<>();
        Map<String, Long> millis = new TreeMap<>();
        long started = System.nanoTime();
        int sent = 0;
        for (int i = 0; i < count && failures.size() < 20; i++, sent++) {
            if (i % REFRESH_FIXTURES_EVERY == 0) {
                createFixtures();
            }
            Operation operation = operations.get(i % operations.size());
            Probe probe = probes.next(operation);
            String authorization =
                    operation.path().startsWith("/admin/") ? "Bearer " + ADMIN_TOKEN : "Bearer " + tenant.key();
            long sending = System.nanoTime();
            List<Object> before = operation.writes() ? fingerprint.take() : List.of();
            Answer answer = send(probe, authorization);
            millis.merge(operation.toString(), (System.nanoTime() - sending) / 1_000_000, Long::sum);
            statuses.merge(answer.status(), 1, Integer::sum);
            if (probe.method().equals("DELETE") && answer.status() < 300) {
                createFixtures(); // a fixture is gone; later requests should still meet live ones
            }
            String problem = problem(answer);
            if (problem == null && operation.writes() && answer.status() == 400) {
                List<Object> after = fingerprint.take();
                if (!after.equals(before)) {
                    problem = "answered 400 but changed data: " + before + " -> " + after;
                }
            }
            if (problem != null) {
                failures.add("#" + i + " " + probe + "\n    -> " + answer.status() + " " + problem + "\n    "
                        + excerpt(answer.body()));
            }
        }
        long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
        System.out.printf(
                Locale.ROOT,
                "Fuzz: %d requests over %d operations in %d s, seed %d, statuses %s%n",
                sent,
                operations.size(),
                seconds,
                seed,
                statuses);
        millis.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(8)
                .forEach(e -> System.out.println("  " + e.getValue() + " ms in " + e.getKey()));
        assertThat(failures)
                .as("seed %d (replay: ./mvnw test -Dtest=OpenApiFuzzTest -Dwallet.fuzz.seed=%d)", seed, seed)
                .isEmpty();
    }

    /** The answer to one probe, or the reason there was none. */
    record Answer(int status, String requestId, String contentType, byte[] body) {}

    private Answer send(Probe probe, String authorization) {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.put("Authorization", authorization);
        headers.put("Accept", "application/json");
        headers.putAll(probe.headers());
        if (probe.raw()) {
            RawHttp.Response r =
                    new RawHttp(port).send(probe.method() + " " + probe.target() + " HTTP/1.1", headers, probe.body());
            return new Answer(
                    r.status(), nullToEmpty(r.header("x-request-id")), nullToEmpty(r.header("content-type")), r.body());
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + probe.target()))
                .timeout(Duration.ofSeconds(30))
                .method(
                        probe.method(),
                        probe.body() == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(probe.body()));
        headers.forEach((name, value) -> {
            if (!value.isEmpty()) {
                request.header(name, value);
            }
        });
        try {
            HttpResponse<byte[]> r = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(
                    r.statusCode(),
                    r.headers().firstValue("X-Request-Id").orElse(""),
                    r.headers().firstValue("Content-Type").orElse(""),
                    r.body());
        } catch (IOException e) {
            throw new IllegalStateException(probe + " got no answer: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** What is wrong with an answer, or null. */
    private static String problem(Answer answer) {
        if (answer.status() >= 500) {
            return "a server error";
        }
        if (answer.requestId().isEmpty()) {
            return "no X-Request-Id";
        }
        if (answer.status() < 400) {
            return null;
        }
        JsonNode body;
        try {
            body = JSON.readTree(answer.body());
        } catch (RuntimeException e) {
            return "the error body is not JSON (" + answer.contentType() + ")";
        }
        JsonNode error = body.path("error");
        boolean envelope = body.path("success").isBoolean()
                && !body.path("success").asBoolean()
                && error.path("code").isString()
                && !error.path("code").asString().isEmpty()
                && error.path("message").isString()
                && error.path("requestId").asString("").equals(answer.requestId());
        return envelope ? null : "the error body is not the envelope";
    }

    /** The id of a live fixture for a path parameter, from its name or the segment before it. */
    private String fixture(String path, Parameter parameter) {
        String name = parameter.name().toLowerCase(Locale.ROOT);
        int at = path.indexOf("{" + parameter.name() + "}");
        if (at > 1) {
            String before = path.substring(0, at - 1);
            name = name + " " + before.substring(before.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        }
        for (var fixture : fixtures.entrySet()) {
            if (name.contains(fixture.getKey())) {
                return fixture.getValue();
            }
        }
        if (name.contains("provider")) {
            return "alpha";
        }
        return "id_" + Long.toHexString(name.hashCode());
    }

    private void createFixtures() {
        String campaign = created(api.post(
                "/v1/campaigns",
                Map.of("name", "Fuzz", "campaignType", "event", "campaignData", Map.of("location", "Hall A"))));
        fixtures.put("campaign", campaign);
        fixtures.put(
                "recipient",
                created(api.post(
                        "/v1/campaigns/" + campaign + "/recipients",
                        Map.of("email", "fixture" + System.nanoTime() + "@example.com"))));
        fixtures.put(
                "notification",
                created(api.post(
                        "/v1/campaigns/" + campaign + "/notifications/schedule",
                        Map.of(
                                "header",
                                "Fuzz",
                                "body",
                                "Fuzz",
                                "scheduledFor",
                                OffsetDateTime.now(ZoneOffset.UTC).plusDays(1).toString()))));
        fixtures.put(
                "webhook",
                created(api.post("/v1/webhooks", Map.of("url", "https://hooks.invalid/fuzz", "events", List.of("*")))));
    }

    private static String created(Api.Response response) {
        assertThat(response.status()).as(response.body()).isIn(200, 201);
        return response.data().get("id").asString();
    }

    private static long seed() {
        String given = System.getProperty("wallet.fuzz.seed");
        if (given != null && !given.isBlank()) {
            return Long.parseLong(given.trim());
        }
        return "true".equalsIgnoreCase(System.getenv("CI")) ? CI_SEED : new Random().nextLong();
    }

    private static String excerpt(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    /** No name resolves: webhook deliveries the fuzzer causes never leave the machine. */
    @TestConfiguration(proxyBeanMethods = false)
    static class NoDns {
        @Bean
        @Primary
        TargetPolicy.Resolver noDns() {
            return host -> {
                throw new UnknownHostException(host);
            };
        }
    }
}
