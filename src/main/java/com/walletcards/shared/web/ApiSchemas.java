package com.walletcards.shared.web;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.StringSchema;
import java.util.List;

/**
 * Named value lists of the API reference, written from the code's own lists so they cannot drift.
 * Arrays refer to them ({@code @Schema(ref = ...)}) rather than repeating the values inline.
 */
public final class ApiSchemas {

    public static final String PROVIDER_TYPE = "#/components/schemas/ProviderType";
    public static final String SCOPE = "#/components/schemas/Scope";
    public static final String EVENT_TYPE = "#/components/schemas/EventType";

    private ApiSchemas() {}

    /** Adds (or replaces) the named list of allowed string values. */
    public static void addValues(OpenAPI openApi, String ref, String description, List<String> values) {
        StringSchema schema = new StringSchema();
        values.forEach(schema::addEnumItem);
        schema.description(description);
        openApi.getComponents().addSchemas(ref.substring(ref.lastIndexOf('/') + 1), schema);
    }
}
