package com.walletcards.shared;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Free-form JSON objects (campaignData, recipientData, metadata) stored as text columns. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};

    private Json() {}

    public static String write(Object value) {
        if (value instanceof StoredJsonObject stored) {
            return stored.text(); // unchanged since it was read: no parse and write again
        }
        return MAPPER.writeValueAsString(value);
    }

    public static Map<String, Object> readMap(@Nullable String json) {
        if (json == null || json.isBlank()) {
            return new LinkedHashMap<>();
        }
        return MAPPER.readValue(json, MAP);
    }

    /** An unmodifiable view of a free-form object that keeps a stored object as it is. */
    public static Map<String, Object> unmodifiable(Map<String, Object> object) {
        return object instanceof StoredJsonObject ? object : Collections.unmodifiableMap(object);
    }

    /**
     * JSON merge patch (RFC 7386) of one object into another: a null removes the key, nested
     * objects merge key by key, anything else replaces.
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> mergePatch(Map<String, Object> target, Map<String, @Nullable Object> patch) {
        Map<String, Object> result = new LinkedHashMap<>(target);
        patch.forEach((key, value) -> {
            if (value == null) {
                result.remove(key);
            } else if (value instanceof Map<?, ?> patchChild && result.get(key) instanceof Map<?, ?> child) {
                result.put(key, mergePatch((Map<String, Object>) child, (Map<String, @Nullable Object>) patchChild));
            } else {
                result.put(key, value);
            }
        });
        return result;
    }
}
