package com.walletcards.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.RawHttp;
import com.walletcards.support.Tenants;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Requests that Tomcat refuses before any filter runs still get the error envelope and a request
 * id. Sent over raw sockets, because an HTTP client would normalize or refuse them itself.
 */
@DatabaseTest
class ContainerRejectionTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/v1/campaigns/%00",
                "/v1/campaigns/a%2Fb",
                "/v1/webhooks/a%2Fb",
                "/v1/campaigns/a%5Cb",
                "/v1/campaigns/a;b",
                "/v1/campaigns/a%3Bb",
                "/v1/campaigns/%zz",
                "/v1/campaigns/%",
                "/v1/campaigns/%C0%AF",
                "/v1/campaigns/%FF%FE",
                "/v1/campaigns/../../etc/passwd",
                "/v1/campaigns/%2e%2e/%2e%2e/admin",
                "/v1/campaigns/a\\b"
            })
    void hostilePathsAnswerTheEnvelopeWithARequestId(String path) {
        // With a valid key, so what passes the container meets the application's own checks.
        Map<String, String> authorized =
                Map.of("Authorization", "Bearer " + Tenants.create(access).key());
        assertEnvelope(new RawHttp(port).send("GET " + path + " HTTP/1.1", authorized, null), path);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "GARBAGE",
                "GET /v1/campaigns HTTP/1.1 trailing",
                "GET /v1/campaigns HTTP/9.9",
                "GET /v1/cam\u0001paigns HTTP/1.1",
                "GET /v1/cam paigns HTTP/1.1",
                "G(T /v1/campaigns HTTP/1.1",
                "GET v1/campaigns HTTP/1.1"
            })
    void malformedRequestLinesAnswerTheEnvelopeWithARequestId(String requestLine) {
        assertEnvelope(new RawHttp(port).send(requestLine, Map.of(), null), requestLine);
    }

    @Test
    void oversizedHeadersAnswerTheEnvelopeWithARequestId() {
        RawHttp.Response response =
                new RawHttp(port).send("GET /v1/campaigns HTTP/1.1", Map.of("X-Filler", "a".repeat(64 * 1024)), null);
        assertEnvelope(response, "64 KB header");
    }

    @Test
    void malformedHeaderLinesAnswerTheEnvelopeWithARequestId() {
        byte[] request = ("GET /v1/campaigns HTTP/1.1\r\nHost: x\r\nno colon here\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        assertEnvelope(new RawHttp(port).exchange(request), "header without a colon");
    }

    @Test
    void anUnknownTransferCodingAnswersTheEnvelopeWithARequestId() {
        RawHttp.Response response = new RawHttp(port)
                .send("POST /v1/campaigns HTTP/1.1", Map.of("Transfer-Encoding", "gzip, chunked"), null);
        assertEnvelope(response, "Transfer-Encoding gzip");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1//campaigns", "/v1/./campaigns", "/v1/campaigns;x=1", "/v1/campaigns/x/../y"})
    void pathsNotInCanonicalFormAreRefusedAsBadPathsNotAsBadBodies(String path) {
        Map<String, String> authorized =
                Map.of("Authorization", "Bearer " + Tenants.create(access).key());
        RawHttp.Response response = new RawHttp(port).send("GET " + path + " HTTP/1.1", authorized, null);
        assertEnvelope(response, path);
        assertThat(response.status()).as(path).isEqualTo(400);
        assertThat(response.json().get("error").get("code").asString()).as(path).isEqualTo("VALIDATION_FAILED");
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET /WEB-INF/web.xml", "GET /META-INF/MANIFEST.MF", "TRACE /v1/campaigns"})
    void requestsTheContainerRefusesItselfCarryTheirRequestIdInHeaderAndBody(String request) {
        RawHttp.Response response = new RawHttp(port).send(request + " HTTP/1.1", Map.of(), null);
        assertEnvelope(response, request);
        assertThat(response.json().get("error").get("code").asString())
                .as(request)
                .isEqualTo(request.startsWith("TRACE") ? "METHOD_NOT_ALLOWED" : "NOT_FOUND");
    }

    @Test
    void anUnknownStatusListIsTheEnvelopesNotFound() {
        RawHttp.Response response =
                new RawHttp(port).send("GET /wallet/eudiw/status-lists/abc HTTP/1.1", Map.of(), null);
        assertEnvelope(response, "status list abc");
        assertThat(response.status()).isEqualTo(404);
    }

    @Test
    void everyResponseCarriesAContentSecurityPolicy() {
        for (String path : new String[] {"/v1/campaigns", "/nowhere", "/WEB-INF/web.xml", "/c/unknown-code/eudiw"}) {
            RawHttp.Response response = new RawHttp(port).send("GET " + path + " HTTP/1.1", Map.of(), null);
            assertThat(response.header("content-security-policy"))
                    .as(path)
                    .contains("default-src 'none'")
                    .contains("frame-ancestors 'none'");
        }
    }

    @Test
    void aPageWithAPolicyOfItsOwnSendsOnlyThatOne() throws Exception {
        HttpResponse<String> page = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/c/unknown-code/eudiw"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        // The page's own policy (it styles itself inline), not the default beside it.
        assertThat(page.headers().allValues("content-security-policy"))
                .singleElement()
                .asString()
                .contains("style-src 'unsafe-inline'");
    }

    private static void assertEnvelope(RawHttp.Response response, String what) {
        assertThat(response.status()).as(what + ": " + response.text()).isIn(400, 404, 405);
        assertThat(response.header("content-type")).as(what).startsWith("application/json");
        String requestId = response.header("x-request-id");
        assertThat(requestId).as(what).startsWith("req_");
        JsonNode body = response.json();
        assertThat(body).as(what + ": " + response.text()).isNotNull();
        assertThat(body.get("success").asBoolean()).isFalse();
        JsonNode error = body.get("error");
        assertThat(error.get("code").asString()).as(what).isNotBlank();
        assertThat(error.get("message").asString()).as(what).isNotBlank();
        assertThat(error.get("requestId").asString()).as(what).isEqualTo(requestId);
    }
}
