package com.walletcards.shared;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdsTest {

    @Test
    void idsCreatedInSequenceSortInCreationOrder() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(Ids.newId("x"));
        }
        assertThat(ids).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void idsCarryTheirPrefixAndAVersionSevenUuid() {
        String id = Ids.newId("cmp");
        assertThat(id).matches("cmp_[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}");
    }
}
