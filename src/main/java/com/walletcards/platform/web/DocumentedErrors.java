package com.walletcards.platform.web;

import com.walletcards.shared.ErrorCode;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The error responses of one operation, derived from what it takes and how it is protected, so
 * every endpoint (also one added later) documents the failures it really has: a body can be
 * malformed, a query value out of range, a path id unknown, a scope missing.
 */
final class DocumentedErrors {

    static final String ERROR_SCHEMA = "ErrorBody";
    static final String CODES = "x-error-codes";

    private static final Map<String, String> MEANINGS = Map.ofEntries(
            Map.entry("INVALID_JSON", "the body is not valid JSON or a field has the wrong JSON type"),
            Map.entry("VALIDATION_FAILED", "a value breaks a rule; details name each field or parameter"),
            Map.entry("SETTING_LOCKED", "barcodeValueStrategy cannot change once the campaign has recipients"),
            Map.entry("INVALID_STATUS_TRANSITION", "the campaign cannot move to that status by PATCH"),
            Map.entry("UNAUTHORIZED", "missing or bad credential"),
            Map.entry("INSUFFICIENT_SCOPE", "the API key lacks the scope this operation requires"),
            Map.entry("NOT_FOUND", "unknown, deleted, or another organization's resource"),
            Map.entry("INVALID_STATE", "not allowed in the resource's current state"),
            Map.entry("RECIPIENT_EXISTS", "a recipient with this email is already in the campaign"),
            Map.entry("IDEMPOTENCY_KEY_REUSED", "the Idempotency-Key was used before with a different request"),
            Map.entry("IDEMPOTENCY_KEY_IN_USE", "a request with this Idempotency-Key is still running; retry later"),
            Map.entry("PAYLOAD_TOO_LARGE", "the body is larger than the limit"),
            Map.entry("UNSUPPORTED_MEDIA_TYPE", "the body is not application/json"),
            Map.entry("NOTIFICATION_LIMIT_EXCEEDED", "the campaign already has its 3 notifications"),
            Map.entry("RATE_LIMITED", "too many requests for this API key; wait for Retry-After seconds"),
            Map.entry("INTERNAL_ERROR", "unexpected failure; quote the requestId"),
            Map.entry("SERVICE_UNAVAILABLE", "the database is unreachable; retry after Retry-After seconds"),
            Map.entry(
                    "SERVICE_BUSY",
                    "every database connection stayed in use while the request waited; retry after Retry-After seconds"));

    private DocumentedErrors() {}

    /** Adds the error responses; call after the operation's security is final. */
    static void addTo(String path, PathItem.HttpMethod method, Operation operation) {
        Set<String> codes = new LinkedHashSet<>();
        boolean body = operation.getRequestBody() != null;
        List<Parameter> parameters = operation.getParameters() == null ? List.of() : operation.getParameters();
        if (body) {
            codes.add("INVALID_JSON");
        }
        if (body || parameters.stream().anyMatch(p -> "query".equals(p.getIn()))) {
            codes.add("VALIDATION_FAILED");
        }
        boolean open =
                operation.getSecurity() != null && operation.getSecurity().isEmpty();
        if (!open || ApiConventions.isCallback(path)) {
            codes.add("UNAUTHORIZED");
        }
        if (operation.getExtensions() != null && operation.getExtensions().containsKey(OperationDocumentation.SCOPES)) {
            codes.add("INSUFFICIENT_SCOPE");
            codes.add("RATE_LIMITED");
        }
        if (path.contains("{")) {
            codes.add("NOT_FOUND");
        }
        if (ApiConventions.takesIdempotencyKey(path, method)) {
            codes.add("IDEMPOTENCY_KEY_REUSED");
            codes.add("IDEMPOTENCY_KEY_IN_USE");
        }
        if (body) {
            codes.add("PAYLOAD_TOO_LARGE");
            codes.add("UNSUPPORTED_MEDIA_TYPE");
        }
        codes.addAll(declared(operation));
        codes.add("INTERNAL_ERROR");
        codes.add("SERVICE_UNAVAILABLE");
        codes.add("SERVICE_BUSY");

        Map<String, List<String>> byStatus = new TreeMap<>();
        for (String code : codes) {
            byStatus.computeIfAbsent(String.valueOf(status(code)), s -> new ArrayList<>())
                    .add(code);
        }
        byStatus.forEach((status, list) -> operation.getResponses().addApiResponse(status, response(list)));
    }

    private static int status(String code) {
        return Arrays.stream(ErrorCode.values())
                .filter(c -> c.name().equals(code))
                .map(ErrorCode::httpStatus)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("No error code " + code));
    }

    @SuppressWarnings("unchecked")
    private static List<String> declared(Operation operation) {
        if (operation.getExtensions() == null) {
            return List.of();
        }
        Object codes = operation.getExtensions().remove(OperationDocumentation.DECLARED_ERRORS);
        return codes == null ? List.of() : (List<String>) codes;
    }

    private static ApiResponse response(List<String> codes) {
        StringBuilder description = new StringBuilder();
        for (String code : codes) {
            description
                    .append(description.isEmpty() ? "" : "; ")
                    .append('`')
                    .append(code)
                    .append("`: ")
                    .append(MEANINGS.getOrDefault(
                            code, code.toLowerCase(Locale.ROOT).replace('_', ' ')));
        }
        ApiResponse response = new ApiResponse()
                .description(description.toString())
                .content(new Content()
                        .addMediaType(
                                "application/json",
                                new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + ERROR_SCHEMA))));
        response.addExtension(CODES, codes);
        if (codes.contains("RATE_LIMITED") || codes.contains("SERVICE_UNAVAILABLE")) {
            response.addHeaderObject(
                    "Retry-After",
                    new Header().description("Seconds to wait before retrying").schema(new IntegerSchema()));
        }
        return response;
    }
}
