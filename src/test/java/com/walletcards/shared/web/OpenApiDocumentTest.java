package com.walletcards.shared.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;

/** Keeps the served OpenAPI document in step with the code: every API route is documented. */
@DatabaseTest
class OpenApiDocumentTest {

    @LocalServerPort
    int port;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Test
    void everyApiEndpointIsDocumentedWithItsSuccessAndErrorShapes() {
        JsonNode doc = new Api(port, null).get("/openapi.json").json();
        JsonNode paths = doc.get("paths");
        List<String> missing = new ArrayList<>();
        mappings.getHandlerMethods().forEach((info, handler) -> {
            for (String path : info.getPatternValues()) {
                if (!path.startsWith("/v1/") && !path.startsWith("/admin/v1/")) {
                    continue;
                }
                for (RequestMethod method : info.getMethodsCondition().getMethods()) {
                    JsonNode operation = paths.path(path).path(method.name().toLowerCase(Locale.ROOT));
                    if (operation.isMissingNode()) {
                        missing.add(method + " " + path);
                        continue;
                    }
                    JsonNode responses = operation.get("responses");
                    boolean success = responses.propertyNames().stream().anyMatch(code -> code.startsWith("2"));
                    boolean error = responses
                            .path("404")
                            .path("content")
                            .path("application/json")
                            .path("schema")
                            .path("$ref")
                            .asString("")
                            .endsWith("/ErrorBody");
                    if (!success || !error) {
                        missing.add(method + " " + path + " (responses)");
                    }
                }
            }
        });
        assertThat(missing).isEmpty();
        assertThat(doc.get("components").get("schemas").has("ErrorBody")).isTrue();
    }

    @Test
    void requestBodiesAreDescribedByTheirRealShapes() {
        JsonNode doc = new Api(port, null).get("/openapi.json").json();
        JsonNode patch =
                doc.get("paths").get("/v1/campaigns/{campaignId}").get("patch").get("requestBody");
        String ref = patch.get("content")
                .get("application/json")
                .get("schema")
                .get("$ref")
                .asString();
        JsonNode schema = doc.get("components").get("schemas").get(ref.substring(ref.lastIndexOf('/') + 1));
        assertThat(schema.get("properties").propertyNames()).contains("name", "campaignData", "status");
    }
}
