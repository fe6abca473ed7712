package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Api;
import com.walletcards.support.Scrape;
import com.walletcards.support.ServiceProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The service as an operator starts it, in a process of its own: {@code WALLET_LOG_FORMAT=json}
 * writes one JSON object per log line carrying the request id, organization and route, and
 * {@code WALLET_METRICS_TOKEN} guards the metrics endpoint.
 */
class OperatorSettingsTest {

    private static final String KEY = "wk_operator_0123456789abcdefghijklmnop";
    private static final String METRICS_TOKEN = "metrics-0123456789";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static ServiceProcess service;

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory(Path.of("target"), "operator-");
        service = ServiceProcess.start(
                "operator-settings",
                ServiceProcess.freePort(),
                Map.of(
                        "WALLET_LOG_FORMAT",
                        "json",
                        "WALLET_METRICS_TOKEN",
                        METRICS_TOKEN,
                        "WALLET_BOOTSTRAP_API_KEY",
                        KEY,
                        "WALLET_DATA_DIR",
                        data.toAbsolutePath().toString(),
                        // One line at the start and one at the end of every request, as an operator
                        // would switch on while chasing a problem.
                        "logging.level.org.springframework.web.servlet.DispatcherServlet",
                        "DEBUG"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void metricsNeedTheTokenWhenOneIsSet() {
        Api api = service.api(null);

        Api.Response missing = Scrape.request(api, Map.of());
        Api.Response wrong = Scrape.request(api, Map.of("Authorization", "Bearer not-the-token"));
        Api.Response right = Scrape.request(api, Map.of("Authorization", "Bearer " + METRICS_TOKEN));

        for (Api.Response refused : List.of(missing, wrong)) {
            assertThat(refused.status()).isEqualTo(401);
            assertThat(refused.errorCode()).isEqualTo("UNAUTHORIZED");
            assertThat(refused.json().get("error").get("requestId").asString())
                    .isEqualTo(refused.header("X-Request-Id"));
        }
        assertThat(right.status()).isEqualTo(200);
        assertThat(new Scrape(right.body()).has("wallet_cards_issued_total")).isTrue();
    }

    @Test
    void jsonLogLinesCarryTheRequestIdOrganizationAndRoute() {
        Api api = service.api(KEY);
        Api.Response created =
                api.post("/v1/campaigns", Map.of("name", "Logs", "campaignType", "event", "campaignData", Map.of()));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String campaignId = created.data().get("id").asString();
        Api.Response read = api.get("/v1/campaigns/" + campaignId);
        String requestId = read.header("X-Request-Id");

        List<JsonNode> lines =
                await().atMost(Duration.ofSeconds(30)).until(() -> linesOf(requestId), found -> found.size() >= 2);

        for (JsonNode line : lines) {
            assertThat(line.get("requestId").asString()).isEqualTo(requestId);
            assertThat(line.get("organizationId").asString()).startsWith("org_");
            assertThat(line.get("log").get("level").asString()).isNotBlank();
        }
        // From the moment the handler is known: the route template, never the concrete path.
        assertThat(lines)
                .filteredOn(line -> line.has("route"))
                .extracting(line -> line.get("route").asString())
                .containsOnly("GET /v1/campaigns/{campaignId}");
    }

    /** The log lines that mention the request id, each parsed as JSON (a line that is not JSON fails). */
    private static List<JsonNode> linesOf(String requestId) throws Exception {
        return Files.readAllLines(service.log()).stream()
                .filter(line -> line.contains(requestId))
                .map(JSON::readTree)
                .toList();
    }
}
