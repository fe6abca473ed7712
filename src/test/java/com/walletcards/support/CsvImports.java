package com.walletcards.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/** Uploads CSV files to the import endpoint and waits for imports to end. */
public final class CsvImports {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final int port;
    private final String key;
    private final Api api;

    public CsvImports(int port, String key) {
        this.port = port;
        this.key = key;
        this.api = new Api(port, key);
    }

    public static String imports(String campaignId) {
        return "/v1/campaigns/" + campaignId + "/recipients/imports";
    }

    /** POSTs the bytes as {@code text/csv}; {@code query} is appended as is ("" or "?upsert=externalId"). */
    public Api.Response upload(String campaignId, String query, byte[] body) {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + imports(campaignId) + query))
                .timeout(Duration.ofMinutes(5))
                .header("Accept", "application/json")
                .header("Content-Type", "text/csv")
                .header("Authorization", "Bearer " + key)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return new Api.Response(response.statusCode(), response.headers().map(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException("upload failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Api.Response upload(String campaignId, String query, String csv) {
        return upload(campaignId, query, csv.getBytes(StandardCharsets.UTF_8));
    }

    /** Uploads a file that must be accepted and returns the import id. */
    public String accepted(String campaignId, String query, String csv) {
        Api.Response r = upload(campaignId, query, csv);
        assertThat(r.status()).as(r.body()).isEqualTo(202);
        return r.data().get("id").asString();
    }

    public JsonNode get(String campaignId, String importId) {
        Api.Response r = api.get(imports(campaignId) + "/" + importId);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.data();
    }

    /** Waits until the import has ended and returns it. */
    public JsonNode finished(String campaignId, String importId, Duration atMost) {
        JsonNode[] found = new JsonNode[1];
        long[] reported = {System.nanoTime()};
        await().atMost(atMost).pollInterval(Duration.ofMillis(100)).until(() -> {
            found[0] = get(campaignId, importId);
            if (System.nanoTime() - reported[0] > 10_000_000_000L) {
                reported[0] = System.nanoTime();
                System.out.printf("import %s: %s%n", importId, found[0]);
            }
            String status = found[0].get("status").asString();
            return status.equals("completed") || status.equals("failed");
        });
        return found[0];
    }

    /** {@code rows} data rows {@code prefix<i>@example.com,Person <i>,ext-<i>,<seat>} under a header. */
    public static byte[] generated(String prefix, int rows) {
        StringBuilder csv = new StringBuilder(rows * 60).append("email,name,externalId,seat\n");
        for (int i = 0; i < rows; i++) {
            csv.append(prefix)
                    .append(i)
                    .append("@example.com,Person ")
                    .append(i)
                    .append(",ext-")
                    .append(i)
                    .append(",S")
                    .append(i % 500)
                    .append('\n');
        }
        return csv.toString().getBytes(StandardCharsets.UTF_8);
    }
}
