package com.walletcards.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RunIdTest {

    @Test
    void aRunsInstanceIdIsItsKeyAndRunJoinedByASlash() {
        assertThat(new RunId("cmp_1", "run_2").instance()).isEqualTo("cmp_1/run_2");
    }

    @Test
    void instanceIdsStoredBeforeRunIdsExistedParseIntoTheirKeyAndRun() {
        RunId run = RunId.parse("cmp_019a3b4c5d6e7f8091a2b3c4d5e6f708/run_019a3b4c5d6e7f8091a2b3c4d5e6f709");

        assertThat(run.key()).isEqualTo("cmp_019a3b4c5d6e7f8091a2b3c4d5e6f708");
        assertThat(run.run()).isEqualTo("run_019a3b4c5d6e7f8091a2b3c4d5e6f709");
    }

    @Test
    void aFreshRunOfAKeyParsesBackFromItsInstanceId() {
        RunId run = RunId.fresh("card_1");

        assertThat(run.run()).startsWith("run_");
        assertThat(RunId.parse(run.instance())).isEqualTo(run);
        assertThat(RunId.fresh("card_1")).isNotEqualTo(run);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cmp_1", "cmp_1/", "/run_2", "/", "", "cmp_1/run_2/3"})
    void instanceIdsOfAnyOtherShapeAreRejected(String instance) {
        assertThatThrownBy(() -> RunId.parse(instance))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("instance id");
    }

    @Test
    void aKeyOrRunWithASlashCouldNotBeParsedBackAndIsRejected() {
        assertThatThrownBy(() -> new RunId("a/b", "run_1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RunId("cmp_1", "")).isInstanceOf(IllegalArgumentException.class);
    }
}
