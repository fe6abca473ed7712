package com.walletcards.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The operations of an OpenAPI 3 document: path template, method, parameters and JSON request
 * body schema, with every {@code $ref} resolved. Only the generic structure is read, so the
 * document may gain or lose parameters, enums and required fields without touching this code.
 */
final class Operations {

    private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete");

    private Operations() {}

    record Parameter(String name, String in, boolean required, JsonNode schema) {}

    record Operation(
            String method,
            String path,
            List<Parameter> parameters,
            @Nullable JsonNode body) {
        boolean writes() {
            return !method.equals("GET");
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    static List<Operation> of(JsonNode document) {
        Refs refs = new Refs(document);
        List<Operation> operations = new ArrayList<>();
        for (var path : document.path("paths").properties()) {
            JsonNode item = path.getValue();
            List<Parameter> shared = parameters(item.path("parameters"), refs);
            for (var entry : item.properties()) {
                if (!METHODS.contains(entry.getKey())) {
                    continue;
                }
                JsonNode operation = entry.getValue();
                List<Parameter> parameters = new ArrayList<>(shared);
                parameters.addAll(parameters(operation.path("parameters"), refs));
                operations.add(new Operation(
                        entry.getKey().toUpperCase(Locale.ROOT), path.getKey(), parameters, body(operation, refs)));
            }
        }
        return operations;
    }

    private static List<Parameter> parameters(JsonNode list, Refs refs) {
        List<Parameter> parameters = new ArrayList<>();
        for (JsonNode raw : list) {
            JsonNode p = refs.resolve(raw);
            parameters.add(new Parameter(
                    p.path("name").asString(),
                    p.path("in").asString(),
                    p.path("required").asBoolean(false),
                    refs.resolve(p.path("schema"))));
        }
        return parameters;
    }

    private static @Nullable JsonNode body(JsonNode operation, Refs refs) {
        JsonNode content = refs.resolve(operation.path("requestBody")).path("content");
        for (var media : content.properties()) {
            if (media.getKey().contains("json")) {
                return refs.resolve(media.getValue().path("schema"));
            }
        }
        return null;
    }

    /** Follows local {@code $ref}s such as {@code #/components/schemas/NewCampaign}. */
    static final class Refs {
        private final JsonNode document;

        Refs(JsonNode document) {
            this.document = document;
        }

        JsonNode resolve(JsonNode node) {
            JsonNode current = node;
            for (int hops = 0; hops < 20 && current.has("$ref"); hops++) {
                String ref = current.get("$ref").asString();
                JsonNode target = document;
                for (String part : ref.replaceFirst("^#/", "").split("/")) {
                    target = target.path(part.replace("~1", "/").replace("~0", "~"));
                }
                current = target;
            }
            return current;
        }
    }
}
