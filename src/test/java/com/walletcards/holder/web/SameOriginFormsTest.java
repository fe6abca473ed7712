package com.walletcards.holder.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class SameOriginFormsTest {

    private static final String BASE = "https://cards.example.org";

    @Test
    void aPostFromTheServicesOwnPageIsAllowed() {
        assertThat(allows(Map.of("Sec-Fetch-Site", "same-origin"))).isTrue();
        assertThat(allows(Map.of("Origin", "https://cards.example.org"))).isTrue();
        assertThat(allows(Map.of("Origin", "https://CARDS.example.org"))).isTrue();
    }

    @Test
    void aPostFromAnyOtherSiteIsRefusedWhateverElseItClaims() {
        assertThat(allows(Map.of("Sec-Fetch-Site", "cross-site"))).isFalse();
        assertThat(allows(Map.of("Sec-Fetch-Site", "same-site", "Origin", "https://cards.example.org")))
                .isFalse();
        assertThat(allows(Map.of("Origin", "https://evil.example"))).isFalse();
        assertThat(allows(Map.of("Origin", "https://cards.example.org.evil.example")))
                .isFalse();
        assertThat(allows(Map.of("Origin", "null"))).isFalse();
    }

    @Test
    void theOriginTheRequestWasAddressedToCountsAsTheServicesOwn() {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/c/code/alpha");
        request.addHeader("Host", "127.0.0.1:18080");
        request.addHeader("Origin", "http://127.0.0.1:18080");
        assertThat(SameOriginForms.allows(request, BASE)).isTrue();
    }

    @Test
    void aClientThatIsNoBrowserSaysNothingAndIsLetThrough() {
        assertThat(allows(Map.of())).isTrue();
    }

    @Test
    void thePublicOriginIsWrittenAsBrowsersWriteIt() {
        assertThat(SameOriginForms.originOf("https://Cards.Example.org/")).isEqualTo("https://cards.example.org");
        assertThat(SameOriginForms.originOf("http://localhost:8080/base")).isEqualTo("http://localhost:8080");
        assertThat(SameOriginForms.originOf("not a url")).isNull();
    }

    private static boolean allows(Map<String, String> headers) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/c/code/alpha");
        request.addHeader("Host", "internal:8080");
        headers.forEach(request::addHeader);
        return SameOriginForms.allows(request, BASE);
    }
}
