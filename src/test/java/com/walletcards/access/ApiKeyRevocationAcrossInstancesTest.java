package com.walletcards.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.support.Api;
import com.walletcards.support.Instance;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.TestDatabase;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two instances on one database, each answering keys from its own memory: a key revoked through
 * one stops working on the other within a second (contract §2). The H2 run shares one in-memory
 * database between two instances in this JVM (see BootstrapRaceTest).
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class ApiKeyRevocationAcrossInstancesTest {

    private static final String ADMIN = "revocation-admin-token";

    @Test
    void aKeyRevokedOnOneInstanceStopsWorkingOnTheOtherWithinASecond() {
        String url = TestDatabase.freshDatabase();
        String run = UUID.randomUUID().toString().substring(0, 8);
        Map<String, Object> settings = Map.of("wallet.access.admin-token", ADMIN);
        try (Instance first = Instance.start("revocation-a-" + run, url, settings);
                Instance second = Instance.start("revocation-b-" + run, url, settings)) {
            Api admin = new Api(first.port(), ADMIN);
            String orgId = admin.post("/admin/v1/organizations", Map.of("name", "Two nodes"))
                    .data()
                    .get("id")
                    .asString();
            var created = admin.post("/admin/v1/organizations/" + orgId + "/api-keys", Map.of())
                    .data();
            String key = created.get("key").asString();
            Api onFirst = new Api(first.port(), key);
            Api onSecond = new Api(second.port(), key);
            // Both verify the key once and then answer it from memory.
            for (int i = 0; i < 3; i++) {
                assertThat(onFirst.get("/v1/campaigns").status()).isEqualTo(200);
                assertThat(onSecond.get("/v1/campaigns").status()).isEqualTo(200);
            }

            long revoked = System.nanoTime();
            assertThat(admin.delete("/admin/v1/organizations/" + orgId + "/api-keys/"
                                    + created.get("id").asString())
                            .status())
                    .isEqualTo(200);
            assertThat(onFirst.get("/v1/campaigns").status()).isEqualTo(401);
            await().atMost(Duration.ofSeconds(1))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> onSecond.get("/v1/campaigns").status() == 401);
            System.out.printf(
                    "revoked key refused by the other instance after %d ms%n",
                    Duration.ofNanos(System.nanoTime() - revoked).toMillis());
        }
    }
}
