package com.walletcards.shared;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A free-form JSON object (campaignData, recipientData, metadata) as read from its text column,
 * parsed only when something reads its fields. Written back to the database or into an API
 * response, it is the text it was read as: a page of recipients would otherwise parse and
 * re-serialize every row's data, about a sixth of the page's allocations. The text is always
 * what {@link Json#write} stored, so it is valid and already in the form a parse and write would
 * give. Unmodifiable, like the maps the aggregates hand out. Every JSON mapper (API responses,
 * webhook payloads) writes it as its text: the serializer is the class's own.
 */
@JsonSerialize(using = StoredJsonObject.AsStoredText.class)
public final class StoredJsonObject extends AbstractMap<String, Object> {

    private final String text;
    private volatile @Nullable Map<String, Object> parsed;

    private StoredJsonObject(String text) {
        this.text = text;
    }

    /** The stored object, or an empty one for a missing or blank column. */
    public static Map<String, Object> of(@Nullable String text) {
        return text == null || text.isBlank() ? Json.readMap(text) : new StoredJsonObject(text);
    }

    /** The JSON text, exactly as stored. */
    public String text() {
        return text;
    }

    private Map<String, Object> fields() {
        Map<String, Object> fields = parsed;
        if (fields == null) {
            fields = Collections.unmodifiableMap(Json.readMap(text));
            parsed = fields;
        }
        return fields;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return fields().entrySet();
    }

    @Override
    public @Nullable Object get(Object key) {
        return fields().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return fields().containsKey(key);
    }

    @Override
    public int size() {
        return fields().size();
    }

    static final class AsStoredText extends ValueSerializer<StoredJsonObject> {
        @Override
        public void serialize(StoredJsonObject value, JsonGenerator gen, SerializationContext context) {
            gen.writeRawValue(value.text());
        }
    }
}
