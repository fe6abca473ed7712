package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StatusIndicesTest {

    private final StatusIndices indices = new StatusIndices("a secret".getBytes(StandardCharsets.UTF_8));

    @ParameterizedTest
    @ValueSource(ints = {1, 8, 24, 1000, 131_072})
    void everyPlaceOfAListGetsADifferentIndexInsideTheList(int size) {
        BitSet seen = new BitSet(size);
        // In several reservations, as instances take them, so the split does not change the mapping.
        List<Integer> all = new ArrayList<>();
        for (int first = 0; first < size; first += 7) {
            all.addAll(indices.of(3, size, first, Math.min(7, size - first)));
        }
        for (int idx : all) {
            assertThat(idx).isBetween(0, size - 1);
            assertThat(seen.get(idx)).as("index %d given twice", idx).isFalse();
            seen.set(idx);
        }
        assertThat(seen.cardinality()).isEqualTo(size);
    }

    @Test
    void indicesFollowNeitherTheOrderOfIssuanceNorEachOther() {
        List<Integer> first = indices.of(1, 131_072, 0, 1000);
        assertThat(first).isNotEqualTo(first.stream().sorted().toList());
        long neighbours = 0;
        for (int i = 1; i < first.size(); i++) {
            if (Math.abs(first.get(i) - first.get(i - 1)) < 64) {
                neighbours++;
            }
        }
        // At random, two indices land within 64 of each other about once in a thousand.
        assertThat(neighbours).isLessThan(10);
        assertThat(first.stream().mapToInt(Integer::intValue).max().orElseThrow()
                        - first.stream().mapToInt(Integer::intValue).min().orElseThrow())
                .isGreaterThan(100_000);
    }

    @Test
    void theSameKeyAndListGiveTheSameIndicesOnEveryInstance() {
        StatusIndices other = new StatusIndices("a secret".getBytes(StandardCharsets.UTF_8));
        assertThat(other.of(5, 131_072, 40, 10)).isEqualTo(indices.of(5, 131_072, 40, 10));
    }

    @Test
    void anotherListOrAnotherKeyGivesOtherIndices() {
        StatusIndices otherKey = new StatusIndices("another secret".getBytes(StandardCharsets.UTF_8));
        assertThat(indices.of(6, 131_072, 0, 10)).isNotEqualTo(indices.of(5, 131_072, 0, 10));
        assertThat(otherKey.of(5, 131_072, 0, 10)).isNotEqualTo(indices.of(5, 131_072, 0, 10));
    }

    @Test
    void placesBeyondTheListAreRefused() {
        assertThatThrownBy(() -> indices.of(1, 8, 5, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> indices.of(1, 8, -1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
