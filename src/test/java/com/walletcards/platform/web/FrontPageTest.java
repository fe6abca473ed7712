package com.walletcards.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The service's root address leads a person (and a client) on to the API reference. */
@DatabaseTest
class FrontPageTest {

    @LocalServerPort
    int port;

    @Test
    void aBrowserGetsAPageLinkingTheConsoleAndTheApiReferenceUnderAStrictPolicy() {
        Api.Response page = new Api(port, null).page("/");

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.body())
                .contains("Wallet Card Campaign Service")
                .contains("href=\"/docs\"")
                .contains("href=\"/openapi.json\"")
                .contains("href=\"/console/sign-in\"");
        assertThat(page.header("Content-Security-Policy")).contains("default-src 'none'");
    }

    @Test
    void aClientAskingForJsonGetsTheLinksInTheEnvelope() {
        Api.Response answer = new Api(port, null)
                .rawWithHeaders("GET", "/", null, "application/json", Map.of("Accept", "application/json"));

        assertThat(answer.status()).isEqualTo(200);
        JsonNode json = answer.json();
        assertThat(json.get("success").asBoolean()).isTrue();
        assertThat(json.at("/data/name").asString()).isEqualTo("Wallet Card Campaign Service");
        assertThat(json.at("/data/links/apiReference").asString()).isEqualTo("/docs");
        assertThat(json.at("/data/links/console").asString()).isEqualTo("/console/sign-in");
        assertThat(json.at("/data/links/openapi").asString()).isEqualTo("/openapi.json");
    }

    @Test
    void htmlIsChosenUnlessJsonIsPreferred() {
        assertThat(FrontPage.prefersJson(null)).isFalse();
        assertThat(FrontPage.prefersJson("*/*")).isFalse();
        assertThat(FrontPage.prefersJson("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"))
                .isFalse();
        assertThat(FrontPage.prefersJson("application/json")).isTrue();
        assertThat(FrontPage.prefersJson("text/html;q=0.5, application/json")).isTrue();
        assertThat(FrontPage.prefersJson("not a media type")).isFalse();
    }
}
