package com.walletcards.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A mapping is skipped only when its pattern's literal beginning cannot begin the path. */
class RoutesByPrefixTest {

    @Test
    void aPatternWithAVariableKeepsTheSegmentsBeforeIt() {
        assertThat(RoutesByPrefix.Mapping.literalPrefix("/v1/campaigns/{id}")).isEqualTo("/v1/campaigns");
        assertThat(RoutesByPrefix.Mapping.literalPrefix("/v1/campaigns/{id}/recipients"))
                .isEqualTo("/v1/campaigns");
    }

    @Test
    void aPatternWithoutVariablesIsItsOwnPrefix() {
        assertThat(RoutesByPrefix.Mapping.literalPrefix("/bench/hello")).isEqualTo("/bench/hello");
    }

    @Test
    void aWildcardThatMatchesNoSegmentLeavesTheParentPathMatchable() {
        assertThat(RoutesByPrefix.Mapping.literalPrefix("/images/**")).isEqualTo("/images");
        assertThat(RoutesByPrefix.Mapping.literalPrefix("/files/{*path}")).isEqualTo("/files");
    }

    @Test
    void aVariableInTheFirstSegmentOrInsideASegmentSkipsNothingItCouldMatch() {
        assertThat(RoutesByPrefix.Mapping.literalPrefix("/{code}")).isEmpty();
        assertThat(RoutesByPrefix.Mapping.literalPrefix("/c/{code}.pkpass")).isEqualTo("/c");
        assertThat(RoutesByPrefix.Mapping.literalPrefix("/c/pass-{code}")).isEqualTo("/c");
    }
}
