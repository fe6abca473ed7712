package com.walletcards.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.shared.OrganizationId;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

@DatabaseTest
class VerifiedKeysTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    VerifiedKeys verified;

    @Test
    void aVerifiedKeyIsAnsweredFromMemoryUntilTheKeyRevisionMoves() {
        String orgId = admin().post("/admin/v1/organizations", Map.of("name", "Cached"))
                .data()
                .get("id")
                .asString();
        String key = admin().post("/admin/v1/organizations/" + orgId + "/api-keys", Map.of())
                .data()
                .get("key")
                .asString();
        Api withKey = new Api(port, key);
        assertThat(withKey.get("/v1/campaigns").status()).isEqualTo(200);

        // The stored hash changes behind the service's back, without the revision moving: only a
        // key answered from memory still works.
        jdbc.update("UPDATE api_keys SET key_hash = 'gone' WHERE key_hash = ?", KeyHashing.hash(key));
        assertThat(withKey.get("/v1/campaigns").status()).isEqualTo(200);

        jdbc.update("UPDATE api_key_revision SET revision = revision + 1 WHERE id = 1");
        await().atMost(Duration.ofSeconds(1))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> withKey.get("/v1/campaigns").status() == 401);
    }

    @Test
    void whenTheRevisionCannotBeCheckedEveryRequestLooksItsKeyUpAgain() {
        AtomicInteger lookups = new AtomicInteger();
        ApiPrincipal principal = new ApiPrincipal("key_x", new OrganizationId("org_x"), Set.of());
        var lookup = (Function<String, Optional<ApiPrincipal>>) hash -> {
            lookups.incrementAndGet();
            return Optional.of(principal);
        };
        assertThat(verified.authenticate("hash-a", lookup)).contains(principal);
        int before = lookups.get();
        assertThat(verified.authenticate("hash-a", lookup)).contains(principal);
        assertThat(lookups.get()).as("answered from memory").isEqualTo(before);

        verified.stop(); // no more checks: the cache is not trusted any more
        try {
            assertThat(verified.authenticate("hash-a", lookup)).contains(principal);
            assertThat(verified.authenticate("hash-a", lookup)).contains(principal);
            assertThat(lookups.get()).isEqualTo(before + 2);
        } finally {
            verified.start();
        }
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            int now = lookups.get();
            verified.authenticate("hash-a", lookup);
            verified.authenticate("hash-a", lookup);
            assertThat(lookups.get()).as("answered from memory again").isEqualTo(now);
        });
    }

    private Api admin() {
        return new Api(port, "test-admin-token");
    }
}
