package com.walletcards.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.RawHttp;
import com.walletcards.support.Tenants;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sends generated requests to every path that needs no API key: card pages and wallet actions,
 * the OpenID4VCI issuer, provider callbacks, the Apple Wallet web service, campaign images, and
 * the raw requests the server refuses itself. With the real protocols on (the service's defaults
 * for alpha and eudiw), so their endpoints exist. Fails on any 5xx but a 503 with Retry-After, any
 * answer without {@code X-Request-Id} or {@code Content-Security-Policy}, and any JSON error that is
 * neither the envelope nor the protocol's own ({@code {"error": …}} of OAuth and OpenID4VCI).
 *
 * <p>The seed is fixed when {@code CI=true}; {@code -Dwallet.fuzz.seed=N} replays a run.
 */
@DatabaseTest
@ContextConfiguration(initializers = FuzzDatabase.class)
@TestPropertySource(
        properties = {
            "wallet.providers.settings.alpha.mode=apple",
            "wallet.providers.settings.eudiw.mode=openid4vci",
            "wallet.data-dir=target/public-fuzz-data"
        })
class PublicPathsFuzzTest {

    private static final long CI_SEED = 20261127L;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");
    private static final List<String> PROVIDERS = List.of("alpha", "beta", "eudiw", "gamma", "ALPHA", "");
    private static final List<String> BODIES = List.of(
            "",
            "{",
            "[]",
            "null",
            "{\"a\":1}",
            "{\"eventId\":\"e\",\"event\":\"SAVE\",\"walletCardId\":\"crd_x\"}",
            "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Apre-authorized_code&pre-authorized_code=x",
            "grant_type=refresh_token&refresh_token=%00",
            "pushToken=zz",
            "{\"pushToken\":\"0123456789abcdef0123\"}",
            "{\"proofs\":{\"jwt\":[\"a.b.c\"]},\"credential_configuration_id\":\"x\"}",
            "{\"logs\":[\"" + "l".repeat(400) + "\"]}",
            "[".repeat(5000),
            "\"" + "x".repeat(100_000) + "\"",
            "\u0000\u00ff\ufffe");

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    private final List<String> codes = new ArrayList<>();

    @Test
    void generatedRequestsToThePublicPathsNeverFailTheirContract() {
        long seed = seed();
        boolean postgres = "postgres".equals(System.getProperty("wallet.test.database"));
        int count = Integer.getInteger("wallet.fuzz.requests", postgres ? 800 : 3_000);
        Api api = new Api(port, Tenants.create(access).key());
        Flows flows = new Flows(api);
        String campaign = flows.campaign();
        for (int i = 0; i < 3; i++) {
            String recipient = flows.recipient(campaign);
            flows.waitForCard(campaign, recipient, "created");
            String url = flows.invite(campaign, recipient).get("downloadUrl").asString();
            codes.add(url.substring(url.lastIndexOf('/') + 1));
        }

        Random random = new Random(seed);
        List<String> failures = new ArrayList<>();
        Map<Integer, Integer> statuses = new TreeMap<>();
        for (int i = 0; i < count && failures.size() < 20; i++) {
            String method = random.nextInt(3) == 0 ? pick(random, METHODS) : (random.nextBoolean() ? "GET" : "POST");
            String target = target(random);
            Map<String, String> headers = headers(random);
            byte[] body = method.equals("GET") || method.equals("HEAD")
                    ? null
                    : pick(random, BODIES).getBytes(StandardCharsets.UTF_8);
            RawHttp.Response answer = new RawHttp(port).send(method + " " + target + " HTTP/1.1", headers, body);
            statuses.merge(answer.status(), 1, Integer::sum);
            String problem = problem(method, answer);
            if (problem != null) {
                failures.add("#" + i + " " + method + " " + excerpt(target) + " " + headers + "\n    -> "
                        + answer.status() + " " + problem + "\n    " + excerpt(answer.text()));
            }
        }
        System.out.printf(Locale.ROOT, "Public paths fuzz: %d requests, seed %d, statuses %s%n", count, seed, statuses);
        assertThat(failures)
                .as("seed %d (replay: -Dtest=PublicPathsFuzzTest -Dwallet.fuzz.seed=%d)", seed, seed)
                .isEmpty();
        assertThat(statuses.keySet())
                .as("the probes reach real pages as well as refusals")
                .contains(200, 404);
    }

    private String target(Random random) {
        String code = random.nextInt(3) == 0 ? pick(random, codes) : segment(random);
        String provider = random.nextBoolean() ? pick(random, PROVIDERS) : segment(random);
        String passType = random.nextBoolean() ? "pass.com.walletcards.dev" : segment(random);
        return switch (random.nextInt(16)) {
            case 0 -> "/c/" + code;
            case 1 -> "/c/" + code + "/" + provider;
            case 2 -> "/c/" + code + "/" + provider + "?lang=" + segment(random);
            case 3 -> "/wallet/eudiw/offers/" + code;
            case 4 -> "/wallet/eudiw/" + pick(random, List.of("token", "credential", "nonce", "notification"));
            case 5 -> "/wallet/eudiw/status-lists/" + segment(random);
            case 6 -> "/wallet/eudiw/types/" + segment(random) + (random.nextBoolean() ? "/" + segment(random) : "");
            case 7 ->
                pick(
                        random,
                        List.of(
                                "/.well-known/openid-credential-issuer",
                                "/.well-known/oauth-authorization-server",
                                "/.well-known/jwt-vc-issuer"));
            case 8 -> "/v1/callbacks/" + provider;
            case 9 -> "/wallet/alpha/v1/devices/" + segment(random) + "/registrations/" + passType + "/" + code;
            case 10 ->
                "/wallet/alpha/v1/devices/" + segment(random) + "/registrations/" + passType + "?passesUpdatedSince="
                        + segment(random);
            case 11 -> "/wallet/alpha/v1/passes/" + passType + "/" + code;
            case 12 -> "/wallet/alpha/v1/log";
            case 13 -> "/images/" + segment(random) + ".png";
            case 14 ->
                pick(
                        random,
                        List.of(
                                "/v1//campaigns",
                                "/v1/./campaigns",
                                "/v1/campaigns;x=1",
                                "/WEB-INF/web.xml",
                                "/META-INF/MANIFEST.MF",
                                "//c/" + code,
                                "/c/" + code + "/../../admin/v1/organizations"));
            default -> "/c/" + code + "/" + provider + "/" + segment(random);
        };
    }

    private static Map<String, String> headers(Random random) {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        switch (random.nextInt(6)) {
            case 0 -> headers.put("Authorization", "ApplePass " + pick(random, Probes.HOSTILE_SEGMENTS));
            case 1 -> headers.put("Authorization", "Bearer " + Long.toHexString(random.nextLong()));
            case 2 -> {
                headers.put("Authorization", "DPoP a.b.c");
                // RFC 9449 proofs that are no JWT, unsigned, oversized or two in one header.
                headers.put(
                        "DPoP",
                        pick(
                                random,
                                List.of(
                                        "a.b.c",
                                        "eyJ0eXAiOiJkcG9wK2p3dCIsImFsZyI6Im5vbmUifQ.e30.",
                                        "x".repeat(5000),
                                        "a.b.c, d.e.f")));
            }
            case 3 ->
                headers.put(
                        "X-Wallet-Signature", "t=" + random.nextInt() + ",v1=" + Long.toHexString(random.nextLong()));
            default -> {}
        }
        headers.put(
                "Content-Type",
                pick(
                        random,
                        List.of(
                                "application/json",
                                "application/x-www-form-urlencoded",
                                "text/plain",
                                "application/json; charset=bogus",
                                "multipart/form-data")));
        if (random.nextBoolean()) {
            headers.put("Accept-Language", pick(random, List.of("de-DE,de;q=0.9", "*", "xx", ";;;", "en")));
        }
        return headers;
    }

    private static String segment(Random random) {
        return random.nextBoolean() ? Long.toHexString(random.nextLong()) : pick(random, Probes.HOSTILE_SEGMENTS);
    }

    /** What is wrong with an answer, or null. */
    private static String problem(String method, RawHttp.Response answer) {
        if (answer.status() >= 500 && !(answer.status() == 503 && answer.header("retry-after") != null)) {
            return "a server error";
        }
        if (answer.header("x-request-id") == null
                || answer.header("x-request-id").isBlank()) {
            return "no X-Request-Id";
        }
        if (answer.header("content-security-policy") == null) {
            return "no Content-Security-Policy";
        }
        String type = answer.header("content-type");
        if (answer.status() < 400 || method.equals("HEAD") || type == null || !type.startsWith("application/json")) {
            return null;
        }
        JsonNode body;
        try {
            body = JSON.readTree(answer.body());
        } catch (RuntimeException e) {
            return "the JSON error body does not parse";
        }
        boolean envelope = body.path("success").isBoolean()
                && body.path("error").path("code").isString()
                && body.path("error").path("requestId").asString("").equals(answer.header("x-request-id"));
        boolean oauth = body.path("error").isString();
        return envelope || oauth ? null : "the error is neither the envelope nor the protocol's";
    }

    private static <T> T pick(Random random, List<T> from) {
        return from.get(random.nextInt(from.size()));
    }

    private static long seed() {
        String given = System.getProperty("wallet.fuzz.seed");
        if (given != null && !given.isBlank()) {
            return Long.parseLong(given.trim());
        }
        return "true".equalsIgnoreCase(System.getenv("CI")) ? CI_SEED : new Random().nextLong();
    }

    private static String excerpt(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }
}
