package com.walletcards.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void mergePatchReplacesAddsRemovesAndMergesNestedObjects() {
        Map<String, Object> target = Map.of("a", 1, "b", 2, "nested", Map.of("x", 1, "y", 2));
        Map<String, @Nullable Object> patch = new HashMap<>();
        patch.put("a", 10);
        patch.put("b", null);
        patch.put("c", 3);
        Map<String, @Nullable Object> nested = new HashMap<>();
        nested.put("y", null);
        nested.put("z", 3);
        patch.put("nested", nested);
        Map<String, Object> merged = Json.mergePatch(target, patch);
        assertThat(merged).containsEntry("a", 10).containsEntry("c", 3).doesNotContainKey("b");
        assertThat(merged.get("nested")).isEqualTo(Map.of("x", 1, "z", 3));
    }

    @Test
    void aStoredObjectIsWrittenBackAsItsTextAndReadLikeTheParsedObject() {
        String text = "{\"seat\":\"A12\",\"row\":7,\"extras\":{\"vip\":true},\"tags\":[\"a\",\"b\"],\"note\":null}";
        Map<String, Object> stored = StoredJsonObject.of(text);

        assertThat(Json.write(stored)).isSameAs(text);
        assertThat(Json.write(Map.of("data", stored))).isEqualTo("{\"data\":" + text + "}");
        assertThat(stored).isEqualTo(Json.readMap(text)).containsEntry("row", 7).containsKey("note");
        assertThat(Json.unmodifiable(stored)).isSameAs(stored);
        assertThat(Json.write(Json.mergePatch(stored, Map.of("row", 8)))).contains("\"row\":8", "\"seat\":\"A12\"");
    }

    @Test
    void aMissingOrBlankStoredObjectIsEmpty() {
        assertThat(StoredJsonObject.of(null)).isEmpty();
        assertThat(StoredJsonObject.of(" ")).isEmpty();
    }

    @Test
    void aStoredObjectCannotBeChanged() {
        Map<String, Object> stored = StoredJsonObject.of("{\"a\":1}");
        assertThatThrownBy(() -> stored.put("b", 2)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> stored.entrySet().clear()).isInstanceOf(UnsupportedOperationException.class);
    }
}
