package com.walletcards.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.RawHttp;
import com.walletcards.support.Tenants;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The body limit holds whether the client announces the length or streams the body in chunks;
 * requests without a body pass (they are not wrapped at all).
 */
@DatabaseTest
class BodyLimitTest {

    private static final int LIMIT = 2_097_152;

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Test
    void aChunkedBodyAboveTheLimitIsRefusedWith413WhileItIsRead() {
        String key = Tenants.create(access).key();
        String json = "{\"name\":\"" + "x".repeat(LIMIT + 1000) + "\",\"campaignType\":\"event\",\"campaignData\":{}}";

        RawHttp.Response response = new RawHttp(port).exchange(chunked("POST /v1/campaigns", key, json));

        assertThat(response.status()).as(response.text()).isEqualTo(413);
        assertThat(response.json().get("error").get("code").asString()).isEqualTo("PAYLOAD_TOO_LARGE");
    }

    @Test
    void aChunkedBodyBelowTheLimitIsReadWholeAndReachesValidation() {
        String key = Tenants.create(access).key();
        // 150,000 characters over three chunks: far below the body limit, far above the name's 200
        String json = "{\"name\":\"" + "y".repeat(150_000)
                + "\",\"campaignType\":\"event\",\"campaignData\":{\"location\":\"Hall A\"}}";

        RawHttp.Response response = new RawHttp(port).exchange(chunked("POST /v1/campaigns", key, json));

        assertThat(response.status()).as(response.text()).isEqualTo(400);
        assertThat(response.json().get("error").get("code").asString()).isEqualTo("VALIDATION_FAILED");
        assertThat(response.json()
                        .get("error")
                        .get("details")
                        .get(0)
                        .get("field")
                        .asString())
                .isEqualTo("name");
    }

    @Test
    void aChunkedBodyIsCreatedLikeAnyOther() {
        String key = Tenants.create(access).key();
        String json = "{\"name\":\"Chunked\",\"campaignType\":\"event\",\"campaignData\":{\"location\":\"Hall A\"}}";

        RawHttp.Response response = new RawHttp(port).exchange(chunked("POST /v1/campaigns", key, json));

        assertThat(response.status()).as(response.text()).isEqualTo(201);
        assertThat(response.json().get("data").get("name").asString()).isEqualTo("Chunked");
    }

    @Test
    void aRequestWithoutABodyIsServed() {
        String key = Tenants.create(access).key();

        RawHttp.Response response =
                new RawHttp(port).send("GET /v1/campaigns HTTP/1.1", Map.of("Authorization", "Bearer " + key), null);

        assertThat(response.status()).as(response.text()).isEqualTo(200);
    }

    /** The body in chunks of 64 KB, without Content-Length. */
    private byte[] chunked(String requestLine, String key, String body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes((requestLine + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n"
                        + "Authorization: Bearer " + key + "\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        for (int at = 0; at < bytes.length; at += 65_536) {
            int length = Math.min(65_536, bytes.length - at);
            out.writeBytes((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes, at, length);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }
}
