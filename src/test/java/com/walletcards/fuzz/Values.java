package com.walletcards.fuzz;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Values for a JSON schema: plausible valid ones (enums, formats, lengths and ranges of the
 * schema; the property name as a hint where the schema says only "string"), boundary ones
 * (just inside and just outside every limit) and hostile ones (wrong types, control characters,
 * huge or deeply nested values).
 */
final class Values {

    static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Strings no field should trip over: control characters, NUL, lone surrogates, markup, SQL. */
    static final List<String> HOSTILE_STRINGS = List.of(
            "",
            " ",
            "\u0000",
            "a\u0000b",
            "\u0001\u0002\u001f\u007f",
            "\r\n\t",
            "\ud800",
            "\udfff\ud800",
            "\uffff\ufffe",
            "💳🎫",
            "e\u0301\u200b\u202e",
            "<script>alert(1)</script>",
            "'; DROP TABLE campaigns; --",
            "%00%2F%5C",
            "../../etc/passwd",
            "{{name}}{{7*7}}${jndi:ldap://x}",
            "null",
            "-1",
            "1e400",
            "9".repeat(40));

    private final Random random;
    private final Operations.Refs refs;

    Values(Random random, Operations.Refs refs) {
        this.random = random;
        this.refs = refs;
    }

    JsonNode valid(JsonNode rawSchema, String name, int depth) {
        JsonNode schema = refs.resolve(rawSchema);
        JsonNode choice = first(schema, "oneOf", "anyOf");
        if (choice != null) {
            return valid(choice.get(random.nextInt(choice.size())), name, depth);
        }
        if (schema.has("allOf")) {
            ObjectNode merged = JSON.objectNode();
            for (JsonNode part : schema.get("allOf")) {
                JsonNode value = valid(part, name, depth);
                if (value.isObject()) {
                    merged.setAll((ObjectNode) value);
                }
            }
            return merged;
        }
        if (schema.has("enum") && !schema.get("enum").isEmpty()) {
            JsonNode values = schema.get("enum");
            return values.get(random.nextInt(values.size()));
        }
        return switch (type(schema)) {
            case "integer" -> JSON.numberNode(integer(schema, false));
            case "number" -> JSON.numberNode(integer(schema, false) + 0.5);
            case "boolean" -> JSON.booleanNode(random.nextBoolean());
            case "array" -> array(schema, name, depth);
            case "object" -> object(schema, depth);
            default -> JSON.stringNode(string(schema, name));
        };
    }

    /** An object with every required property and a random share of the optional ones. */
    private JsonNode object(JsonNode schema, int depth) {
        ObjectNode object = JSON.objectNode();
        if (depth > 4) {
            return object;
        }
        List<String> required =
                schema.path("required").valueStream().map(JsonNode::asString).toList();
        for (var property : schema.path("properties").properties()) {
            if (required.contains(property.getKey()) || random.nextInt(3) > 0) {
                object.set(property.getKey(), valid(property.getValue(), property.getKey(), depth + 1));
            }
        }
        return object;
    }

    private JsonNode array(JsonNode schema, String name, int depth) {
        ArrayNode array = JSON.arrayNode();
        int min = schema.path("minItems").asInt(0);
        int count = Math.max(min, Math.min(schema.path("maxItems").asInt(3), 1 + random.nextInt(3)));
        for (int i = 0; i < count; i++) {
            array.add(valid(schema.path("items"), singular(name), depth + 1));
        }
        return array;
    }

    private long integer(JsonNode schema, boolean edge) {
        long min = schema.path("minimum").asLong(0);
        long max = schema.path("maximum").asLong(Math.max(min, 100));
        if (edge) {
            return random.nextBoolean() ? min : max;
        }
        return min + (long) (random.nextDouble() * (max - min + 1));
    }

    private String string(JsonNode schema, String name) {
        String format = schema.path("format").asString("");
        String hint = (format + " " + name).toLowerCase(Locale.ROOT);
        if (hint.contains("date-time") || hint.contains("scheduled") || hint.endsWith("at")) {
            return OffsetDateTime.now(ZoneOffset.UTC)
                    .plusHours(1 + random.nextInt(48))
                    .withNano(0)
                    .toString();
        }
        if (hint.contains("date")) {
            return LocalDate.of(2031, 1 + random.nextInt(12), 1 + random.nextInt(28))
                    .toString();
        }
        if (hint.contains("email")) {
            return "fuzz" + Long.toHexString(random.nextLong()) + "@example.com";
        }
        if (hint.contains("uri") || hint.contains("url")) {
            return "https://hooks.example.com/fuzz/" + random.nextInt(1000);
        }
        if (hint.contains("timezone") || hint.contains("zone")) {
            return random.nextBoolean() ? "Europe/Berlin" : "UTC";
        }
        if (hint.contains("phone")) {
            return "+49151" + (1000000 + random.nextInt(8999999));
        }
        if (hint.contains("time")) {
            return String.format(Locale.ROOT, "%02d:%02d", random.nextInt(24), random.nextInt(60));
        }
        if (hint.contains("event")) {
            return "*";
        }
        if (hint.contains("provider")) {
            return List.of("all", "alpha", "beta", "eudiw").get(random.nextInt(4));
        }
        int min = schema.path("minLength").asInt(1);
        int max = schema.path("maxLength").asInt(Math.max(min, 24));
        int length = Math.max(min, Math.min(max, 1 + random.nextInt(24)));
        StringBuilder text = new StringBuilder("Fuzz ");
        while (text.length() < length) {
            text.append((char) ('a' + random.nextInt(26)));
        }
        return text.substring(0, Math.max(length, Math.min(text.length(), max)));
    }

    /** Just inside or just outside a limit of the schema, or a limit every client forgets. */
    JsonNode boundary(JsonNode rawSchema, String name) {
        JsonNode schema = refs.resolve(rawSchema);
        return switch (type(schema)) {
            case "integer", "number" -> {
                long edge = integer(schema, true) + random.nextInt(3) - 1;
                yield switch (random.nextInt(4)) {
                    case 0 -> JSON.numberNode(Long.MAX_VALUE);
                    case 1 -> JSON.numberNode(new java.math.BigInteger("9".repeat(30)));
                    default -> JSON.numberNode(edge);
                };
            }
            case "array" -> {
                ArrayNode array = JSON.arrayNode();
                int size = random.nextBoolean() ? 0 : schema.path("maxItems").asInt(10) + 1;
                for (int i = 0; i < Math.min(size, 1001); i++) {
                    array.add(valid(schema.path("items"), singular(name), 1));
                }
                yield array;
            }
            case "string" -> {
                int max = schema.path("maxLength").asInt(255);
                int length = List.of(0, max, max + 1, 10_000).get(random.nextInt(4));
                yield JSON.stringNode("x".repeat(length));
            }
            default -> valid(schema, name, 0);
        };
    }

    /** A value of another JSON type than the schema asks for, or a hostile string. */
    JsonNode hostile(JsonNode rawSchema) {
        String type = type(refs.resolve(rawSchema));
        List<JsonNode> options = List.of(
                JSON.nullNode(),
                JSON.booleanNode(true),
                JSON.numberNode(random.nextInt()),
                JSON.numberNode(1.5e300),
                JSON.stringNode(HOSTILE_STRINGS.get(random.nextInt(HOSTILE_STRINGS.size()))),
                JSON.arrayNode().add(JSON.stringNode("x")),
                JSON.objectNode().put("x", "y"),
                JSON.objectNode().set("$ref", JSON.stringNode("#/x")));
        JsonNode value;
        do {
            value = options.get(random.nextInt(options.size()));
        } while (type.equals(typeOf(value)) && !value.isString());
        return value;
    }

    static String type(JsonNode schema) {
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (!t.asString().equals("null")) {
                    return t.asString();
                }
            }
        }
        if (type.isString()) {
            return type.asString();
        }
        if (schema.has("properties") || schema.has("additionalProperties")) {
            return "object";
        }
        if (schema.has("items")) {
            return "array";
        }
        return "string";
    }

    private static String typeOf(JsonNode value) {
        if (value.isObject()) {
            return "object";
        }
        if (value.isArray()) {
            return "array";
        }
        if (value.isIntegralNumber()) {
            return "integer";
        }
        if (value.isNumber()) {
            return "number";
        }
        if (value.isBoolean()) {
            return "boolean";
        }
        return value.isString() ? "string" : "null";
    }

    private static JsonNode first(JsonNode schema, String... keys) {
        for (String key : keys) {
            if (schema.path(key).isArray() && !schema.path(key).isEmpty()) {
                return schema.get(key);
            }
        }
        return null;
    }

    private static String singular(String name) {
        return name.endsWith("s") ? name.substring(0, name.length() - 1) : name;
    }
}
