package com.walletcards.shared;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A PATCH body read as a JSON object, so that "absent" (leave alone) and {@code null} (clear) are
 * different things. Unknown fields and wrong JSON types fail like they do for typed bodies.
 */
public final class PatchDocument {

    private final Map<String, @Nullable Object> fields;

    private PatchDocument(Map<String, @Nullable Object> fields) {
        this.fields = fields;
    }

    public static PatchDocument of(@Nullable Map<String, @Nullable Object> body, Set<String> allowed) {
        if (body == null) {
            throw new ApiException(ErrorCode.INVALID_JSON, "The request body must be a JSON object");
        }
        Validation v = new Validation();
        body.keySet().stream()
                .filter(k -> !allowed.contains(k))
                .sorted()
                .forEach(k -> v.reject(k, "is not a known field"));
        v.throwIfInvalid();
        return new PatchDocument(body);
    }

    public boolean has(String field) {
        return fields.containsKey(field);
    }

    public @Nullable String string(String field) {
        return typed(field, String.class, "a string");
    }

    @SuppressWarnings("unchecked")
    public @Nullable Map<String, @Nullable Object> object(String field) {
        return typed(field, Map.class, "an object");
    }

    @SuppressWarnings("unchecked")
    public @Nullable List<@Nullable Object> array(String field) {
        return typed(field, List.class, "an array");
    }

    /** A list of strings, or a type error naming the field. */
    public @Nullable List<String> strings(String field) {
        List<@Nullable Object> raw = array(field);
        if (raw == null) {
            return null;
        }
        for (Object item : raw) {
            if (!(item instanceof String)) {
                throw wrongType(field, "an array of strings");
            }
        }
        @SuppressWarnings("unchecked")
        List<String> strings = (List<String>) (List<?>) raw;
        return strings;
    }

    private <T> @Nullable T typed(String field, Class<T> type, String expected) {
        Object value = fields.get(field);
        if (value == null) {
            return null;
        }
        if (!type.isInstance(value)) {
            throw wrongType(field, expected);
        }
        return type.cast(value);
    }

    private static ApiException wrongType(String field, String expected) {
        return new ApiException(
                ErrorCode.INVALID_JSON,
                "Field " + field + " has the wrong JSON type",
                List.of(new FieldError(field, "must be " + expected)));
    }
}
