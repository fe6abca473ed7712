package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.CsvImports;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import com.walletcards.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A file far above the general body limit is streamed in and every row added; the import limit
 * of this test (8 MB) is lowered from the default 200 MB so that exceeding it stays cheap.
 */
@DatabaseTest
@TestPropertySource(properties = "wallet.imports.max-bytes=8000000")
class CsvImportVolumeTest {

    /**
     * 100,000 rows on both databases. On PostgreSQL this once took more than 10 minutes, when the
     * import's batch lookups were planned as scans of a table still being filled; they now pass
     * their keys as one array, answered from the index (bench/README.md, "Known costs").
     */
    private static final int ROWS = 100_000;

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    CsvImports csv;
    Flows flows;

    @BeforeEach
    void tenant() {
        Tenants.Tenant tenant = Tenants.create(access);
        csv = new CsvImports(port, tenant.key());
        flows = new Flows(new Api(port, tenant.key()));
    }

    @Test
    void aLargeFileIsStreamedAndEveryRowAdded() {
        String campaign = flows.campaign();
        byte[] file = CsvImports.generated("v" + campaign.substring(campaign.length() - 6) + "-", ROWS);
        assertThat(file.length).as("above the general 2 MB limit").isGreaterThan(2 * 1024 * 1024);
        long start = System.nanoTime();
        Api.Response accepted = csv.upload(campaign, "?sendEmail=false", file);
        long acceptedMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(202);
        assertThat(accepted.data().get("rowsTotal").asLong()).isEqualTo(ROWS);
        JsonNode done = csv.finished(campaign, accepted.data().get("id").asString(), Duration.ofMinutes(12));
        long totalMs = (System.nanoTime() - start) / 1_000_000;
        System.out.printf(
                "CSV import of %,d rows (%,d bytes) on %s: accepted (202) after %,d ms, all rows added after %,d ms%n",
                ROWS, file.length, TestDatabase.postgres() ? "PostgreSQL" : "H2", acceptedMs, totalMs);
        assertThat(done.get("status").asString()).isEqualTo("completed");
        assertThat(done.get("rowsDone").asLong()).isEqualTo(ROWS);
        assertThat(done.get("created").asLong()).isEqualTo(ROWS);
        assertThat(done.get("failed").asLong()).isZero();
        assertThat(jdbc.sql("SELECT COUNT(*) FROM recipients WHERE campaign_id = ?")
                        .param(campaign)
                        .query(Long.class)
                        .single())
                .isEqualTo(ROWS);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM recipient_import_rows WHERE import_id = ?")
                        .param(done.get("id").asString())
                        .query(Long.class)
                        .single())
                .as("staged rows are gone")
                .isZero();
    }

    @Test
    void aFileAboveTheImportLimitIs413AndLeavesNothingBehind() {
        String campaign = flows.campaign();
        StringBuilder big = new StringBuilder("email,note\n");
        String filler = "x".repeat(200);
        for (int i = 0; big.length() <= 8_000_000; i++) {
            big.append("big").append(i).append("@example.com,").append(filler).append('\n');
        }
        Api.Response r = csv.upload(campaign, "", big.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(r.status()).as(r.body()).isEqualTo(413);
        assertThat(r.errorCode()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM recipient_imports WHERE campaign_id = ?")
                        .param(campaign)
                        .query(Long.class)
                        .single())
                .isZero();
    }
}
