package com.walletcards.shared.web;

import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The served OpenAPI document ({@code /openapi.json}, browsable at {@code /docs}). Every operation
 * also documents the error envelope for the failures it can answer with.
 */
@Configuration(proxyBeanMethods = false)
class ApiDocumentation {

    static final String ERROR_SCHEMA = "ErrorBody";

    @Bean
    OpenAPI walletApi() {
        return new OpenAPI()
                .info(new Info()
                        .title("Wallet Card Campaign Service")
                        .version("v1")
                        .description("Issue personal wallet cards, invite their holders, keep installed cards"
                                + " current and push lock-screen messages. Every success is {success: true, data};"
                                + " every failure is {success: false, error: {code, message, details, requestId}}."))
                .components(new Components()
                        .addSecuritySchemes(
                                "apiKey",
                                new SecurityScheme()
                                        .type(SecurityScheme.Type.HTTP)
                                        .scheme("bearer")
                                        .description("An API key: Authorization: Bearer wk_...")))
                .addSecurityItem(new SecurityRequirement().addList("apiKey"));
    }

    @Bean
    OpenApiCustomizer documentedErrorResponses() {
        return openApi -> {
            ModelConverters.getInstance().readAll(ErrorBody.class).forEach(openApi.getComponents()::addSchemas);
            openApi.getPaths()
                    .forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
                        boolean callback = path.startsWith("/v1/callbacks");
                        if (callback) {
                            operation.setSecurity(java.util.List.of());
                        } else if (method.name().equals("POST") && path.startsWith("/v1/")) {
                            operation.addParametersItem(idempotencyKey());
                        }
                        errorsFor(method.name(), callback)
                                .forEach((status, description) -> add(operation, status, description));
                    }));
        };
    }

    private static Map<String, String> errorsFor(String method, boolean callback) {
        Map<String, String> errors = new LinkedHashMap<>();
        errors.put(
                "400",
                "INVALID_JSON, VALIDATION_FAILED (details name the fields), SETTING_LOCKED or"
                        + " INVALID_STATUS_TRANSITION");
        errors.put(
                "401",
                callback ? "missing, invalid or expired X-Wallet-Signature" : "UNAUTHORIZED: missing or bad API key");
        if (!callback) {
            errors.put("403", "INSUFFICIENT_SCOPE: the key lacks the endpoint's scope");
        }
        errors.put(
                "404",
                callback
                        ? "NOT_FOUND: unknown provider, or callbacks for it are not enabled (no secret configured)"
                        : "NOT_FOUND: unknown, deleted, or another organization's resource");
        if (!method.equals("GET")) {
            errors.put(
                    "409",
                    "INVALID_STATE, RECIPIENT_EXISTS, IDEMPOTENCY_KEY_REUSED or IDEMPOTENCY_KEY_IN_USE (with"
                            + " Retry-After)");
            errors.put("413", "PAYLOAD_TOO_LARGE");
            errors.put("415", "UNSUPPORTED_MEDIA_TYPE: the body must be application/json");
        }
        errors.put("429", "RATE_LIMITED (with Retry-After) or NOTIFICATION_LIMIT_EXCEEDED");
        errors.put("500", "INTERNAL_ERROR: quote the requestId");
        return errors;
    }

    private static Parameter idempotencyKey() {
        return new HeaderParameter()
                .name("Idempotency-Key")
                .required(false)
                .description("1 to 255 printable ASCII characters. A retry with the same key and the same request"
                        + " within 24 hours gets the first response again (header Idempotent-Replayed: true)"
                        + " instead of running twice; see docs/idempotency.md.")
                .schema(new Schema<String>().type("string").minLength(1).maxLength(255));
    }

    private static void add(Operation operation, String status, String description) {
        if (operation.getResponses().containsKey(status)) {
            return;
        }
        Schema<?> ref = new Schema<>().$ref("#/components/schemas/" + ERROR_SCHEMA);
        operation
                .getResponses()
                .addApiResponse(
                        status,
                        new ApiResponse()
                                .description(description)
                                .content(new Content().addMediaType("application/json", new MediaType().schema(ref))));
    }
}
