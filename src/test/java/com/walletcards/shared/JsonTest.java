package com.walletcards.shared;

import static org.assertj.core.api.Assertions.assertThat;

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
}
