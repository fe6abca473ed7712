package com.walletcards.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/** One address that floods a public path is slowed down with 429; other paths and the API are not. */
@DatabaseTest
@TestPropertySource(
        properties = {
            // A trickle, so that a short loop meets each limit; the service's own are far higher.
            "wallet.rate-limits.holder.per-second=1",
            "wallet.rate-limits.holder.burst=5",
            "wallet.rate-limits.openid4vci.per-second=1",
            "wallet.rate-limits.openid4vci.burst=5",
            "wallet.rate-limits.callbacks.per-second=1",
            "wallet.rate-limits.callbacks.burst=5",
            "wallet.rate-limits.apple.per-second=1",
            "wallet.rate-limits.apple.burst=5"
        })
@DirtiesContext
class PublicRateLimitsTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Test
    void randomCardCodesFromOneAddressMeet429WithRetryAfterInTheEnvelope() {
        Api anonymous = new Api(port, null);
        List<Integer> statuses = new ArrayList<>();
        Api.Response last = null;
        for (int i = 0; i < 8; i++) {
            last = anonymous.page("/c/random-code-" + i);
            statuses.add(last.status());
        }

        assertThat(statuses.subList(0, 5)).containsOnly(404);
        assertThat(statuses.subList(5, 8)).contains(429);
        assertThat(last.status()).isEqualTo(429);
        assertThat(last.errorCode()).isEqualTo("RATE_LIMITED");
        assertThat(Integer.parseInt(last.header("Retry-After"))).isBetween(1, 2);
        assertThat(last.header("X-Request-Id"))
                .isEqualTo(last.json().get("error").get("requestId").asString());
    }

    @Test
    void eachGroupOfPublicPathsHasItsOwnLimitAndTheApiKeepsItsPerKeyLimit() {
        Api anonymous = new Api(port, null);
        for (String path : List.of(
                "/wallet/eudiw/offers/unknown", "/wallet/alpha/v1/passes/pass.x/serial", "/v1/callbacks/beta")) {
            List<Integer> statuses = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                statuses.add(
                        path.startsWith("/v1/callbacks")
                                ? anonymous
                                        .raw("POST", path, "{}", "application/json")
                                        .status()
                                : anonymous.get(path).status());
            }
            assertThat(statuses).as(path).contains(429);
            assertThat(statuses.subList(0, 5)).as(path).doesNotContain(429);
        }

        Api api = new Api(port, Tenants.create(access).key());
        for (int i = 0; i < 20; i++) {
            assertThat(api.get("/v1/campaigns").status()).isEqualTo(200);
        }
        assertThat(anonymous.get("/actuator/health").status()).isEqualTo(200);
    }
}
