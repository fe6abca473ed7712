package com.walletcards.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

@DatabaseTest
@TestPropertySource(properties = "wallet.access.rate-limit-per-second=3")
class RateLimitTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Test
    void requestsOverTheKeysRateAreRefusedWithRetryAfter() {
        Api api = new Api(port, Tenants.create(access).key());
        List<Api.Response> responses = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            responses.add(api.get("/v1/campaigns"));
        }
        Api.Response limited =
                responses.stream().filter(r -> r.status() == 429).findFirst().orElseThrow();
        assertThat(limited.errorCode()).isEqualTo("RATE_LIMITED");
        assertThat(Integer.parseInt(limited.header("Retry-After"))).isPositive();
        Api other = new Api(port, Tenants.create(access).key());
        assertThat(other.get("/v1/campaigns").status()).as("limits are per key").isEqualTo(200);
    }
}
