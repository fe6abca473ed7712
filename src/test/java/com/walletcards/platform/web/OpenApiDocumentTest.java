package com.walletcards.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.Scope;
import com.walletcards.campaign.BarcodeType;
import com.walletcards.campaign.CampaignStatus;
import com.walletcards.campaign.CampaignType;
import com.walletcards.card.CardStatus;
import com.walletcards.notification.NotificationKind;
import com.walletcards.notification.NotificationStatus;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.webhook.EventTypes;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Keeps the served OpenAPI document truthful: every route documented with its rules, credential
 * and failures, and the committed copy the generated test client comes from equal to it.
 */
@DatabaseTest
class OpenApiDocumentTest {

    /** The copy the build generates the test client from; see {@link #theCommittedDocumentIsTheServedOne}. */
    static final Path COMMITTED = Path.of("src/test/resources/openapi.json");

    /** The served document, written for the linter (.ci/run). */
    static final Path SERVED = Path.of("target/openapi.json");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The server of the committed copy: the default public address of a local installation. */
    private static final String COMMITTED_SERVER = "http://localhost:8080";

    @Value("${wallet.download-base-url}")
    String publicBase;

    @LocalServerPort
    int port;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    JsonNode doc;

    @BeforeEach
    void served() {
        doc = new Api(port, null).get("/openapi.json").json();
    }

    @Test
    void everyApiEndpointIsDocumentedWithItsSuccessAndErrorShapes() {
        List<String> missing = new ArrayList<>();
        mappings.getHandlerMethods().forEach((info, handler) -> {
            for (String path : info.getPatternValues()) {
                if (!path.startsWith("/v1/") && !path.startsWith("/admin/v1/")) {
                    continue;
                }
                for (RequestMethod method : info.getMethodsCondition().getMethods()) {
                    JsonNode operation =
                            doc.get("paths").path(path).path(method.name().toLowerCase(Locale.ROOT));
                    if (operation.isMissingNode()) {
                        missing.add(method + " " + path);
                        continue;
                    }
                    JsonNode responses = operation.get("responses");
                    boolean success = responses.propertyNames().stream().anyMatch(code -> code.startsWith("2"));
                    boolean errors = responses.propertyNames().stream()
                            .filter(code -> code.startsWith("4") || code.startsWith("5"))
                            .allMatch(code -> isErrorBody(responses.get(code)));
                    if (!success || !errors || !responses.has("500") || !responses.has("401")) {
                        missing.add(method + " " + path + " (responses)");
                    }
                }
            }
        });
        assertThat(missing).isEmpty();
        assertThat(doc.get("components").get("schemas").has("ErrorBody")).isTrue();
    }

    @Test
    void errorResponsesNameTheCodesEachOperationCanAnswerWith() {
        JsonNode patch = operation("/v1/campaigns/{campaignId}", "patch").get("responses");
        assertThat(codes(patch.get("400"))).contains("INVALID_JSON", "VALIDATION_FAILED", "SETTING_LOCKED");
        assertThat(codes(patch.get("404"))).containsExactly("NOT_FOUND");
        assertThat(codes(patch.get("403"))).containsExactly("INSUFFICIENT_SCOPE");
        JsonNode add =
                operation("/v1/campaigns/{campaignId}/recipients", "post").get("responses");
        assertThat(codes(add.get("409"))).contains("RECIPIENT_EXISTS", "IDEMPOTENCY_KEY_REUSED");
        assertThat(add.has("415")).isTrue();
        JsonNode send =
                operation("/v1/campaigns/{campaignId}/notifications", "post").get("responses");
        assertThat(codes(send.get("429"))).contains("NOTIFICATION_LIMIT_EXCEEDED", "RATE_LIMITED");
        JsonNode list = operation("/v1/campaigns", "get").get("responses");
        assertThat(list.has("404")).as("a list has no path id to miss").isFalse();
        assertThat(list.has("415")).as("a GET has no body").isFalse();
        assertThat(codes(list.get("400"))).containsExactly("VALIDATION_FAILED");
    }

    @Test
    void patchBodiesAreDescribedByTheirRealShapes() {
        String ref = operation("/v1/campaigns/{campaignId}", "patch")
                .get("requestBody")
                .get("content")
                .get("application/json")
                .get("schema")
                .get("$ref")
                .asString();
        JsonNode schema = schema(ref.substring(ref.lastIndexOf('/') + 1));
        assertThat(schema.get("properties").propertyNames()).contains("name", "campaignData", "status");
        assertThat(enumOf(schema.get("properties").get("status"))).containsExactly("draft", "active", "archived");
    }

    @Test
    void noInternalArgumentIsDocumentedAsAParameter() {
        forEachOperation((name, operation) -> {
            for (JsonNode parameter : operation.path("parameters")) {
                assertThat(parameter.path("name").asString("")).as(name).isNotEqualTo("org");
            }
        });
    }

    @Test
    void requestSchemasStateTheRulesTheValidationEnforces() {
        JsonNode create = schema("CreateCampaignRequest");
        assertThat(strings(create.get("required"))).containsExactlyInAnyOrder("name", "campaignType", "campaignData");
        JsonNode name = create.get("properties").get("name");
        assertThat(name.get("minLength").asInt()).isEqualTo(1);
        assertThat(name.get("maxLength").asInt()).isEqualTo(200);
        assertThat(enumOf(create.get("properties").get("campaignType"))).isEqualTo(names(CampaignType.values()));
        assertThat(create.get("properties").get("startDate").get("format").asString())
                .isEqualTo("date");
        assertThat(enumOf(create.get("properties").get("providerTypes").get("items")))
                .containsExactlyInAnyOrderElementsOf(
                        Stream.concat(Stream.of(ProviderTypes.ALL), ProviderTypes.PROVIDERS.stream())
                                .toList());
        JsonNode data = schema("CampaignData").get("properties");
        assertThat(enumOf(data.get("barcodeType"))).isEqualTo(names(BarcodeType.values()));
        assertThat(data.get("start_time").get("pattern").asString()).isNotBlank();

        JsonNode recipient = schema("NewRecipient");
        assertThat(strings(recipient.get("required"))).containsExactly("email");
        assertThat(recipient.get("properties").get("email").get("format").asString())
                .isEqualTo("email");
        assertThat(recipient.get("properties").get("phone").get("pattern").asString())
                .isEqualTo("^\\+[1-9][0-9]{7,14}$");
        JsonNode bulk = schema("BulkAddRequest").get("properties").get("recipients");
        assertThat(bulk.get("maxItems").asInt()).isEqualTo(1000);

        JsonNode scheduled = schema("ScheduleNotificationRequest");
        assertThat(strings(scheduled.get("required"))).containsExactlyInAnyOrder("header", "body", "scheduledFor");
        assertThat(scheduled.get("properties").get("header").get("maxLength").asInt())
                .isEqualTo(100);
        assertThat(scheduled.get("properties").get("body").get("maxLength").asInt())
                .isEqualTo(500);
        assertThat(scheduled.get("properties").get("scheduledFor").get("format").asString())
                .isEqualTo("date-time");

        List<String> events = new ArrayList<>(EventTypes.KNOWN);
        events.add(EventTypes.ALL);
        assertThat(enumOf(schema("CreateWebhookRequest")
                        .get("properties")
                        .get("events")
                        .get("items")))
                .containsExactlyInAnyOrderElementsOf(events);
        assertThat(enumOf(schema("CreateApiKeyRequest")
                        .get("properties")
                        .get("scopes")
                        .get("items")))
                .containsExactlyInAnyOrderElementsOf(
                        Scope.all().stream().map(Scope::value).toList());
        assertThat(enumOf(schema("Notification").get("properties").get("status")))
                .isEqualTo(names(NotificationStatus.values()));
        assertThat(enumOf(schema("Recipient").get("properties").get("status"))).isEqualTo(names(CardStatus.values()));
    }

    @Test
    void queryParametersAreTypedAndFiltersListTheirValues() {
        forEachOperation((name, operation) -> {
            for (JsonNode parameter : operation.path("parameters")) {
                String parameterName = parameter.path("name").asString("");
                if (parameterName.equals("limit") || parameterName.equals("offset")) {
                    assertThat(parameter.get("schema").get("type").asString())
                            .as(name + " " + parameterName)
                            .isEqualTo("integer");
                }
            }
        });
        JsonNode limit = parameter(operation("/v1/campaigns", "get"), "limit");
        assertThat(limit.get("schema").get("maximum").asInt()).isEqualTo(100);
        assertThat(enumOf(parameter(operation("/v1/campaigns", "get"), "status").get("schema")))
                .isEqualTo(names(CampaignStatus.values()));
        JsonNode notifications = operation("/v1/campaigns/{campaignId}/notifications", "get");
        assertThat(enumOf(parameter(notifications, "kind").get("schema"))).isEqualTo(names(NotificationKind.values()));
        assertThat(parameter(operation("/v1/campaigns/{campaignId}/recipients", "get"), "includeHistory")
                        .get("schema")
                        .get("type")
                        .asString())
                .isEqualTo("boolean");
    }

    @Test
    void everyOperationHasASummaryADescriptionADescribedTagAndItsCredential() {
        Set<String> describedTags = new HashSet<>();
        doc.get("tags").forEach(tag -> {
            assertThat(tag.path("description").asString("")).isNotBlank();
            describedTags.add(tag.get("name").asString());
        });
        Set<String> operationIds = new HashSet<>();
        forEachOperation((name, operation) -> {
            assertThat(operation.path("summary").asString("")).as(name).isNotBlank();
            assertThat(operation.path("description").asString("")).as(name).isNotBlank();
            assertThat(operationIds.add(operation.path("operationId").asString("")))
                    .as(name)
                    .isTrue();
            assertThat(strings(operation.get("tags"))).as(name).hasSize(1);
            assertThat(describedTags)
                    .as(name)
                    .contains(operation.get("tags").get(0).asString());
            JsonNode security = operation.get("security");
            if (name.contains(" /v1/callbacks/")) {
                assertThat(security).as(name).isEmpty();
            } else if (name.contains(" /admin/")) {
                assertThat(security.get(0).has("adminToken")).as(name).isTrue();
            } else {
                assertThat(security.get(0).has("apiKey")).as(name).isTrue();
                List<String> scopes = strings(operation.get("x-required-scopes"));
                assertThat(scopes).as(name).hasSize(1);
                assertThat(operation.get("description").asString()).contains("`" + scopes.get(0) + "`");
            }
        });
        assertThat(strings(operation("/v1/webhooks", "post").get("x-required-scopes")))
                .containsExactly("webhooks:write");
        assertThat(strings(operation("/v1/campaigns/{campaignId}/recipients/{recipientId}/status", "get")
                        .get("x-required-scopes")))
                .containsExactly("campaigns:read");
        JsonNode schemes = doc.get("components").get("securitySchemes");
        assertThat(schemes.get("apiKey").get("scheme").asString()).isEqualTo("bearer");
        assertThat(doc.get("tags").toString()).doesNotContain("-controller");
    }

    @Test
    void everyPostOfTheApiTakesAnOptionalIdempotencyKey() {
        JsonNode key = doc.get("components").get("parameters").get("IdempotencyKey");
        assertThat(key.get("name").asString()).isEqualTo("Idempotency-Key");
        assertThat(key.get("in").asString()).isEqualTo("header");
        assertThat(key.get("required").asBoolean()).isFalse();
        assertThat(key.get("schema").get("maxLength").asInt()).isEqualTo(255);
        forEachOperation((name, operation) -> {
            boolean refersToKey = operation
                    .path("parameters")
                    .valueStream()
                    .anyMatch(p -> p.path("$ref").asString("").endsWith("/IdempotencyKey"));
            boolean apiPost = name.startsWith("post /v1/") && !name.startsWith("post /v1/callbacks/");
            assertThat(refersToKey).as(name).isEqualTo(apiPost);
        });
    }

    @Test
    void theMainRequestsCarryExamplesAndNoSchemaHasAMeaninglessName() {
        for (String[] main : List.of(
                new String[] {"/v1/campaigns", "post"},
                new String[] {"/v1/campaigns/{campaignId}/recipients", "post"},
                new String[] {"/v1/campaigns/{campaignId}/recipients/bulk", "post"},
                new String[] {"/v1/campaigns/{campaignId}/recipients/{recipientId}/invite", "post"},
                new String[] {"/v1/campaigns/{campaignId}/notifications", "post"},
                new String[] {"/v1/campaigns/{campaignId}/notifications/schedule", "post"},
                new String[] {"/v1/webhooks", "post"})) {
            JsonNode media = operation(main[0], main[1])
                    .get("requestBody")
                    .get("content")
                    .get("application/json");
            assertThat(media.path("examples").isEmpty()).as(main[0]).isFalse();
        }
        Set<String> meaningless = Set.of("Schema", "Summary", "Status", "Result", "Error", "Card", "Provider", "Map");
        assertThat(doc.get("components").get("schemas").propertyNames()).doesNotContainAnyElementsOf(meaningless);
    }

    /** The API reference page (Swagger UI) and everything it loads answer. */
    @Test
    void theReferencePageAndTheScriptsItLoadsAreServed() {
        Api api = new Api(port, null);
        Api.Response entry = api.page("/docs");
        assertThat(entry.status()).isEqualTo(302);
        String page = entry.header("Location");
        assertThat(page).isNotNull();

        Api.Response html = api.page(URI.create(page).getPath());
        assertThat(html.status()).isEqualTo(200);
        List<String> assets = Pattern.compile("(?:src|href)=\"\\./([^\"]+)\"")
                .matcher(html.body())
                .results()
                .map(m -> m.group(1))
                .toList();
        assertThat(assets).contains("swagger-ui-bundle.js", "swagger-ui.css");
        String folder = URI.create(page).getPath().replaceFirst("[^/]*$", "");
        for (String asset : assets) {
            assertThat(api.page(folder + asset).status()).as(folder + asset).isEqualTo(200);
        }
    }

    /**
     * The test client is generated from the committed copy at build time, before the application
     * can serve anything; this keeps that copy equal to what the service serves. After an API change:
     * {@code ./mvnw test -Dtest=OpenApiDocumentTest -Dwallet.openapi.update=true}.
     */
    @Test
    void theCommittedDocumentIsTheServedOne() throws IOException {
        // The served document names this test's own port; the committed copy names the default one.
        JsonNode canonical = doc.deepCopy();
        ((ObjectNode) canonical.get("servers").get(0)).put("url", COMMITTED_SERVER);
        String pretty = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(canonical) + "\n";
        Files.createDirectories(SERVED.getParent());
        Files.writeString(SERVED, pretty);
        if (Boolean.getBoolean("wallet.openapi.update")) {
            Files.writeString(COMMITTED, pretty);
        }
        assertThat(JSON.readTree(Files.readString(COMMITTED)))
                .as(
                        "%s differs from the served document (%s); update it with -Dwallet.openapi.update=true",
                        COMMITTED, SERVED)
                .isEqualTo(canonical);
    }

    @Test
    void theServerIsThisInstallationsPublicAddress() {
        assertThat(doc.get("servers")).hasSize(1);
        assertThat(doc.get("servers").get(0).get("url").asString()).isEqualTo(publicBase.replaceAll("/+$", ""));
    }

    private void forEachOperation(BiConsumer<String, JsonNode> check) {
        doc.get("paths")
                .properties()
                .forEach(path -> path.getValue()
                        .properties()
                        .forEach(method -> check.accept(method.getKey() + " " + path.getKey(), method.getValue())));
    }

    private JsonNode operation(String path, String method) {
        JsonNode operation = doc.get("paths").path(path).path(method);
        assertThat(operation.isMissingNode()).as(method + " " + path).isFalse();
        return operation;
    }

    private JsonNode schema(String name) {
        JsonNode schema = doc.get("components").get("schemas").get(name);
        assertThat(schema).as(name).isNotNull();
        return schema;
    }

    private static JsonNode parameter(JsonNode operation, String name) {
        return operation
                .get("parameters")
                .valueStream()
                .filter(p -> p.path("name").asString("").equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static boolean isErrorBody(JsonNode response) {
        return response.path("content")
                .path("application/json")
                .path("schema")
                .path("$ref")
                .asString("")
                .endsWith("/ErrorBody");
    }

    private static List<String> codes(JsonNode response) {
        return strings(response.get("x-error-codes"));
    }

    private List<String> enumOf(JsonNode schema) {
        String ref = schema.path("$ref").asString("");
        return strings(
                ref.isEmpty()
                        ? schema.get("enum")
                        : schema(ref.substring(ref.lastIndexOf('/') + 1)).get("enum"));
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array != null) {
            array.forEach(v -> values.add(v.asString()));
        }
        return values;
    }

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }
}
