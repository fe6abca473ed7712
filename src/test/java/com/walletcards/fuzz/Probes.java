package com.walletcards.fuzz;

import com.walletcards.fuzz.Operations.Operation;
import com.walletcards.fuzz.Operations.Parameter;
import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Turns an operation into one request of a randomly chosen kind: valid, boundary or hostile. */
final class Probes {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    static final List<String> HOSTILE_SEGMENTS = List.of(
            "%00",
            "a%2Fb",
            "a%5Cb",
            "a;b",
            "a%3Bb",
            "%2e%2e",
            "..",
            "%zz",
            "%",
            "%C0%AF",
            "%FF%FE",
            "%E2%80%AE",
            "x".repeat(5000),
            "%20",
            "cmp_%0d%0aSet-Cookie:x",
            "%25",
            "*",
            "%7B%7D",
            "a\\b",
            "%u0000");
    static final List<String> HOSTILE_QUERY_VALUES = List.of(
            "%00",
            "%zz",
            "%",
            "-1",
            "0",
            "2147483648",
            "9223372036854775808",
            "1e3",
            "0x10",
            "%FF",
            "%C3%28",
            "a%26b%3Dc",
            "",
            "%20",
            "null",
            "true",
            "[]",
            "%5B%5D",
            "x".repeat(10_000),
            "%0d%0a");
    private static final List<String> WRONG_CONTENT_TYPES = List.of(
            "text/plain",
            "application/xml",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/json; charset=ISO-8859-1",
            "application/json; charset=nonsense",
            "application/*",
            "json",
            ";;;");
    private static final List<String> NOT_JSON = List.of(
            "",
            "{",
            "}",
            "[]",
            "null",
            "42",
            "\"text\"",
            "{\"a\":1}{",
            "{'a':1}",
            "{\"a\":}",
            "{\"a\" 1}",
            "{\"name\":\"x\",\"name\":\"y\"}",
            "\u0000",
            "{\"a\":NaN}",
            "{\"a\":1e99999}",
            "<x/>",
            "{\"a\":\"\\u0000\"}",
            "{\"a\":\"\\ud800\"}",
            "{\"a\":\"\\x41\"}");

    private final Random random;
    private final Values values;
    private final BiFunction<String, Parameter, String> fixture;

    Probes(Random random, Values values, BiFunction<String, Parameter, String> fixture) {
        this.random = random;
        this.values = values;
        this.fixture = fixture;
    }

    Probe next(Operation operation) {
        int dice = random.nextInt(100);
        boolean hasBody = operation.body() != null;
        if (dice < 30 || (!hasBody && dice < 55)) {
            return build(operation, "valid", Map.of(), body(operation, "valid"), false);
        }
        if (dice < 40) {
            return boundaryQuery(operation);
        }
        if (dice < 50) {
            return hostilePath(operation);
        }
        if (dice < 58 || !hasBody) {
            return hostileQuery(operation);
        }
        if (dice < 61) {
            return withAuthorization(operation, random.nextBoolean() ? "" : "Bearer wk_" + "0".repeat(40));
        }
        return hostileBody(operation, dice);
    }

    private Probe hostileBody(Operation operation, int dice) {
        if (dice < 70) {
            return build(operation, "body-wrong-type", Map.of(), body(operation, "hostile"), false);
        }
        if (dice < 76) {
            return build(operation, "body-boundary", Map.of(), body(operation, "boundary"), false);
        }
        if (dice < 79) {
            ObjectNode body = objectBody(operation);
            body.put("unknownField" + random.nextInt(10), "x");
            return build(operation, "body-unknown-field", Map.of(), bytes(body), false);
        }
        if (dice < 84) {
            String text = NOT_JSON.get(random.nextInt(NOT_JSON.size()));
            return build(operation, "body-not-json", Map.of(), text.getBytes(StandardCharsets.UTF_8), false);
        }
        if (dice < 87) {
            return build(operation, "body-deep", Map.of(), deeplyNested(), false);
        }
        if (dice < 89) {
            // Just under the limit, or over it (413).
            int size = random.nextBoolean() ? 1_500_000 : 2_200_000;
            byte[] huge = ("{\"name\":\"" + "x".repeat(size) + "\"}").getBytes(StandardCharsets.UTF_8);
            return build(operation, "body-huge", Map.of(), huge, false);
        }
        if (dice < 94) {
            return build(operation, "body-invalid-utf8", Map.of(), invalidUtf8(operation), false);
        }
        String type = WRONG_CONTENT_TYPES.get(random.nextInt(WRONG_CONTENT_TYPES.size()));
        return build(operation, "content-type", Map.of("Content-Type", type), body(operation, "valid"), false);
    }

    private Probe boundaryQuery(Operation operation) {
        Map<String, String> overrides = new LinkedHashMap<>();
        for (Parameter p : operation.parameters()) {
            if (p.in().equals("query")) {
                overrides.put(p.name(), encode(text(values.boundary(p.schema(), p.name()))));
            }
        }
        return build(operation, "query-boundary", overrides, body(operation, "valid"), false);
    }

    private Probe hostileQuery(Operation operation) {
        Map<String, String> overrides = new LinkedHashMap<>();
        List<Parameter> query = operation.parameters().stream()
                .filter(p -> p.in().equals("query"))
                .toList();
        String name = query.isEmpty()
                ? "limit"
                : query.get(random.nextInt(query.size())).name();
        overrides.put(name, HOSTILE_QUERY_VALUES.get(random.nextInt(HOSTILE_QUERY_VALUES.size())));
        return build(operation, "query-hostile", overrides, body(operation, "valid"), true);
    }

    private Probe hostilePath(Operation operation) {
        Map<String, String> overrides = new LinkedHashMap<>();
        for (Parameter p : operation.parameters()) {
            if (p.in().equals("path") && (overrides.isEmpty() || random.nextBoolean())) {
                overrides.put(p.name(), HOSTILE_SEGMENTS.get(random.nextInt(HOSTILE_SEGMENTS.size())));
            }
        }
        return build(operation, "path-hostile", overrides, body(operation, "valid"), true);
    }

    private Probe withAuthorization(Operation operation, String authorization) {
        return build(operation, "auth", Map.of("Authorization", authorization), body(operation, "valid"), false);
    }

    /** Path and query from the templates; {@code overrides} hold already-encoded values. */
    private Probe build(Operation operation, String variant, Map<String, String> overrides, byte[] body, boolean raw) {
        String path = operation.path();
        StringBuilder query = new StringBuilder();
        Map<String, String> headers = new LinkedHashMap<>();
        for (Parameter p : operation.parameters()) {
            String value = overrides.containsKey(p.name())
                    ? overrides.get(p.name())
                    : encode(
                            p.in().equals("path")
                                    ? fixture.apply(operation.path(), p)
                                    : text(values.valid(p.schema(), p.name(), 0)));
            switch (p.in()) {
                case "path" -> path = path.replace("{" + p.name() + "}", value);
                case "query" -> {
                    if (p.required() || overrides.containsKey(p.name()) || random.nextBoolean()) {
                        query.append(query.isEmpty() ? "?" : "&")
                                .append(p.name())
                                .append('=')
                                .append(value);
                    }
                }
                case "header" -> headers.put(p.name(), value);
                default -> {}
            }
        }
        overrides.forEach((name, value) -> {
            if (Character.isUpperCase(name.charAt(0))) {
                headers.put(name, value); // a header override (Content-Type, Authorization)
            } else if (operation.parameters().stream().noneMatch(p -> p.name().equals(name))) {
                query.append(query.isEmpty() ? "?" : "&")
                        .append(name)
                        .append('=')
                        .append(value);
            }
        });
        byte[] sent = operation.body() == null && !variant.startsWith("body") ? null : body;
        if (sent != null) {
            headers.putIfAbsent("Content-Type", "application/json");
        }
        return new Probe(variant, operation.method(), path + query, headers, sent, raw);
    }

    private byte[] body(Operation operation, String kind) {
        if (operation.body() == null) {
            return new byte[0];
        }
        return switch (kind) {
            case "valid" -> bytes(values.valid(operation.body(), "body", 0));
            default -> {
                JsonNode valid = values.valid(operation.body(), "body", 0);
                if (!(valid instanceof ObjectNode object) || object.isEmpty()) {
                    yield bytes(kind.equals("hostile") ? values.hostile(operation.body()) : valid);
                }
                List<String> names = object.propertyNames().stream().toList();
                String field = names.get(random.nextInt(names.size()));
                JsonNode schema = Values.type(operation.body()).equals("object")
                        ? operation.body().path("properties").path(field)
                        : operation.body();
                object.set(field, kind.equals("hostile") ? values.hostile(schema) : values.boundary(schema, field));
                yield bytes(object);
            }
        };
    }

    private ObjectNode objectBody(Operation operation) {
        JsonNode body = operation.body() == null ? null : values.valid(operation.body(), "body", 0);
        return body instanceof ObjectNode object ? object : Values.JSON.objectNode();
    }

    private byte[] deeplyNested() {
        int depth = 1_000 + random.nextInt(20_000);
        boolean arrays = random.nextBoolean();
        String open = arrays ? "[" : "{\"a\":";
        String close = arrays ? "]" : "}";
        return ("{\"campaignData\":" + open.repeat(depth) + "1" + close.repeat(depth) + "}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private byte[] invalidUtf8(Operation operation) {
        byte[] valid = body(operation, "valid");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[][] broken = {
            {(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xE2, (byte) 0x82}
        };
        byte[] bad = broken[random.nextInt(broken.length)];
        int quote = indexOfSecondQuote(valid);
        out.write(valid, 0, quote);
        out.writeBytes(bad);
        out.write(valid, quote, valid.length - quote);
        return out.toByteArray();
    }

    /** Inside the first string of the document (its first key), or at the start. */
    private static int indexOfSecondQuote(byte[] json) {
        int seen = 0;
        for (int i = 0; i < json.length; i++) {
            if (json[i] == '"' && ++seen == 1) {
                return i + 1;
            }
        }
        return 0;
    }

    private static String text(JsonNode value) {
        return value.isValueNode() ? value.asString() : value.toString();
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static byte[] bytes(JsonNode node) {
        return MAPPER.writeValueAsBytes(node);
    }
}
